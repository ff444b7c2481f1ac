# The fuzz targets of hexref verify, included by fuzz/CMakeLists.txt (same
# scope: its engine settings fuzz_compile, fuzz_link, engine_link, trace_cmp
# and the instrumented library copies apply).
#   engine_output_parse   the reader of engine output (harness/protocol.c)
#   external_diff_oracle  fuzz/external_diff_template.c with the oracle as
#                         the "external" generator (docs/c-abi.md)
add_executable(engine_output_parse ${CMAKE_CURRENT_SOURCE_DIR}/engine_output_parse.c)
target_link_libraries(engine_output_parse PRIVATE hexref_harness_fz)
target_compile_options(engine_output_parse PRIVATE ${fuzz_compile} ${trace_cmp})
add_executable(external_diff_oracle ${CMAKE_CURRENT_SOURCE_DIR}/external_diff_template.c
               ${PROJECT_SOURCE_DIR}/examples/c-abi/oracle_external.c)
target_link_libraries(external_diff_oracle PRIVATE hexref_rules_fz hexref_oracle_fz)
target_compile_options(external_diff_oracle PRIVATE ${fuzz_compile} ${no_trace_cmp})
foreach(t engine_output_parse external_diff_oracle)
  if(HEXREF_FUZZ_ENGINE STREQUAL "replay")
    target_sources(${t} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/replay_main.c)
  endif()
  target_include_directories(${t} PRIVATE ${PROJECT_SOURCE_DIR}/harness)
  target_link_options(${t} PRIVATE ${fuzz_link} ${engine_link})
endforeach()
