/*
 * kernel.c - chooses the kernel (kernel.h) for the CPU the program runs on,
 * once, and routes the public generator functions to it.
 *
 * The choice: the last kernel of the list that this CPU can run, except that
 * a line-lookup kernel is passed over on AMD CPUs before Zen 3 (family below
 * 0x19, Hygon's Zen 1 included), where PEXT and PDEP are microcoded and the
 * ray scan measures faster. HEXREF_KERNEL (read when the program starts)
 * and hx_kernel_choose() override it; an unusable HEXREF_KERNEL is an error
 * of hx_rules_find (kernel_forced_error), never an exit. The rules are
 * functions of the CPU's CPUID registers (kernel_choice.h), which the tests
 * call with other CPUs'.
 */
#include "kernel_choice.h"

#include "threads.h"
#include "movegen.h"
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

#if defined(__x86_64__)
/* Only the CPUID instruction: what it means is cpu_decode's. cpuid.h's
 * __get_cpuid* leave the registers alone for a leaf the CPU does not have,
 * so such a leaf stays all zero. */
#define REGS(leaf) &(leaf).eax, &(leaf).ebx, &(leaf).ecx, &(leaf).edx
cpuid_leaves cpuid_read(void)
{
    cpuid_leaves r = {0};
    __get_cpuid(0, REGS(r.leaf0));
    __get_cpuid(1, REGS(r.leaf1));
    __get_cpuid_count(7, 0, REGS(r.leaf7));
    __get_cpuid(0x80000001, REGS(r.leaf80000001));
    return r;
}
#undef REGS

/* Leaf 0 spells the vendor id in EBX, EDX, ECX. */
static int vendor_is(const cpuid_regs *leaf0, const char id[12])
{
    char vendor[12];
    memcpy(vendor, &leaf0->ebx, 4);
    memcpy(vendor + 4, &leaf0->edx, 4);
    memcpy(vendor + 8, &leaf0->ecx, 4);
    return !memcmp(vendor, id, 12);
}

/* Bit operations rather than branches: most outcomes depend on the CPU, so
 * that no one machine takes both sides of a branch; the unit tests give
 * this function other CPUs' registers. The family is leaf 1's base family,
 * plus its extended family where the base is 0xf. */
cpu_info cpu_decode(const cpuid_leaves *r)
{
    int amd = vendor_is(&r->leaf0, "AuthenticAMD") | vendor_is(&r->leaf0, "HygonGenuine");
    unsigned a = r->leaf1.eax;
    unsigned base = (a >> 8) & 0xf, family = base + (base == 0xf) * ((a >> 20) & 0xff);
    return (cpu_info){
        .has = !!(r->leaf1.ecx & bit_POPCNT) * KERNEL_NEEDS_POPCNT |
               !!(r->leaf7.ebx & bit_BMI) * KERNEL_NEEDS_BMI |
               !!(r->leaf7.ebx & bit_BMI2) * KERNEL_NEEDS_BMI2 |
               !!(r->leaf80000001.ecx & bit_LZCNT) * KERNEL_NEEDS_LZCNT,
        .slow_pext = amd & (family < 0x19),
    };
}
#endif

static cpu_info cpu_probe(void)
{
#if defined(__x86_64__)
    cpuid_leaves r = cpuid_read();
    return cpu_decode(&r);
#else
    return (cpu_info){0, 0};
#endif
}

/* Probed once: CPUID is slow, a trap to the hypervisor on a virtual
 * machine. By pthread_once, since the first call may come from any thread,
 * even before the constructor below runs (another library's constructor
 * asking hx_kernel_available). */
static cpu_info here;
static pthread_once_t here_probed = PTHREAD_ONCE_INIT;

static void probe_here(void) { here = cpu_probe(); }

static cpu_info this_cpu(void)
{
    pthread_once(&here_probed, probe_here);
    return here;
}

int kernel_runs_on(const hx_kernel *k, cpu_info c) { return (k->needs & ~c.has) == 0; }

