/*
 * fixture_run.c - runs parsed fixtures against an engine (fixtures.h's
 * hx_fixture_engine, asked through fixture_engine.h) and returns one
 * hx_check_result per fixture and profile: under each profile of
 * its `profiles` line every expectation must hold; under each profile of its
 * `refutes` line (a negative control) at least one must fail. No global
 * mutable state: everything lives in the structures below.
 */
#define _POSIX_C_SOURCE 200809L

#include "fixtures.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "divide.h"
#include "fixture_engine.h"
#include "fixture_model.h"
#include "strutil.h"

/* ------------------------------------------------------------- running */

typedef struct {
    char variant[32], profile[64];
    int ok;
} probe;

typedef struct {
    hx_fixture_engine *eng;
    unsigned caps;      /* fx_engine_caps */
    FILE *out;
    probe *probes;
    int nprobes, capprobes;
    fx_problem why;     /* the last query's failure */
    int skipped_runs;
    int oom;
    int rejected;       /* this run: the engine rejected a position */
    int engine_failed;  /* this run: an answer was unusable (FX_FAILED) */
    hx_fixture_runs *log; /* every run, skipped or not (NULL: not kept) */
    int have_diff;      /* this run: expected/got hold a failed move set */
    hx_divide expected, got;
} rctx;

/* "engine error: " before the message of a query that got no usable
 * answer (or a rejection); nothing before a play whose answer was wrong
 * (the judge's "the engine does not list ...", "after ... is not ..."). */
static const char *failure_word(int rc)
{
    return rc == FX_WRONG ? "" : "engine error: ";
}

/* A query's result, noting a rejected position. */
static int note(rctx *r, int rc)
{
    if (rc == FX_REJECTED)
        r->rejected = 1;
    if (rc == FX_FAILED)
        r->engine_failed = 1;
    return rc;
}

/* Does the engine run variant/profile? Asked once for each. */
static int supported(rctx *r, const char *variant, const char *profile)
{
    for (int i = 0; i < r->nprobes; i++)
        if (!strcmp(r->probes[i].variant, variant) &&
            !strcmp(r->probes[i].profile, profile))
            return r->probes[i].ok;
    hx_error why;
    int ok = fx_engine_supports(r->eng, variant, profile, &why) == 0;
    if (strlen(variant) < sizeof r->probes[0].variant &&
        strlen(profile) < sizeof r->probes[0].profile) {
        if (hx_grow(&r->probes, &r->capprobes, r->nprobes, sizeof *r->probes, 16) != 0)
            return ok;
        probe *pr = &r->probes[r->nprobes++];
        strcpy(pr->variant, variant);
        strcpy(pr->profile, profile);
        pr->ok = ok;
        if (!ok)
            fprintf(r->out, "note: engine '%s' does not run %s/%s (%s); "
                    "those runs are skipped\n", hx_fixture_engine_name(r->eng), variant,
                    profile, why.message);
    }
    return ok;
}

/* Is the engine's move list sorted (strcmp) without duplicates? */
static int sorted_once(const strvec *sv)
{
    for (int i = 1; i < sv->n; i++)
        if (strcmp(sv->v[i - 1], sv->v[i]) >= 0)
            return 0;
    return 1;
}

typedef struct {
    char *fen;        /* position under test */
    char *root;       /* the fixture's position ("start" resolved), before its line */
    char *line;       /* the moves of the line played so far ("" none): fen is
                         root after line (fx_query) */
    strvec moves;     /* its legal moves, once fetched */
    int have_moves;   /* 1 fetched, -1 failed */
    int moves_sorted;
    char moves_err[FX_PROBLEM_MAX + 32];
} position;

/* What the engine is asked about: pos under profile. */
static fx_query query_of(const fx_fixture *f, const char *profile, const position *pos)
{
    fx_query q = {f->variant, profile, pos->root, pos->line, pos->fen};
    return q;
}

static int get_moves(rctx *r, const fx_fixture *f, const char *profile,
                     position *pos)
{
    if (pos->have_moves)
        return pos->have_moves > 0 ? 0 : -1;
    fx_query q = query_of(f, profile, pos);
    if (note(r, fx_engine_moves(r->eng, &q, &pos->moves, &r->why)) != 0) {
        snprintf(pos->moves_err, sizeof pos->moves_err, "engine error: %s", r->why.text);
        pos->have_moves = -1;
        return -1;
    }
    pos->moves_sorted = sorted_once(&pos->moves);
    sv_sort(&pos->moves);
    pos->have_moves = 1;
    return 0;
}

