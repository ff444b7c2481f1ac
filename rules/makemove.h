/*
 * makemove.h - the kernel-internal part of make (makemove.c), shared by
 * the generator and the perft code of the same kernel (kernel_names.h
 * gives each kernel's copy its own name).
 */
#ifndef HEXREF_MAKEMOVE_H
#define HEXREF_MAKEMOVE_H

#include "position.h"

/* hx_make without the room check, for the generator and perft, which check
 * the room once before they start (makemove.c). */
void position_make(hx_position *pos, hx_move m);

/* Sets pos->ep, empty before, to the cells a multi-step of us from `from`
 * to `to` crossed, in order; the key is left alone (makemove.c). */
void position_record_multi_step(hx_position *pos, int us, int from, int to);

#endif
