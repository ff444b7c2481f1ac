/*
 * check_host.c - hexref_check.h's engine callback for JavaScript. A wasm
 * module cannot be handed a JavaScript function as a C function pointer, so
 * the package passes hx_check_verify/hx_check_identify this one trampoline
 * (its table index, from hx_js_check_engine) and a number naming the run;
 * the trampoline calls the import hexref.engine, which js/src/check.cjs
 * provides at instantiation and which calls the user's function and answers
 * through hx_check_reply_text or hx_check_reply_failure.
 */
#include <stdint.h>

#include "hexref_check.h"

__attribute__((import_module("hexref"), import_name("engine"))) void
hx_js_engine(uintptr_t run, const char *fen, const char *moves, int depth, hx_check_reply *r);

static int trampoline(void *ctx, const char *fen, const char *moves, int depth,
                      hx_check_reply *r)
{
    hx_js_engine((uintptr_t)ctx, fen, moves, depth, r);
    return 0;
}

/* The trampoline as the value JavaScript passes for hx_check_engine_fn. */
hx_check_engine_fn hx_js_check_engine(void)
{
    return trampoline;
}
