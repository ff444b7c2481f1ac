/*
 * memory.c - the allocation calls hexref.wasm exports beside hexref.h's
 * functions: the JavaScript side (js/src/core.cjs) allocates the strings,
 * positions' buffers and hx_error structs it passes to them.
 */
#include <stdlib.h>

void *hx_js_alloc(size_t bytes) { return malloc(bytes); }
void hx_js_free(void *p) { free(p); }
