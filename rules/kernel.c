/*
 * kernel.c - chooses the kernel (kernel.h) for the CPU the program runs on,
 * once, and routes the public generator functions to it.
 *
 * The choice: the last kernel of the list that this CPU can run, except that
 * a line-lookup kernel is passed over on AMD CPUs before Zen 3 (family below
 * 0x19, Hygon's Zen 1 included), where PEXT and PDEP are microcoded and the
 * ray scan measures faster. HEXREF_KERNEL (read when the program starts)
 * and hx_kernel_choose() override it.
 */
#include "kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

extern const hx_kernel hx_kernel_plain;
#if defined(HEXREF_MULTI_KERNEL) && defined(__x86_64__)
extern const hx_kernel hx_kernel_popcnt, hx_kernel_bmi2;
static const hx_kernel *const kernels[] = {&hx_kernel_plain, &hx_kernel_popcnt, &hx_kernel_bmi2};
#else
static const hx_kernel *const kernels[] = {&hx_kernel_plain};
#endif
enum { KERNELS = sizeof kernels / sizeof kernels[0] };

int kernel_count(void) { return KERNELS; }
const hx_kernel *kernel_at(int i) { return i >= 0 && i < KERNELS ? kernels[i] : NULL; }

/* ---- What the CPU has --------------------------------------------------- */

typedef struct cpu {
    unsigned has;  /* KERNEL_NEEDS_* bits */
    int slow_pext; /* AMD before Zen 3 */
} cpu;

static cpu cpu_probe(void)
{
    cpu c = {0, 0};
#if defined(__x86_64__)
    unsigned a, b, cx, d, max = (unsigned)__get_cpuid_max(0, NULL);
    char vendor[13] = {0};
    __cpuid(0, a, b, cx, d);
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &cx, 4);
    __cpuid(1, a, b, cx, d);
    unsigned family = (a >> 8) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    if (cx & bit_POPCNT)
        c.has |= KERNEL_NEEDS_POPCNT;
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, cx, d);
        if (b & bit_BMI)
            c.has |= KERNEL_NEEDS_BMI;
        if (b & bit_BMI2)
            c.has |= KERNEL_NEEDS_BMI2;
    }
    if ((unsigned)__get_cpuid_max(0x80000000, NULL) >= 0x80000001u) {
        __cpuid(0x80000001, a, b, cx, d);
        if (cx & bit_LZCNT)
            c.has |= KERNEL_NEEDS_LZCNT;
    }
    c.slow_pext = (!strcmp(vendor, "AuthenticAMD") || !strcmp(vendor, "HygonGenuine")) &&
                  family < 0x19;
#endif
    return c;
}

/* Probed once (by the constructor below, before any thread starts): CPUID
 * is slow, a trap to the hypervisor on a virtual machine. */
static const cpu *this_cpu(void)
{
    static cpu c;
    static int probed;
    if (!probed) {
        c = cpu_probe();
        probed = 1;
    }
    return &c;
}

int kernel_runs_here(const hx_kernel *k)
{
    return k == kernels[0] || (k->needs & ~this_cpu()->has) == 0;
}

static const hx_kernel *best_kernel(void)
{
    const hx_kernel *best = kernels[0];
    for (int i = 1; i < KERNELS; i++)
        if (kernel_runs_here(kernels[i]) && !(kernels[i]->uses_pext && this_cpu()->slow_pext))
            best = kernels[i];
    return best;
}

/* ---- The chosen kernel -------------------------------------------------- */

/* Set before main() by the constructor, so that threads only ever read it;
 * the test in kernel() covers a call from another constructor. */
static const hx_kernel *current;

/* HEXREF_KERNEL=NAME forces a kernel for the whole program (the CLI, the
 * test suite: ci/test runs the sanitizer build's suite on the baseline
 * kernel). A name that cannot be used stops the program before it starts:
 * running another kernel than asked would make a passing check meaningless. */
__attribute__((constructor)) static void kernel_init(void)
{
    if (current)
        return;
    current = best_kernel();
    const char *forced = getenv("HEXREF_KERNEL");
    hx_error err;
    if (forced && hx_kernel_choose(forced, &err) != 0) {
        fprintf(stderr, "hexref: HEXREF_KERNEL: %s\n", err.message);
        exit(1);
    }
}

static inline const hx_kernel *kernel(void)
{
    if (!current)
        kernel_init();
    return current;
}

const char *hx_kernel_name(void) { return kernel()->name; }
const char *hx_slider_method(void) { return kernel()->slider_method; }

int hx_kernel_choose(const char *name, hx_error *err)
{
    char known[128] = "";
    for (int i = 0; i < KERNELS; i++) {
        if (!strcmp(kernels[i]->name, name)) {
            if (!kernel_runs_here(kernels[i])) {
                snprintf(err->message, sizeof err->message,
                         "kernel '%s' needs instructions this CPU does not have", name);
                return -1;
            }
            current = kernels[i];
            return 0;
        }
        size_t used = strlen(known);
        snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", kernels[i]->name);
    }
    snprintf(err->message, sizeof err->message, "unknown kernel '%s' (this build has: %s)", name,
             known);
    return -1;
}

int hx_kernel_count(void) { return KERNELS; }

const char *hx_kernel_name_at(int i)
{
    return i >= 0 && i < KERNELS ? kernels[i]->name : NULL;
}

int hx_kernel_available(int i) { return i >= 0 && i < KERNELS && kernel_runs_here(kernels[i]); }

/* ---- The public generator, routed to the kernel -------------------------- */

void hx_make(hx_position *pos, hx_move m) { kernel()->make(pos, m); }
void hx_unmake(hx_position *pos) { kernel()->unmake(pos); }
int hx_legal_moves(hx_position *pos, hx_move *list) { return kernel()->legal_moves(pos, list); }
int hx_count_legal(hx_position *pos) { return kernel()->count_legal(pos); }
uint64_t hx_perft(hx_position *pos, int depth) { return kernel()->perft(pos, depth); }

uint64_t hx_perft_deep(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                       int flags)
{
    return kernel()->perft_deep(pos, depth, threads, hash_bytes, flags);
}
