/*
 * oracle_external.c - hexref's independent oracle (oracle/) dressed as an
 * "external" generator for fuzz/external_diff_template.c: the one function
 * of docs/c-abi.md, ext_text_moves, with the shape of hx_text_moves.
 *
 * Replace the body with a call into your own generator; everything else in
 * the fuzz target stays as it is.
 */
#include <stdio.h>

#include "hexref.h"
#include "oracle.h"

int ext_text_moves(const char *variant, const char *profile, const char *fen, char *out,
                   size_t cap, hx_error *err)
{
    if (oracle_moves(variant, profile, fen, out, cap, err->message, sizeof err->message) != 0)
        return -1;
    return 0;
}
