/*
 * kernel_choice.h - how kernel.c chooses the kernel (kernel.h) for a CPU,
 * as functions of what the CPU reports, so that the tests can state the
 * rules with any CPU's registers, not only those of the machine they run
 * on. Internal: the library's public side is hx_kernel_* in hexref.h.
 */
#ifndef HEXREF_KERNEL_CHOICE_H
#define HEXREF_KERNEL_CHOICE_H

#include "kernel.h"

/* One CPUID leaf's registers, as the CPU gave them. */
typedef struct cpuid_regs {
    unsigned eax, ebx, ecx, edx;
} cpuid_regs;

/* The CPUID leaves the choice reads. A leaf the CPU does not have is all
 * zero. */
typedef struct cpuid_leaves {
    cpuid_regs leaf0;        /* the vendor id, in EBX, EDX, ECX */
    cpuid_regs leaf1;        /* the family in EAX; POPCNT in ECX */
    cpuid_regs leaf7;        /* subleaf 0: BMI and BMI2 in EBX */
    cpuid_regs leaf80000001; /* LZCNT in ECX */
} cpuid_leaves;

/* What a CPU has, for the choice. */
typedef struct cpu_info {
    unsigned has;  /* KERNEL_NEEDS_* bits */
    int slow_pext; /* PEXT/PDEP microcoded: AMD before Zen 3 */
} cpu_info;

#if defined(__x86_64__)
/* This CPU's leaves. */
cpuid_leaves cpuid_read(void);
/* What a CPU with these leaves has. */
cpu_info cpu_decode(const cpuid_leaves *r);
#endif

/* Whether a CPU with c can run kernel k. */
int kernel_runs_on(const hx_kernel *k, cpu_info c);
/* The kernel that list[0 .. n-1] (the plain one first, then in order of
 * preference) offers for a CPU with c: the last one it runs, except one
 * using PEXT/PDEP where that is slow; list[0] if none. */
const hx_kernel *kernel_best(const hx_kernel *const *list, int n, cpu_info c);
/* The kernel of list[0 .. n-1] called name if a CPU with c runs it; else
 * NULL, err saying why. */
const hx_kernel *kernel_named(const hx_kernel *const *list, int n, const char *name, cpu_info c,
                              hx_error *err);

#endif
