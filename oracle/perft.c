/*
 * perft.c - the oracle's leaf count, for deep counts too.
 *
 * The count is the plain recursion. Two optional helpers make deep counts
 * affordable without changing what is counted:
 *  - threads: the root moves are shared out (each thread takes the next
 *    one from a counter) and their counts are summed in move order;
 *  - a table of subtree counts keyed by the position itself: its cells'
 *    piece letters, the side to move, the castling rights and the e.p.
 *    cells with their victim, compared byte for byte (no hash is trusted;
 *    the hash only picks the slot). The clocks are left out: they never
 *    change the moves. Each slot keeps the last count stored in it, under
 *    one of a few mutexes, so threads may share the table.
 */
#include "oracle.h"
#include "oracle_int.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PERFT_DEPTH 32  /* bounds the stack used by the recursion */
#define MAX_THREADS 64
#define LOCKS 64

struct key {  /* everything of a position that decides its move tree */
    char sq[NX][NY];
    unsigned char castle[2][NX];
    signed char stm, ep_n;
    cell ep[MAX_CROSSED], victim;
};

struct slot {
    struct key key;
    int depth;  /* 0: empty */
    uint64_t count;
};

struct table {
    struct slot *slots;
    size_t n;
    pthread_mutex_t locks[LOCKS];
};

static void make_key(const struct position *p, struct key *k)
{
    memset(k, 0, sizeof *k);
    memcpy(k->sq, p->sq, sizeof k->sq);
    memcpy(k->castle, p->castle, sizeof k->castle);
    k->stm = (signed char)p->stm;
    k->ep_n = (signed char)p->ep_n;
    for (int i = 0; i < p->ep_n; i++)
        k->ep[i] = p->ep[i];
    if (p->ep_n)
        k->victim = p->ep_victim;
}

/* FNV-1a over the key's bytes: picks the slot only. */
static size_t slot_of(const struct table *t, const struct key *k)
{
    const unsigned char *b = (const unsigned char *)k;
    uint64_t h = 14695981039346656037ULL;

    for (size_t i = 0; i < sizeof *k; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return (size_t)(h % t->n);
}

static int table_get(struct table *t, const struct key *k, int depth,
                     uint64_t *count)
{
    size_t i = slot_of(t, k);
    pthread_mutex_t *lock = &t->locks[i % LOCKS];
    int hit;

    pthread_mutex_lock(lock);
    hit = t->slots[i].depth == depth && memcmp(&t->slots[i].key, k, sizeof *k) == 0;
    if (hit)
        *count = t->slots[i].count;
    pthread_mutex_unlock(lock);
    return hit;
}

static void table_put(struct table *t, const struct key *k, int depth,
                      uint64_t count)
{
    size_t i = slot_of(t, k);
    pthread_mutex_t *lock = &t->locks[i % LOCKS];

    pthread_mutex_lock(lock);
    t->slots[i].key = *k;
    t->slots[i].depth = depth;
    t->slots[i].count = count;
    pthread_mutex_unlock(lock);
}

static uint64_t count(const struct game *g, const struct position *p, int depth,
                      struct table *t)
{
    struct movelist ml;
    struct key k;
    uint64_t nodes = 0;

    if (depth == 0)
        return 1;
    if (t != NULL) {
        make_key(p, &k);
        if (table_get(t, &k, depth, &nodes))
            return nodes;
    }
    orc_legal_moves(g, p, &ml);
    if (depth == 1)
        return (uint64_t)ml.n;
    for (int i = 0; i < ml.n; i++) {
        struct position q = *p;
        orc_apply_move(g, &q, &ml.m[i]);
        nodes += count(g, &q, depth - 1, t);
    }
    if (t != NULL)
        table_put(t, &k, depth, nodes);
    return nodes;
}

/* ---- Threads over the root moves ----------------------------------------- */

struct root_work {
    const struct game *g;
    const struct position *root;
    int depth;
    struct table *t;
    struct movelist *ml;
    uint64_t *counts;  /* per root move */
    atomic_int next;
};

static void *root_worker(void *arg)
{
    struct root_work *w = arg;

    for (int i; (i = atomic_fetch_add(&w->next, 1)) < w->ml->n;) {
        struct position q = *w->root;
        orc_apply_move(w->g, &q, &w->ml->m[i]);
        w->counts[i] = count(w->g, &q, w->depth - 1, w->t);
    }
    return NULL;
}

/* Threads share the root moves; the calling thread is one of them. */
static int count_threads(const struct game *g, const struct position *p,
                         int depth, int threads, struct table *t,
                         uint64_t *nodes)
{
    static _Thread_local struct movelist ml;
    pthread_t ids[MAX_THREADS];
    struct root_work w = {g, p, depth, t, &ml, NULL, 0};
    int started = 0;

    orc_legal_moves(g, p, &ml);
    w.counts = calloc((size_t)ml.n + 1, sizeof *w.counts);
    if (w.counts == NULL)
        return -1;
    atomic_init(&w.next, 0);
    while (started < threads - 1 &&
           pthread_create(&ids[started], NULL, root_worker, &w) == 0)
        started++;
    root_worker(&w);
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    *nodes = 0;
    for (int i = 0; i < ml.n; i++)
        *nodes += w.counts[i];
    free(w.counts);
    return 0;
}

/* ---- The table's life ---------------------------------------------------- */

static int table_open(struct table *t, size_t megabytes)
{
    t->n = (megabytes << 20) / sizeof(struct slot);
    t->slots = t->n ? calloc(t->n, sizeof *t->slots) : NULL;
    if (t->slots == NULL)
        return -1;
    for (int i = 0; i < LOCKS; i++)
        pthread_mutex_init(&t->locks[i], NULL);
    return 0;
}

static void table_close(struct table *t)
{
    for (int i = 0; i < LOCKS; i++)
        pthread_mutex_destroy(&t->locks[i]);
    free(t->slots);
}

int oracle_perft_deep(const char *variant, const char *profile, const char *fen,
                      int depth, int threads, size_t table_mb, uint64_t *nodes,
                      char *err, size_t errcap)
{
    struct game g;
    struct position p;
    struct table table, *t = NULL;
    int rc = 0;

    if (nodes == NULL)
        return orc_fail(err, errcap, "no output for the node count");
    *nodes = 0;
    if (depth < 0 || depth > MAX_PERFT_DEPTH)
        return orc_fail(err, errcap, "perft depth %d outside 0..%d", depth,
                           MAX_PERFT_DEPTH);
    if (threads < 1 || threads > MAX_THREADS)
        return orc_fail(err, errcap, "threads %d outside 1..%d", threads,
                           MAX_THREADS);
    if (orc_game_init(&g, variant, profile, err, errcap) != 0 ||
        orc_fen_parse(&g, fen, &p, err, errcap) != 0)
        return -1;
    if (table_mb > 0) {
        if (table_open(&table, table_mb) != 0)
            return orc_fail(err, errcap, "no memory for a %zu MB table", table_mb);
        t = &table;
    }
    if (threads > 1 && depth >= 2)
        rc = count_threads(&g, &p, depth, threads, t, nodes);
    else
        *nodes = count(&g, &p, depth, t);
    if (t != NULL)
        table_close(t);
    return rc == 0 ? 0 : orc_fail(err, errcap, "out of memory");
}

int oracle_perft(const char *variant, const char *profile, const char *fen,
                 int depth, uint64_t *nodes, char *err, size_t errcap)
{
    return oracle_perft_deep(variant, profile, fen, depth, 1, 0, nodes, err,
                             errcap);
}
