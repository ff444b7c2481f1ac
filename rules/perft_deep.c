/*
 * perft_deep.c - perft for deep counts: several threads and a shared
 * transposition table (docs/perft.md).
 *
 * The root is cut into jobs (the positions one or two plies down, as move
 * pairs replayed on each thread's own copy of the root); threads take jobs
 * from an atomic counter, so a slow subtree does not leave a core idle. The
 * result of each job is stored by job index and summed in order at the end,
 * so the total never depends on scheduling.
 *
 * The table (perft_table.h) is lossless while it fits, keyed by 128 bits of
 * Zobrist sets of its own drawn from the run's key seed, and shared by the
 * threads without a lock; each thread tallies what its probes and stores
 * did, summed at the end into the caller's hx_perft_table_stats.
 */
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "perft_fused.h"

#include "perft_table.h"
#include "threads.h"
#include "makemove.h"
#include "movegen.h"
#include "perft_count.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_JOB_PLIES = 2 };

/* ---- Counting ----------------------------------------------------------- */

typedef struct counter {
    perft_table *tt;    /* NULL: no table */
    int bulk;           /* count the last ply's moves instead of playing them */
    perft_tally *tally; /* this thread's */
} counter;

static uint64_t count_tree(hx_position *pos, int depth, const counter *c)
{
    if (depth <= 0)
        return 1;
    if (depth == 1 && c->bulk)
        return (uint64_t)hx_count_legal(pos);
    hx_move moves[HX_MAX_MOVES];
    uint64_t nodes = 0;
    perft_key key;
    /* Depth 1 is cheaper to generate than to look up. */
    int cached = c->tt && depth >= 2 && perft_table_key(c->tt, pos, &key);
    if (cached && perft_table_probe(c->tt, &key, depth, &nodes, c->tally))
        return nodes;
    if (depth == 2 && c->bulk) {
        nodes = fused_perft2(pos);
    } else {
        int n = hx_legal_moves(pos, moves);
        for (int i = 0; i < n; i++) {
            position_make(pos, moves[i]);
            nodes = count_add(nodes, count_tree(pos, depth - 1, c));
            hx_unmake(pos);
        }
    }
    if (cached)
        perft_table_store(c->tt, &key, depth, nodes, c->tally);
    return nodes;
}

/* ---- Jobs and threads --------------------------------------------------- */

static void tally_add(perft_tally *sum, const perft_tally *t)
{
    sum->hits += t->hits;
    sum->stored += t->stored;
    sum->replaced += t->replaced;
    sum->dropped += t->dropped;
}

typedef struct job {
    hx_move path[MAX_JOB_PLIES];
    int plies;
    uint64_t nodes;
} job;

typedef struct shared {
    const hx_position *root;
    int depth;
    counter c;
    job *jobs;
    int njobs;
    atomic_int next;
    hx_perft_watch *watch; /* NULL: nobody watches, nothing to resume */
    pthread_mutex_t lock;  /* one job_done call, one tally sum at a time */
    perft_tally tally;     /* the workers' tallies, summed */
} shared;

/* The jobs: every line `plies` plies down (fewer where the game ends).
 * With out NULL, only counts them. */
static int collect_jobs(hx_position *pos, int plies, job *prefix, job *out, int n)
{
    hx_move moves[HX_MAX_MOVES];
    int count = prefix->plies == plies ? 0 : hx_legal_moves(pos, moves);
    if (prefix->plies == plies || count == 0) {
        /* A full line, or one where the game ended early (it counts 0). */
        if (out)
            out[n] = *prefix;
        return n + 1;
    }
    for (int i = 0; i < count; i++) {
        prefix->path[prefix->plies++] = moves[i];
        position_make(pos, moves[i]);
        n = collect_jobs(pos, plies, prefix, out, n);
        hx_unmake(pos);
        prefix->plies--;
    }
    return n;
}

static void run_job(hx_position *pos, const shared *s, const counter *c, job *j)
{
    for (int i = 0; i < j->plies; i++)
        position_make(pos, j->path[i]);
    j->nodes = count_tree(pos, s->depth - j->plies, c);
    for (int i = 0; i < j->plies; i++)
        hx_unmake(pos);
}

