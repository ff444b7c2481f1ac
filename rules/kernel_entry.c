/*
 * kernel_entry.c - the table by which kernel.c reaches one kernel (one
 * compilation of the hot code, kernel.h). Compiled with each kernel.
 */
#include "kernel_names.h"

#include "attacks.h"
#include "kernel.h"
#include "movegen.h"

/* The name says what the compiler was allowed to use (the plain kernel can
 * be named by the build, e.g. "native"). */
#if defined(HX_KERNEL_NAME)
#define KERNEL_NAME HX_KERNEL_NAME
#elif defined(__x86_64__) && defined(__BMI2__)
#define KERNEL_NAME "bmi2"
#elif defined(__x86_64__) && defined(__POPCNT__)
#define KERNEL_NAME "popcnt"
#elif defined(__x86_64__)
#define KERNEL_NAME "x86-64"
#else
#define KERNEL_NAME "portable"
#endif

#if defined(__POPCNT__)
#define NEEDS_POPCNT KERNEL_NEEDS_POPCNT
#else
#define NEEDS_POPCNT 0
#endif
#if defined(__BMI__)
#define NEEDS_BMI KERNEL_NEEDS_BMI
#else
#define NEEDS_BMI 0
#endif
#if defined(__BMI2__)
#define NEEDS_BMI2 KERNEL_NEEDS_BMI2
#define SLIDER_METHOD "line lookup (PEXT/PDEP)"
#else
#define NEEDS_BMI2 0
#define SLIDER_METHOD "ray scan"
#endif
#if defined(__LZCNT__)
#define NEEDS_LZCNT KERNEL_NEEDS_LZCNT
#else
#define NEEDS_LZCNT 0
#endif

static hx_bb kernel_line_attack(const hx_geometry *g, int axis, int cell, hx_bb occupied)
{
    return line_attack(g, axis, cell, occupied);
}

const hx_kernel HX_KERNEL_SYMBOL(hx_kernel) = {
    .name = KERNEL_NAME,
    .slider_method = SLIDER_METHOD,
    .needs = NEEDS_POPCNT | NEEDS_BMI | NEEDS_BMI2 | NEEDS_LZCNT,
    .uses_pext = NEEDS_BMI2 != 0,
    .make = hx_make,
    .unmake = hx_unmake,
    .legal_moves = hx_legal_moves,
    .count_legal = hx_count_legal,
    .perft = hx_perft,
    .perft_max_depth = hx_perft_max_depth,
    .perft_deep_jobs = hx_perft_deep_jobs,
    .perft_deep_run = hx_perft_deep_run,
    .slider_line = kernel_line_attack,
};
