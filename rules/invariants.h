/*
 * invariants.h - the position's consistency check (invariants.c), which
 * debug builds run after every make and unmake.
 */
#ifndef HEXREF_INVARIANTS_H
#define HEXREF_INVARIANTS_H

#include "position.h"

/* Invariant checker: returns NULL if consistent, else what is wrong. */
const char *position_is_ok(const hx_position *pos);

#endif
