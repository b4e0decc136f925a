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

# pg_unity_build(target batch): the target's files compiled `batch` to a translation unit. Files
# that include the same heavy headers (Asio and Beast, CLI11, nlohmann/json, gtest) otherwise
# each compile those headers' inline functions again: CLI11's App alone is about 7 s of code
# generation per file under the sanitizers. The hot code (rules, referee, search) stays one file
# to a unit, as it is profiled and tuned. A file's helpers in an unnamed namespace must therefore
# not clash with another's of the same target.
function(pg_unity_build target batch)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch})
endfunction()
