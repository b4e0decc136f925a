# Run at every build (target pg_commit_stamp): writes OUT from cmake/version_commit.cpp.in with
# the commit of SOURCE_DIR. configure_file leaves OUT untouched when the commit is the same, so
# an unchanged commit rebuilds nothing.
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE PG_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 0 OR NOT PG_GIT_COMMIT)
  set(PG_GIT_COMMIT "unknown")
endif()
configure_file(${SOURCE_DIR}/cmake/version_commit.cpp.in ${OUT} @ONLY)