int kernel_runs_here(const hx_kernel *k) { return kernel_runs_on(k, this_cpu()); }

static int suits(const hx_kernel *k, cpu_info c)
{
    return kernel_runs_on(k, c) & !(k->uses_pext & c.slow_pext);
}

const hx_kernel *kernel_best(const hx_kernel *const *list, int n, cpu_info c)
{
    const hx_kernel *best = list[0];
    for (int i = 0; i < n; i++)
        if (suits(list[i], c))
            best = list[i];
    return best;
}

const hx_kernel *kernel_named(const hx_kernel *const *list, int n, const char *name, cpu_info c,
                              hx_error *err)
{
    char known[128] = "";
    for (int i = 0; i < n; i++) {
        size_t used = strlen(known);
        snprintf(known + used, sizeof known - used, "%s, ", list[i]->name);
        if (strcmp(list[i]->name, name) != 0)
            continue;
        if (!kernel_runs_on(list[i], c)) {
            snprintf(err->message, sizeof err->message,
                     "kernel '%s' needs instructions this CPU does not have", name);
            return NULL;
        }
        return list[i];
    }
    known[strlen(known) - 2] = '\0'; /* the last ", " */
    snprintf(err->message, sizeof err->message, "unknown kernel '%s' (this build has: %s)", name,
             known);
    return NULL;
}

/* ---- The chosen kernel -------------------------------------------------- */

/* The plain kernel runs wherever the library does, so it is valid from
 * the start; the constructor replaces it before main(), so that threads
 * only ever read it. */
static const hx_kernel *current = &hx_kernel_plain;

/* Why HEXREF_KERNEL names a kernel that cannot be used; "" when it is
 * unset or used, or a later hx_kernel_choose chose one. */
static hx_error forced_error;

/* HEXREF_KERNEL=NAME forces a kernel for the whole program (the CLI, the
 * test suite: ci/test runs the sanitizer build's suite on the baseline
 * kernel). A name that cannot be used does not stop the host program (a
 * library does not exit): hx_rules_find refuses, with the reason, until a
 * kernel is chosen, so that nothing is counted on another kernel than the
 * one asked for, which would make a passing check meaningless. */
__attribute__((constructor)) static void kernel_init(void)
{
    current = kernel_best(kernels, KERNELS, this_cpu());
    const char *forced = getenv("HEXREF_KERNEL");
    hx_error err;
    if (forced && hx_kernel_choose(forced, &err) != 0)
        snprintf(forced_error.message, sizeof forced_error.message, "HEXREF_KERNEL: %.200s",
                 err.message);
}

const char *kernel_forced_error(void) { return forced_error.message; }

static inline const hx_kernel *kernel(void) { return current; }

const char *hx_kernel_name(void) { return kernel()->name; }
const char *hx_slider_method(void) { return kernel()->slider_method; }

int hx_kernel_choose(const char *name, hx_error *err)
{
    const hx_kernel *k = kernel_named(kernels, KERNELS, name, this_cpu(), err);
    if (!k)
        return -1;
    current = k;
    forced_error.message[0] = '\0';
    return 0;
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

int hx_perft_deep_jobs(const hx_position *pos, int depth)
{
    return kernel()->perft_deep_jobs(pos, depth);
}

uint64_t hx_perft_deep_run(const hx_position *pos, int depth, const hx_perft_options *o,
                           hx_perft_table_stats *stats)
{
    return kernel()->perft_deep_run(pos, depth, o, stats);
}

/* The two older calls: hx_perft_deep_run with the default key seed. */
uint64_t hx_perft_deep(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                       int flags)
{
    hx_perft_options o = {.threads = threads, .hash_bytes = hash_bytes, .flags = flags};
    return hx_perft_deep_run(pos, depth, &o, NULL);
}

uint64_t hx_perft_deep_watched(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                               int flags, hx_perft_watch *watch)
{
    hx_perft_options o = {.threads = threads, .hash_bytes = hash_bytes, .flags = flags,
                          .watch = watch};
    return hx_perft_deep_run(pos, depth, &o, NULL);
}