static int is_from(const char *move, const char *cell)
{
    size_t n = strlen(cell);
    return strncmp(move, cell, n) == 0 && islower((unsigned char)move[n]);
}


/* The expected moves and the engine's (those from `cell` for moves-from)
 * as divides with count 1, and their difference written to msg as the
 * report shows it. Returns 1 if they are equal. The run's first failing
 * move set is kept for its result (expected, got, diff). */
static int compare_move_sets(rctx *r, const strvec *want, const strvec *got, const char *cell,
                             hx_sbuf *msg)
{
    hx_divide e, g;
    hx_divide_diff d;
    int rc = 0;
    hx_divide_init(&e);
    hx_divide_init(&g);
    e.has_moves = g.has_moves = 1;
    for (int i = 0; i < want->n; i++)
        rc |= hx_divide_add(&e, want->v[i], 1);
    for (int i = 0; i < got->n; i++)
        if (!cell || is_from(got->v[i], cell))
            rc |= hx_divide_add(&g, got->v[i], 1);
    hx_divide_sort(&e);
    hx_divide_sort(&g);
    if (rc || hx_divide_diff_of(&e, &g, &d) != 0) {
        r->oom = 1;
        hx_sbuf_printf(msg, "      out of memory\n");
        hx_divide_free(&e);
        hx_divide_free(&g);
        return 0;
    }
    int equal = d.nmissing == 0 && d.nextra == 0;
    if (!equal) {
        if (d.nmissing) {
            hx_sbuf_printf(msg, "      missing:");
            for (int i = 0; i < d.nmissing; i++)
                hx_sbuf_printf(msg, " %s", d.missing[i].move);
            hx_sbuf_printf(msg, "\n");
        }
        if (d.nextra) {
            hx_sbuf_printf(msg, "      extra:  ");
            for (int i = 0; i < d.nextra; i++)
                hx_sbuf_printf(msg, " %s", d.extra[i].move);
            hx_sbuf_printf(msg, "\n");
        }
        hx_sbuf_printf(msg, "      expected %d move%s, engine gave %d\n", e.n,
                       e.n == 1 ? "" : "s", g.n);
    }
    if (!equal && !r->have_diff) {
        r->expected = e, r->got = g;
        hx_divide_init(&e), hx_divide_init(&g);
        r->have_diff = 1;
    }
    hx_divide_diff_free(&d);
    hx_divide_free(&e);
    hx_divide_free(&g);
    return equal;
}

