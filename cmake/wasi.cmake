# CMake toolchain file: clang's wasm32-wasi target with Debian's wasi-libc
# (apt wasi-libc, libclang-rt-14-dev-wasm32) and lld's wasm-ld. Used by
# ci/js-package for hexref.wasm (js/CMakeLists.txt, docs/js.md).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_SYSROOT /usr)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
