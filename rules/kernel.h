/*
 * kernel.h - the generator compiled several times for one binary.
 *
 * The hot code (move generation, make/unmake, perft; the kernel's sources
 * are listed in rules/CMakeLists.txt) is compiled once with the library's
 * own flags (kernel "plain": "x86-64" in a portable x86 build) and, in the
 * default x86-64 build, again for newer CPUs: "popcnt" (-mpopcnt) and "bmi2"
 * (-mpopcnt -mbmi -mbmi2 -mlzcnt: the slider line lookup by PEXT/PDEP).
 * Each copy's functions carry its suffix (kernel_names.h) and it exports one
 * table, below. kernel.c picks one table at start-up from what the CPU has,
 * and the public functions (hx_make, hx_perft, ...) call through it; inside
 * a kernel the calls are direct.
 */
#ifndef HEXREF_KERNEL_H
#define HEXREF_KERNEL_H

#include "position.h"

typedef struct hx_kernel {
    const char *name;
    const char *slider_method;
    unsigned needs;       /* KERNEL_NEEDS_* bits the CPU must have */
    int uses_pext;        /* the line lookup: PEXT/PDEP, slow on AMD before Zen 3 */
    int (*make)(hx_position *pos, hx_move m);
    void (*unmake)(hx_position *pos);
    int (*legal_moves)(hx_position *pos, hx_move *list);
    int (*count_legal)(hx_position *pos);
    uint64_t (*perft)(hx_position *pos, int depth);
    int (*perft_max_depth)(const hx_position *pos);
    int (*perft_deep_jobs)(const hx_position *pos, int depth);
    uint64_t (*perft_deep_run)(const hx_position *pos, int depth, const hx_perft_options *o,
                               hx_perft_table_stats *stats);
    /* the kernel's own slider attack along one line, for the tests */
    hx_bb (*slider_line)(const hx_geometry *g, int axis, int cell, hx_bb occupied);
} hx_kernel;

enum { KERNEL_NEEDS_POPCNT = 1, KERNEL_NEEDS_BMI = 2, KERNEL_NEEDS_BMI2 = 4, KERNEL_NEEDS_LZCNT = 8 };

/* The kernels of this build, plain first, then in order of preference;
 * kernel_at(i) for 0 <= i < kernel_count(). */
int kernel_count(void);
const hx_kernel *kernel_at(int i);
/* Whether this CPU can run kernel k. */
int kernel_runs_here(const hx_kernel *k);
/* Why the kernel HEXREF_KERNEL names cannot be used ("HEXREF_KERNEL: ...");
 * "" if it is unset, was used, or hx_kernel_choose has chosen one since.
 * hx_rules_find fails with it (variants.c). */
const char *kernel_forced_error(void);

#endif
