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
 * The table is shared without locks. An entry is two 64-bit words, stored as
 * (check = key ^ data, data): a probe accepts an entry only if check ^ data
 * equals the full probe key and the depth matches, so an entry torn by a
 * concurrent writer, or left by another position that shares the index, is
 * simply a miss (Hyatt's lockless hashing).
 */
#include "kernel_names.h" /* first: this file is compiled once per kernel */

#include "perft_fused.h"

#include "threads.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct tt_entry {
    _Atomic uint64_t check, data;
} tt_entry;

/* Two entries per bucket: [0] keeps the deeper subtree, [1] always takes
 * the newest, so deep results survive and shallow ones still get cached. */
typedef struct tt_table {
    tt_entry *entries;
    uint64_t bucket_mask; /* bucket count - 1 (a power of two) */
} tt_table;

enum { COUNT_SHIFT = 8, MAX_JOB_PLIES = 2 };
#define COUNT_LIMIT ((uint64_t)1 << (64 - COUNT_SHIFT))

/* ---- Transposition table ---------------------------------------------- */

static int tt_open(tt_table *t, size_t bytes)
{
    /* Divided, not multiplied: for bytes of 2^63 and more the product
     * wrapped to 0 and the loop never ended. */
    size_t buckets = 1;
    while (buckets <= bytes / (2 * 2 * sizeof(tt_entry)))
        buckets *= 2;
    t->entries = NULL;
    t->bucket_mask = 0;
    if (bytes < 2 * sizeof(tt_entry))
        return -1;
    t->entries = calloc(buckets * 2, sizeof(tt_entry));
    if (!t->entries)
        return -1;
    t->bucket_mask = buckets - 1;
    return 0;
}

/* The Zobrist key leaves out two things that can change the move list: the
 * e.p. victim (in Brusky one crossed cell does not say which of the two
 * forward directions the pawn took) and diag-firstmove's re-entered pawns.
 * The victim is mixed in here; positions with re-entered pawns are not
 * cached at all (returns 0: no usable key). */
static int tt_key(const hx_position *pos, uint64_t *key)
{
    if (pos->reentered)
        return 0;
    uint64_t k = hx_position_key(pos);
    if (pos->ep.count)
        k ^= 0x9e3779b97f4a7c15ULL * (uint64_t)(pos->ep.victim + 1);
    *key = k;
    return 1;
}

static int tt_probe(const tt_table *t, uint64_t key, int depth, uint64_t *count)
{
    tt_entry *b = &t->entries[(key & t->bucket_mask) * 2];
    for (int i = 0; i < 2; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key && (int)(data & 0xff) == depth) {
            *count = data >> COUNT_SHIFT;
            return 1;
        }
    }
    return 0;
}

static void tt_write(tt_entry *e, uint64_t key, uint64_t data)
{
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
    atomic_store_explicit(&e->check, key ^ data, memory_order_relaxed);
}

static void tt_store(tt_table *t, uint64_t key, int depth, uint64_t count)
{
    if (count >= COUNT_LIMIT)
        return; /* would not fit beside the depth: leave it uncached */
    tt_entry *b = &t->entries[(key & t->bucket_mask) * 2];
    uint64_t data = count << COUNT_SHIFT | (uint64_t)depth;
    uint64_t old = atomic_load_explicit(&b[0].data, memory_order_relaxed);
    tt_write((int)(old & 0xff) <= depth ? &b[0] : &b[1], key, data);
}

/* ---- Counting ----------------------------------------------------------- */

typedef struct counter {
    tt_table *tt; /* NULL: no table */
    int bulk;     /* count the last ply's moves instead of playing them */
} counter;

static uint64_t count_tree(hx_position *pos, int depth, const counter *c)
{
    if (depth <= 0)
        return 1;
    if (depth == 1 && c->bulk)
        return (uint64_t)hx_count_legal(pos);
    hx_move moves[HX_MAX_MOVES];
    uint64_t key = 0, nodes = 0;
    /* Depth 1 is cheaper to generate than to look up. */
    int cached = c->tt && depth >= 2 && tt_key(pos, &key);
    if (cached && tt_probe(c->tt, key, depth, &nodes))
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
        tt_store(c->tt, key, depth, nodes);
    return nodes;
}

/* ---- Jobs and threads --------------------------------------------------- */

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
    pthread_mutex_t lock;  /* one job_done call at a time */
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

static void run_job(hx_position *pos, const shared *s, job *j)
{
    for (int i = 0; i < j->plies; i++)
        position_make(pos, j->path[i]);
    j->nodes = count_tree(pos, s->depth - j->plies, &s->c);
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
    for (int i; (i = atomic_fetch_add(&s->next, 1)) < s->njobs;) {
        hx_perft_watch *w = s->watch;
        if (w && w->job_nodes[i] != HX_PERFT_NOT_DONE) {
            s->jobs[i].nodes = w->job_nodes[i]; /* done in an earlier run */
            continue;
        }
        run_job(pos, s, &s->jobs[i]);
        if (w) {
            pthread_mutex_lock(&s->lock);
            w->job_nodes[i] = s->jobs[i].nodes;
            if (w->job_done)
                w->job_done(w->ctx, i, s->jobs[i].nodes);
            pthread_mutex_unlock(&s->lock);
        }
    }
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
    uint64_t nodes = 0;
    for (int i = 0; i < s.njobs; i++)
        nodes = count_add(nodes, s.jobs[i].nodes);
    free(s.jobs);
    return nodes;
}

uint64_t hx_perft_deep_watched(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                               int flags, hx_perft_watch *watch)
{
    if (depth > hx_perft_max_depth(pos))
        return UINT64_MAX;
    tt_table table;
    counter c = {.tt = NULL, .bulk = !(flags & HX_PERFT_NO_BULK)};
    if (hash_bytes && tt_open(&table, hash_bytes) == 0)
        c.tt = &table;
    int jobs = depth >= 2 && (threads > 1 || watch);
    uint64_t nodes = jobs ? multi_thread(pos, depth, threads, &c, watch)
                          : single_thread(pos, depth, &c);
    if (c.tt)
        free(table.entries);
    return nodes;
}

uint64_t hx_perft_deep(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                       int flags)
{
    return hx_perft_deep_watched(pos, depth, threads, hash_bytes, flags, NULL);
}
