/*
 * movegen.h - what the generator (movegen.c) offers the kernel's other
 * files beyond hexref.h's hx_legal_moves.
 */
#ifndef HEXREF_MOVEGEN_H
#define HEXREF_MOVEGEN_H

#include "position.h"

/* The number of legal moves, without listing them (movegen.c). */
int hx_count_legal(hx_position *pos);

#endif
