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
const hx_kernel *kernel_at(int i) { return kernels[i]; }

/* ---- What the CPU has --------------------------------------------------- */

typedef struct cpu {
    unsigned has;  /* KERNEL_NEEDS_* bits */
    int slow_pext; /* AMD before Zen 3 */
} cpu;

/* Bit operations rather than branches: most outcomes depend on the CPU, so
 * no one machine could take both sides of each. cpuid.h's __get_cpuid*
 * leave the registers alone for a leaf the CPU does not have. */
static cpu cpu_probe(void)
{
    cpu c = {0, 0};
#if defined(__x86_64__)
    unsigned a = 0, b = 0, cx = 0, d = 0;
    char vendor[12];
    __get_cpuid(0, &a, &b, &cx, &d);
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &cx, 4);
    int amd = !memcmp(vendor, "AuthenticAMD", 12) | !memcmp(vendor, "HygonGenuine", 12);
    cx = 0;
    __get_cpuid(1, &a, &b, &cx, &d);
    unsigned base = (a >> 8) & 0xf, family = base + (base == 0xf) * ((a >> 20) & 0xff);
    c.has |= !!(cx & bit_POPCNT) * KERNEL_NEEDS_POPCNT;
    b = 0;
    __get_cpuid_count(7, 0, &a, &b, &cx, &d);
    c.has |= !!(b & bit_BMI) * KERNEL_NEEDS_BMI | !!(b & bit_BMI2) * KERNEL_NEEDS_BMI2;
    cx = 0;
    __get_cpuid(0x80000001, &a, &b, &cx, &d);
    c.has |= !!(cx & bit_LZCNT) * KERNEL_NEEDS_LZCNT;
    c.slow_pext = amd & (family < 0x19);
#endif
    return c;
}

/* Probed once (first by the constructor below, before any thread starts):
 * CPUID is slow, a trap to the hypervisor on a virtual machine. */
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

int kernel_runs_here(const hx_kernel *k) { return (k->needs & ~this_cpu()->has) == 0; }

static int suits_this_cpu(const hx_kernel *k)
{
    return kernel_runs_here(k) & !(k->uses_pext & this_cpu()->slow_pext);
}

static const hx_kernel *best_kernel(void)
{
    const hx_kernel *best = kernels[0];
    for (int i = 0; i < KERNELS; i++)
        if (suits_this_cpu(kernels[i]))
            best = kernels[i];
    return best;
}

/* ---- The chosen kernel -------------------------------------------------- */

/* The plain kernel runs wherever the library does, so it is valid from
 * the start; the constructor replaces it before main(), so that threads
 * only ever read it. */
static const hx_kernel *current = &hx_kernel_plain;

/* HEXREF_KERNEL=NAME forces a kernel for the whole program (the CLI, the
 * test suite: ci/test runs the sanitizer build's suite on the baseline
 * kernel). A name that cannot be used stops the program before it starts:
 * running another kernel than asked would make a passing check meaningless. */
__attribute__((constructor)) static void kernel_init(void)
{
    current = best_kernel();
    const char *forced = getenv("HEXREF_KERNEL");
    hx_error err;
    if (forced && hx_kernel_choose(forced, &err) != 0) {
        fprintf(stderr, "hexref: HEXREF_KERNEL: %s\n", err.message);
        exit(1);
    }
}

static inline const hx_kernel *kernel(void) { return current; }

const char *hx_kernel_name(void) { return kernel()->name; }
const char *hx_slider_method(void) { return kernel()->slider_method; }

int hx_kernel_choose(const char *name, hx_error *err)
{
    char known[128] = "";
    for (int i = 0; i < KERNELS; i++) {
        size_t used = strlen(known);
        snprintf(known + used, sizeof known - used, "%s, ", kernels[i]->name);
        if (strcmp(kernels[i]->name, name) != 0)
            continue;
        if (!kernel_runs_here(kernels[i])) {
            snprintf(err->message, sizeof err->message,
                     "kernel '%s' needs instructions this CPU does not have", name);
            return -1;
        }
        current = kernels[i];
        return 0;
    }
    known[strlen(known) - 2] = '\0'; /* the last ", " */
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

int hx_make(hx_position *pos, hx_move m) { return kernel()->make(pos, m); }
void hx_unmake(hx_position *pos) { kernel()->unmake(pos); }
int hx_legal_moves(hx_position *pos, hx_move *list) { return kernel()->legal_moves(pos, list); }
int hx_count_legal(hx_position *pos) { return kernel()->count_legal(pos); }
uint64_t hx_perft(hx_position *pos, int depth) { return kernel()->perft(pos, depth); }

int hx_perft_max_depth(const hx_position *pos) { return kernel()->perft_max_depth(pos); }

uint64_t hx_perft_deep(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                       int flags)
{
    return kernel()->perft_deep(pos, depth, threads, hash_bytes, flags);
}

int hx_perft_deep_jobs(const hx_position *pos, int depth)
{
    return kernel()->perft_deep_jobs(pos, depth);
}

uint64_t hx_perft_deep_watched(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                               int flags, hx_perft_watch *watch)
{
    return kernel()->perft_deep_watched(pos, depth, threads, hash_bytes, flags, watch);
}