static int bsearch_str(const strvec *sv, const char *s)
{
    int lo = 0, hi = sv->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(sv->v[mid], s);
        if (c == 0)
            return 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

static void describe_expect(const fx_expect *e, hx_sbuf *msg)
{
    hx_sbuf_printf(msg, "    line %d: ", e->line);
    if (e->only.n) {
        hx_sbuf_printf(msg, "[");
        for (int i = 0; i < e->only.n; i++)
            hx_sbuf_printf(msg, "%s%s", i ? " " : "", e->only.v[i]);
        hx_sbuf_printf(msg, "] ");
    }
    hx_sbuf_printf(msg, "%s", fx_expect_names[e->kind]);
    switch (e->kind) {
    case EX_MOVES_FROM:
        hx_sbuf_printf(msg, " %s", e->cell);
        /* fall through */
    case EX_MOVES:
    case EX_LEGAL:
    case EX_ILLEGAL:
        if (e->kind == EX_LEGAL || e->kind == EX_ILLEGAL)
            for (int i = 0; i < e->list.n; i++)
                hx_sbuf_printf(msg, " %s", e->list.v[i]);
        break;
    case EX_STATUS:
        hx_sbuf_printf(msg, " %s", e->word);
        break;
    case EX_AFTER:
        hx_sbuf_printf(msg, " %s", e->word);
        break;
    case EX_REACHES:
        break;
    case EX_PERFT:
        hx_sbuf_printf(msg, " %d %" PRIu64, e->depth, e->nodes);
        break;
    }
    hx_sbuf_printf(msg, "\n");
}

/*
 * Checks one expectation. Returns 1 pass, 0 fail (details in msg), -1 the
 * engine lacks the operation (skipped).
 */
static int check_expect(rctx *r, const fx_fixture *f, const char *profile,
                        position *pos, const fx_expect *e, hx_sbuf *msg)
{
    fx_query q = query_of(f, profile, pos);
    hx_sbuf d = { 0 };
    int res = 1;
    switch (e->kind) {
    case EX_MOVES:
    case EX_MOVES_FROM:
    case EX_LEGAL:
    case EX_ILLEGAL:
        if (get_moves(r, f, profile, pos) != 0) {
            hx_sbuf_printf(&d, "      %s\n", pos->moves_err);
            res = 0;
            break;
        }
        if (e->kind == EX_MOVES || e->kind == EX_MOVES_FROM) {
            if (!pos->moves_sorted)
                hx_sbuf_printf(&d, "      engine move list is not sorted (strcmp) "
                          "or has duplicates\n");
            if (!compare_move_sets(r, &e->list, &pos->moves,
                                   e->kind == EX_MOVES_FROM ? e->cell : NULL, &d) ||
                !pos->moves_sorted)
                res = 0;
        } else {
            hx_sbuf bad = { 0 };
            for (int i = 0; i < e->list.n; i++)
                if (bsearch_str(&pos->moves, e->list.v[i]) !=
                    (e->kind == EX_LEGAL))
                    hx_sbuf_printf(&bad, " %s", e->list.v[i]);
            if (bad.n) {
                hx_sbuf_printf(&d, "      %s:%s\n",
                          e->kind == EX_LEGAL ? "not legal" : "legal",
                          bad.s);
                res = 0;
            }
            free(bad.s);
        }
        break;
    case EX_STATUS:
    {
        char word[HX_SESSION_WORD_MAX];
        if (!(r->caps & FX_CAN_STATUS))
            return -1;
        if (note(r, fx_engine_status(r->eng, &q, word, &r->why)) != 0) {
            hx_sbuf_printf(&d, "      engine error: %s\n", r->why.text);
            res = 0;
        } else if (strcmp(word, e->word) != 0) {
            hx_sbuf_printf(&d, "      expected %s, engine gave %s\n", e->word, word);
            res = 0;
        }
        break;
    }
    case EX_AFTER:
    case EX_REACHES: {
        char fen[HX_FEN_MAX];
        if (e->kind == EX_AFTER) {
            int rc = note(r, fx_engine_play(r->eng, &q, e->word, fen, &r->why));
            if (rc != 0) {
                hx_sbuf_printf(&d, "      %s%s\n", failure_word(rc), r->why.text);
                res = 0;
                break;
            }
        } else if (!f->moves.n && !(r->caps & FX_CAN_TAKE_MOVES)) {
            /* No line was played: the position is the fixture's own (or the
             * adapter's start), which an outside engine never made, so there
             * is nothing of the engine to compare. Counted as a pass, this
             * passed for an engine that answers nothing at all. */
            return -1;
        } else {
            snprintf(fen, sizeof fen, "%s", pos->fen);
        }
        if (strcmp(fen, e->fen) != 0) {
            hx_sbuf_printf(&d, "      expected %s\n      engine   %s\n", e->fen, fen);
            res = 0;
        }
        break;
    }
    case EX_PERFT: {
        uint64_t nodes = 0;
        int stopped;
        /* past the expected count the check has failed: the count may stop */
        if (note(r, fx_engine_count(r->eng, &q, e->depth, e->nodes, &nodes, &stopped,
                                    &r->why)) != 0) {
            hx_sbuf_printf(&d, "      engine error: %s\n", r->why.text);
            res = 0;
        } else if (stopped) {
            hx_sbuf_printf(&d, "      expected %" PRIu64 ", engine gave more than %" PRIu64
                      " (the count stopped there)\n", e->nodes, e->nodes);
            res = 0;
        } else if (nodes != e->nodes) {
            hx_sbuf_printf(&d, "      expected %" PRIu64 ", engine gave %" PRIu64
                      "\n", e->nodes, nodes);
            res = 0;
        }
        break;
    }
    }
    if (res == 0) {
        describe_expect(e, msg);
        if (d.s)
            hx_sbuf_printf(msg, "%s", d.s);
    }
    if (d.oom)
        r->oom = 1;
    free(d.s);
    return res;
}

static int applies(const fx_expect *e, const char *profile)
{
    return e->only.n == 0 || sv_has(&e->only, profile);
}

enum { RUN_PASS, RUN_FAIL, RUN_SKIP };

/* Can the engine check e at all (check_expect's -1 cases)? */
static int checkable(unsigned caps, const fx_fixture *f, const fx_expect *e)
{
    switch (e->kind) {
    case EX_STATUS:
        return (caps & FX_CAN_STATUS) != 0;
    case EX_REACHES:
        return f->moves.n || (caps & FX_CAN_TAKE_MOVES);
    default:
        return 1;
    }
}

/* Whether a run of f under profile is skipped, from the fixture and what
 * the engine can do alone: never from its answers, so that every engine
 * that can do the same skips the same runs (a status-only fixture whose
 * line failed was a failure, else a skip: issue 30). Every engine gives a
 * start and plays lines (a judged one through the reference), so
 * HX_FIXTURE_SKIP_START and HX_FIXTURE_SKIP_PLAY do not arise here. */
static hx_fixture_skip skip_reason(unsigned caps, const fx_fixture *f, const char *profile)
{
    if (!(caps & FX_CAN_SET_UP) && strcmp(f->fen, "start") != 0)
        return HX_FIXTURE_SKIP_SET_UP;
    int status = 0;
    for (int i = 0; i < f->nex; i++) {
        if (!applies(&f->ex[i], profile))
            continue;
        if (checkable(caps, f, &f->ex[i]))
            return HX_FIXTURE_RAN;
        status += f->ex[i].kind == EX_STATUS;
    }
    return status ? HX_FIXTURE_SKIP_STATUS : HX_FIXTURE_SKIP_OTHER;
}

const char *hx_fixture_skip_text(hx_fixture_skip s)
{
    switch (s) {
    case HX_FIXTURE_RAN:
        return "ran";
    case HX_FIXTURE_SKIP_PROFILE:
        return "profile not run by the engine";
    case HX_FIXTURE_SKIP_START:
        return "start position (engine gives none)";
    case HX_FIXTURE_SKIP_PLAY:
        return "a line to play (engine cannot play moves)";
    case HX_FIXTURE_SKIP_STATUS:
        return "status-only (engine gives no status)";
    case HX_FIXTURE_SKIP_SET_UP:
        return "set up on a board (engine takes only its initial position plus moves)";
    case HX_FIXTURE_SKIP_OTHER:
        break;
    }
    return "nothing the engine can answer";
}

const char *hx_fixture_skip_token(hx_fixture_skip s)
{
    static const char *const tokens[] = {"ran",         "profile", "start", "play",
                                         "status_only", "other",   "set_up"};
    return (unsigned)s < HX_FIXTURE_NSKIP ? tokens[s] : "other";
}

void hx_fixture_runs_free(hx_fixture_runs *l)
{
    for (int i = 0; l && i < l->n; i++) {
        free(l->v[i].id);
        free(l->v[i].profile);
        free(l->v[i].answer);
    }
    if (l) {
        free(l->v);
        memset(l, 0, sizeof *l);
    }
}

/* Appends one run to r->log (if kept). answer: NULL for a skip. */
static void log_run(rctx *r, const fx_fixture *f, const char *profile, int refute,
                    hx_fixture_skip skip, int failed, const char *answer)
{
    if (!r->log)
        return;
    hx_fixture_runs *l = r->log;
    if (hx_grow(&l->v, &l->cap, l->n, sizeof *l->v, 64) != 0) {
        r->oom = 1;
        return;
    }
    hx_fixture_run *e = &l->v[l->n];
    memset(e, 0, sizeof *e);
    e->id = hx_strdup(f->id);
    e->profile = hx_strdup(profile);
    e->refute = refute;
    e->skip = skip;
    if (skip == HX_FIXTURE_RAN) {
        e->failed = failed;
        e->rejected = r->rejected;
        e->engine_failed = r->engine_failed;
        e->answer = hx_strdup(answer ? answer : "");
    }
    if (!e->id || !e->profile || (skip == HX_FIXTURE_RAN && !e->answer)) {
        free(e->id), free(e->profile), free(e->answer);
        r->oom = 1;
        return;
    }
    l->n++;
}

/* Plays the fixture's line move i on pos. RUN_PASS, or RUN_FAIL with msg. */
static int play_line_move(rctx *r, const fx_fixture *f, const char *profile, position *pos,
                          int i, hx_sbuf *msg)
{
    const char *mv = f->moves.v[i];
    char fen[HX_FEN_MAX];
    if (get_moves(r, f, profile, pos) != 0) {
        hx_sbuf_printf(msg, "    line move %d (%s): %s\n      in %s\n", i + 1, mv,
                       pos->moves_err, pos->fen);
        return RUN_FAIL;
    }
    if (!bsearch_str(&pos->moves, mv)) {
        hx_sbuf_printf(msg, "    line move %d (%s) is not legal in %s\n", i + 1, mv, pos->fen);
        return RUN_FAIL;
    }
    fx_query q = query_of(f, profile, pos);
    int rc = note(r, fx_engine_play(r->eng, &q, mv, fen, &r->why));
    if (rc != 0) {
        hx_sbuf_printf(msg, "    line move %d (%s): %s%s\n      in %s\n", i + 1, mv,
                       failure_word(rc), r->why.text, pos->fen);
        return RUN_FAIL;
    }
    char *nf = hx_strdup(fen), *nl = hx_strfmt("%s%s%s", pos->line, i ? " " : "", mv);
    if (!nf || !nl) {
        free(nf), free(nl);
        r->oom = 1;
        return RUN_FAIL;
    }
    free(pos->fen), free(pos->line);
    pos->fen = nf, pos->line = nl;
    sv_free(&pos->moves);
    pos->have_moves = 0;
    return RUN_PASS;
}

/* Sets pos->fen to the position under test; returns RUN_PASS if reached. */
static int setup_position(rctx *r, const fx_fixture *f, const char *profile,
                          position *pos, hx_sbuf *msg)
{
    char fen[HX_FEN_MAX];
    if (strcmp(f->fen, "start") == 0) {
        if (note(r, fx_engine_start(r->eng, f->variant, profile, fen, &r->why)) != 0) {
            hx_sbuf_printf(msg, "    start position: engine error: %s\n", r->why.text);
            return RUN_FAIL;
        }
        pos->fen = hx_strdup(fen);
    } else {
        pos->fen = hx_strdup(f->fen);
    }
    pos->root = hx_strdup(pos->fen);
    pos->line = hx_strdup("");
    if (!pos->fen || !pos->root || !pos->line) {
        r->oom = 1;
        return RUN_FAIL;
    }
    for (int i = 0; i < f->moves.n; i++)
        if (play_line_move(r, f, profile, pos, i, msg) != RUN_PASS)
            return RUN_FAIL;
    return RUN_PASS;
}

/* The fixture's position, line and the detail of what failed: the text a
 * report shows under the check's heading. */
static char *describe_run(const fx_fixture *f, const char *profile, int refute,
                          const position *pos, int reached, hx_sbuf *detail)
{
    hx_sbuf m = { 0 };
    if (refute)
        hx_sbuf_printf(&m, "  negative control not refuted\n");
    hx_sbuf_printf(&m, "  source:   %s\n", f->source);
    if (f->setup)
        hx_sbuf_printf(&m, "  setup:    %s\n", f->setup);
    hx_sbuf_printf(&m, "  fen:      %s\n", f->fen);
    if (f->moves.n) {
        hx_sbuf_printf(&m, "  line:    ");
        for (int i = 0; i < f->moves.n; i++)
            hx_sbuf_printf(&m, " %s", f->moves.v[i]);
        hx_sbuf_printf(&m, "\n");
        if (pos->fen && reached)
            hx_sbuf_printf(&m, "  reached:  %s\n", pos->fen);
    }
    if (refute)
        hx_sbuf_printf(&m, "    every expectation held under %s, which the "
                  "fixture must refute\n", profile);
    else if (detail->s)
        hx_sbuf_printf(&m, "%s", detail->s);
    if (detail->oom || m.oom)
        hx_sbuf_printf(&m, "    (report truncated: out of memory)\n");
    return hx_sbuf_take(&m);
}

static char *joined_moves(const strvec *moves)
{
    hx_sbuf b = { 0 };
    for (int i = 0; i < moves->n; i++)
        hx_sbuf_printf(&b, "%s%s", i ? " " : "", moves->v[i]);
    return hx_sbuf_take(&b);
}

/* One run as a result: PASS, FAIL, or NOT_APPLICABLE when the engine
 * rejected the position (FX_REJECTED: only the reference does). */
static int run_one(rctx *r, const fx_fixture *f, const char *profile,
                   int refute, hx_results *results)
{
    position pos = { 0 };
    hx_sbuf msg = { 0 };
    int checked = 0, failed = 0;
    r->rejected = 0;
    r->engine_failed = 0;
    r->have_diff = 0;
    hx_fixture_skip why = skip_reason(r->caps, f, profile);
    if (why != HX_FIXTURE_RAN) {
        r->skipped_runs++;
        log_run(r, f, profile, refute, why, 0, NULL);
        return 0;
    }
    double start = hx_now();
    int st = setup_position(r, f, profile, &pos, &msg);
    if (st == RUN_FAIL)
        failed = 1;
    if (st == RUN_PASS) {
        for (int i = 0; i < f->nex; i++) {
            if (!applies(&f->ex[i], profile))
                continue;
            int c = check_expect(r, f, profile, &pos, &f->ex[i], &msg);
            if (c < 0)
                continue;
            checked++;
            if (c == 0)
                failed++;
        }
    }
    int skip = st == RUN_SKIP || (st == RUN_PASS && checked == 0);
    hx_check_result c;
    hx_check_result_init(&c, HX_CHECK_FIXTURE);
    if (r->rejected)
        c.outcome = HX_NOT_APPLICABLE;
    else
        c.outcome = (failed != 0) != (refute != 0) ? HX_FAIL : HX_PASS;
    if (!skip) {
        c.id = hx_strdup(f->id);
        c.source = hx_strfmt("%s:%d", f->file, f->line);
        c.variant = hx_strdup(f->variant);
        c.profile = hx_strdup(profile);
        c.fen = hx_strdup(pos.root ? pos.root : f->fen);
        c.moves = f->moves.n ? joined_moves(&f->moves) : NULL;
        c.depth = 1;
        if (c.outcome != HX_PASS)
            c.message = describe_run(f, profile, refute, &pos, st == RUN_PASS, &msg);
        if (r->have_diff && !refute) {
            c.expected = r->expected, c.got = r->got;
            hx_divide_init(&r->expected), hx_divide_init(&r->got);
            if (hx_divide_diff_of(&c.expected, &c.got, &c.diff) != 0)
                r->oom = 1;
        }
        c.seconds = hx_now() - start;
        log_run(r, f, profile, refute, HX_FIXTURE_RAN, c.outcome == HX_FAIL, msg.s);
        if (!c.id || !c.source || !c.variant || !c.profile || hx_results_add(results, &c) != 0)
            r->oom = 1;
    } else {
        r->skipped_runs++; /* (skip_reason saw it coming: not reached) */
        log_run(r, f, profile, refute, HX_FIXTURE_SKIP_OTHER, 0, NULL);
    }
    hx_check_result_free(&c);
    hx_divide_free(&r->expected);
    hx_divide_free(&r->got);
    free(pos.fen);
    free(pos.root);
    free(pos.line);
    sv_free(&pos.moves);
    free(msg.s);
    return 0;
}

/* -------------------------------------------------------------- driver */

int hx_fixtures_run(hx_fixture_engine *engine, const char *variant,
                    const char *profile, const char *const *paths, int npaths,
                    FILE *out, hx_results *results, hx_fixture_stats *stats)
{
    return hx_fixtures_run_logged(engine, variant, profile, paths, npaths, out, results, stats,
                                  NULL);
}

int hx_fixtures_run_logged(hx_fixture_engine *engine, const char *variant, const char *profile,
                           const char *const *paths, int npaths, FILE *out,
                           hx_results *results, hx_fixture_stats *stats, hx_fixture_runs *log)
{
    if (!out)
        out = stderr;
    memset(stats, 0, sizeof *stats);
    fx_list fl;
    if (fx_load(paths, npaths, out, &fl, &stats->files) != 0)
        return -1;
    rctx r = { 0 };
    r.eng = engine;
    r.caps = fx_engine_caps(engine);
    r.out = out;
    r.log = log;
    int rc = 0;
    for (int i = 0; rc == 0 && i < fl.n; i++) {
        const fx_fixture *f = &fl.v[i];
        if (variant && strcmp(f->variant, variant) != 0)
            continue;
        int ran = 0;
        for (int pass = 0; pass < 2; pass++) {
            const strvec *ps = pass ? &f->refutes : &f->profiles;
            for (int k = 0; k < ps->n; k++) {
                const char *pr = ps->v[k];
                if (profile && strcmp(pr, profile) != 0)
                    continue;
                if (!supported(&r, f->variant, pr)) {
                    r.skipped_runs++;
                    log_run(&r, f, pr, pass, HX_FIXTURE_SKIP_PROFILE, 0, NULL);
                    continue;
                }
                run_one(&r, f, pr, pass, results);
                ran = 1;
            }
        }
        stats->fixtures += ran;
    }
    if (r.oom) {
        fprintf(out, "fixtures: out of memory during the run\n");
        rc = -1;
    }
    stats->skipped_runs = r.skipped_runs;
    free(r.probes);
    fx_list_free(&fl);
    return rc;
}