static void *worker(void *arg)
{
    shared *s = arg;
    hx_position *pos = hx_position_new(hx_position_rules(s->root));
    if (!pos)
        return arg; /* non-NULL: this worker did nothing */
    hx_position_copy(pos, s->root);
    perft_tally tally = {0};
    counter c = s->c;
    c.tally = &tally;
    for (int i; (i = atomic_fetch_add(&s->next, 1)) < s->njobs;) {
        hx_perft_watch *w = s->watch;
        if (w && w->job_nodes[i] != HX_PERFT_NOT_DONE) {
            s->jobs[i].nodes = w->job_nodes[i]; /* done in an earlier run */
            continue;
        }
        run_job(pos, s, &c, &s->jobs[i]);
        if (w) {
            pthread_mutex_lock(&s->lock);
            w->job_nodes[i] = s->jobs[i].nodes;
            if (w->job_done)
                w->job_done(w->ctx, i, s->jobs[i].nodes);
            pthread_mutex_unlock(&s->lock);
        }
    }
    pthread_mutex_lock(&s->lock);
    tally_add(&s->tally, &tally);
    pthread_mutex_unlock(&s->lock);
    hx_position_free(pos);
    return NULL;
}

/* Runs the workers; the calling thread is one of them, so a failure to
 * create threads only costs speed. */
static void run_workers(shared *s, int threads)
{
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    int started = 0;
    while (ids && started < threads - 1 && pthread_create(&ids[started], NULL, worker, s) == 0)
        started++;
    worker(s);
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    free(ids);
}

static uint64_t single_thread(const hx_position *root, int depth, const counter *c)
{
    hx_position *pos = hx_position_new(hx_position_rules(root));
    if (!pos)
        return UINT64_MAX;
    hx_position_copy(pos, root);
    uint64_t nodes = count_tree(pos, depth, c);
    hx_position_free(pos);
    return nodes;
}

static int job_plies(int depth) { return depth > MAX_JOB_PLIES + 1 ? MAX_JOB_PLIES : 1; }

/* The jobs of a count to depth (out NULL: only their number); -1 if out of
 * memory. */
static int make_jobs(const hx_position *root, int depth, job *out)
{
    hx_position *pos = hx_position_new(hx_position_rules(root));
    if (!pos)
        return -1;
    hx_position_copy(pos, root);
    job prefix = {.plies = 0};
    int n = collect_jobs(pos, job_plies(depth), &prefix, out, 0);
    hx_position_free(pos);
    return n;
}

int hx_perft_deep_jobs(const hx_position *pos, int depth)
{
    return depth >= 2 ? make_jobs(pos, depth, NULL) : 0;
}

/* UINT64_MAX if out of memory (the watched run cannot fall back). */
static uint64_t multi_thread(const hx_position *root, int depth, int threads, const counter *c,
                             hx_perft_watch *watch)
{
    shared s = {.root = root, .depth = depth, .c = *c, .watch = watch};
    atomic_init(&s.next, 0);
    int n = make_jobs(root, depth, NULL);
    if (n > 0)
        s.jobs = malloc((size_t)n * sizeof *s.jobs);
    if (!s.jobs || (watch && watch->njobs != n)) {
        free(s.jobs);
        return watch ? UINT64_MAX : single_thread(root, depth, c);
    }
    s.njobs = make_jobs(root, depth, s.jobs);
    pthread_mutex_init(&s.lock, NULL);
    run_workers(&s, threads);
    pthread_mutex_destroy(&s.lock);
    tally_add(c->tally, &s.tally);
    uint64_t nodes = 0;
    for (int i = 0; i < s.njobs; i++)
        nodes = count_add(nodes, s.jobs[i].nodes);
    free(s.jobs);
    return nodes;
}

uint64_t hx_perft_deep_run(const hx_position *pos, int depth, const hx_perft_options *o,
                           hx_perft_table_stats *stats)
{
    perft_tally tally = {0};
    counter c = {.bulk = !(o->flags & HX_PERFT_NO_BULK), .tally = &tally};
    if (stats)
        *stats = (hx_perft_table_stats){0};
    if (depth > hx_perft_max_depth(pos))
        return UINT64_MAX;
    if (o->hash_bytes)
        c.tt = perft_table_open(o->hash_bytes, o->key_seed);
    int jobs = depth >= 2 && (o->threads > 1 || o->watch);
    uint64_t nodes = jobs ? multi_thread(pos, depth, o->threads, &c, o->watch)
                          : single_thread(pos, depth, &c);
    if (stats && c.tt)
        *stats = (hx_perft_table_stats){.slots = perft_table_slots(c.tt),
                                        .stored = tally.stored,
                                        .replaced = tally.replaced,
                                        .dropped = tally.dropped,
                                        .hits = tally.hits};
    perft_table_close(c.tt);
    return nodes;
}
