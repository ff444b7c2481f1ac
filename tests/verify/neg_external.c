/*
 * neg_external.c - a wrong "external" generator for the C ABI test: the
 * reference under McCooey's neg-centre-double control (the f4/f8 pawns may
 * double-step). fuzz/external_diff_template.c must catch it.
 */
#include "hexref.h"

int ext_text_moves(const char *variant, const char *profile, const char *fen, char *out,
                   size_t cap, hx_error *err)
{
    (void)profile;
    return hx_text_moves(variant, "neg-centre-double", fen, out, cap, err);
}
