# The walls between modules. A module's headers are reachable only as "<module>/x.h" through an
# include root of its own, build/include/<module>/, which holds one link, <module> -> src/<module>.
# A target therefore sees the headers of the modules it links (directly or through them) and no
# others: rules < referee < protocol, ai, store < server < cli, and gtp (the GTP line parser) on
# its own below ai and cli; rating (Glicko-2) and passkey (the WebAuthn checks) stand alone, the
# store linking rating privately for a rated end's update. tests/CMakeLists.txt proves that a wrong include fails to compile.
function(pg_module_includes target module)
  set(root ${CMAKE_BINARY_DIR}/include/${module})
  file(MAKE_DIRECTORY ${root})
  if(NOT EXISTS ${root}/${module})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/src/${module} ${root}/${module} SYMBOLIC)
  endif()
  target_include_directories(${target} PUBLIC ${root})
endfunction()
