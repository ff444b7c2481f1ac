/*
 * verify.c - the verify runner (verify.h): the work items (root position,
 * suites, random positions, fixtures) around verify_check.c's one check.
 */
#include "verify_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "random.h"
#include "session.h"
#include "strutil.h"
#include "suite.h"

void verify_tell(const verify_ctx *v, hx_verify_event *e)
{
    if (v->obs && v->obs->event)
        v->obs->event(v->obs->ctx, e);
}

void verify_group(verify_ctx *v, hx_check_result *c)
{
    int same = hx_results_same_finding(v->results, c);
    c->group = (same >= 0 ? same : v->results->n) + 1;
    v->summary->findings += same < 0;
}

/* Is the run to stop before its next check? The engine cannot be asked
 * again, or --max-failures checks failed. */
static int stopped(verify_ctx *v)
{
    int limit = v->cfg->max_failures;
    if (!v->stop && limit > 0 && v->summary->failed >= limit)
        v->stop = v->limit_hit = 1;
    return v->stop;
}

/* verify_not_run, with the engine's stderr. */
static void not_run(verify_ctx *v, const char *label, hx_finding_kind kind, const char *why,
                    const char *what, const char *stderr_text)
{
    hx_check_result c;
    hx_check_result_init(&c, HX_CHECK_VERIFY);
    c.outcome = HX_ERROR;
    c.id = hx_strdup(label);
    c.variant = hx_strdup(v->cfg->variant);
    c.profile = hx_strdup(v->cfg->profile);
    c.message = hx_strdup(why);
    if ((c.finding = calloc(1, sizeof *c.finding)) != NULL) {
        c.finding->kind = kind;
        c.finding->what = hx_strdup(what);
        c.finding->stderr_text = hx_strdup(stderr_text);
    }
    verify_group(v, &c);
    hx_verify_event e = {.kind = HX_VERIFY_CHECK_DONE, .label = label, .check = &c};
    verify_tell(v, &e);
    hx_results_add(v->results, &c);
    v->summary->failed++;
}

void verify_not_run(verify_ctx *v, const char *label, hx_finding_kind kind, const char *why,
                    const char *what)
{
    not_run(v, label, kind, why, what, NULL);
}

static void collect_cells(verify_ctx *v)
{
    int w, h, horizontal;
    hx_board_size(v->rules, &w, &h, &horizontal);
    for (int x = 0; x < w; x++)
        for (int y = 0; y < h; y++)
            if (v->ncells < VERIFY_MAX_CELLS &&
                hx_cell_name(v->rules, x, y, 0, v->cells[v->ncells]) == 0)
                v->ncells++;
}

/* A uci engine is started (and its handshake checked) before any position. */
static int start_engine(verify_ctx *v)
{
    verify_answer a;
    int rc = verify_engine_start(v->engine, &a);
    if (rc != 0) {
        not_run(v, "engine start", HX_FINDING_ENGINE_START, a.message, a.message, a.stderr_text);
    } else if (!verify_engine_knows_profile(v->engine)) {
        hx_verify_event e = {.kind = HX_VERIFY_NO_PROFILE_OPTION};
        verify_tell(v, &e);
    }
    verify_answer_free(&a);
    return rc;
}

/* ------------------------------------------------------------ the root */

static int fail(hx_error *err, const char *what, const char *detail)
{
    size_t cap = sizeof err->message, n = strlen(what), m = strlen(detail);
    n = n < cap - 1 ? n : cap - 1;
    m = m < cap - 1 - n ? m : cap - 1 - n;
    memcpy(err->message, what, n);
    memcpy(err->message + n, detail, m);
    err->message[n + m] = '\0';
    return -1;
}

/* Canonical text of a move list played on pos (left played). */
static int canonical_moves(hx_position *pos, const char *moves, char *out, size_t cap,
                           hx_error *err)
{
    char *buf = strlen(moves) < VERIFY_MOVES_MAX ? hx_strdup(moves) : NULL, *save = NULL;
    int rc = buf ? 0 : fail(err, "--moves is too long", "");
    out[0] = '\0';
    for (char *m = buf ? strtok_r(buf, " ,", &save) : NULL; m && rc == 0;
         m = strtok_r(NULL, " ,", &save)) {
        hx_move move;
        hx_error e;
        char text[HX_MOVE_TEXT_MAX];
        if (hx_move_parse(pos, m, 0, &move, &e) != 0) {
            rc = fail(err, "--moves: ", e.message);
            break;
        }
        hx_move_text(pos, move, 0, text);
        hx_make(pos, move);
        size_t n = strlen(out);
        if (n + strlen(text) + 2 >= cap)
            rc = fail(err, "--moves is too long", "");
        else
            snprintf(out + n, cap - n, "%s%s", n ? " " : "", text);
    }
    free(buf);
    return rc;
}

/* The root HexFEN (canonical) of cfg->fen or the initial position. */
static int root_fen(const verify_ctx *v, hx_position *pos, char *out, hx_error *err)
{
    hx_error e;
    if (!pos)
        return fail(err, "out of memory", "");
    if (hx_position_set_fen(pos, v->cfg->fen, &e) != 0)
        return fail(err, "bad HexFEN: ", e.message);
    hx_position_fen(pos, out);
    return 0;
}

/* With cap_depth, the deepest depth up to depth whose count from fen after
 * moves is within --max-nodes (at least 1): a slow engine is not asked for
 * more than the budget; the check's depth says what was asked. */
static int budget_depth(const verify_ctx *v, const char *fen, const char *moves, int depth)
{
    if (!v->cfg->cap_depth || !v->cfg->max_nodes)
        return depth;
    hx_error e;
    hx_position *pos = hx_position_new(v->rules);
    int fits = depth;
    /* upwards: the one count past the budget costs at most a branching
     * factor times the budget, never the whole tree of -d */
    if (pos && hx_position_set_fen(pos, fen, &e) == 0 && hx_play_moves(pos, moves, 0, &e) == 0)
        for (fits = 1; fits < depth && hx_perft(pos, fits + 1) <= v->cfg->max_nodes; fits++)
            ;
    hx_position_free(pos);
    return fits;
}

static int run_single(verify_ctx *v, hx_error *err)
{
    char root[HX_FEN_MAX];
    char *moves = calloc(1, VERIFY_MOVES_MAX);
    hx_position *pos = hx_position_new(v->rules);
    int rc = moves ? root_fen(v, pos, root, err) : fail(err, "out of memory", "");
    if (rc == 0 && v->cfg->moves)
        rc = canonical_moves(pos, v->cfg->moves, moves, VERIFY_MOVES_MAX, err);
    hx_position_free(pos);
    if (rc == 0)
        verify_check(v, root, moves,
                     budget_depth(v, root, moves, v->cfg->depth >= 0 ? v->cfg->depth : 3),
                     v->cfg->fen || v->cfg->moves ? "position" : "initial position");
    free(moves);
    return rc;
}

/* ------------------------------------------------------------ random */

/* A position after up to 60 random legal plies from the root: its HexFEN,
 * and the moves played, space-separated (60 moves fit VERIFY_MOVES_MAX). */
static int random_position(hx_position *pos, uint64_t *state, char *fen, char *played_text)
{
    hx_move moves[HX_MAX_MOVES];
    int plies = 1 + (int)(hx_splitmix64(state) % 60), played = 0;
    size_t used = 0;
    played_text[0] = '\0';
    for (; played < plies; played++) {
        int n = hx_legal_moves(pos, moves);
        if (n == 0)
            break;
        hx_move m = moves[hx_splitmix64(state) % (uint64_t)n];
        char text[HX_MOVE_TEXT_MAX];
        hx_move_text(pos, m, 0, text);
        used += (size_t)snprintf(played_text + used, VERIFY_MOVES_MAX - used, "%s%s",
                                 used ? " " : "", text);
        hx_make(pos, m);
    }
    hx_position_fen(pos, fen);
    return played;
}

static int run_random(verify_ctx *v, hx_error *err)
{
    uint64_t state = v->cfg->seed;
    int depth = v->cfg->depth >= 0 ? v->cfg->depth : 2;
    for (int i = 0; i < v->cfg->random && !stopped(v); i++) {
        hx_position *pos = hx_position_new(v->rules);
        char root[HX_FEN_MAX], fen[HX_FEN_MAX], label[96], played[VERIFY_MOVES_MAX];
        if (root_fen(v, pos, root, err) != 0) {
            hx_position_free(pos);
            return -1;
        }
        int plies = random_position(pos, &state, fen, played);
        hx_position_free(pos);
        snprintf(label, sizeof label, "random #%d (seed %llu, %d plies)", i + 1,
                 (unsigned long long)v->cfg->seed, plies);
        /* an engine that takes only its initial position plus moves is given
         * the moves that reached the position, from the root */
        int history = verify_engine_history_only(v->engine);
        const char *at = history ? root : fen, *moves = history ? played : "";
        verify_check(v, at, moves, budget_depth(v, at, moves, depth), label);
    }
    return 0;
}

/* ------------------------------------------------------------ suites */

/* Does the reference agree with the suite line's count at depth k? Counted
 * only up to that count, so a tiny count at a deep depth fails at once
 * instead of running the whole tree; a count past it is "more than N". */
static int suite_count_holds(verify_ctx *v, const char *fen, const hx_suite_line *l, int k,
                             const char *label)
{
    hx_error open_err;
    hx_session_error e;
    hx_session *ref = hx_session_open_reference(v->cfg->variant, v->cfg->profile, &open_err);
    uint64_t got = 0;
    char why[400];
    if (!ref || hx_session_count(ref, fen, "", l->depth[k], l->count[k], &got, &e) != 0)
        snprintf(why, sizeof why, "the reference cannot count D%d: %s", l->depth[k],
                 ref ? e.error.message : open_err.message);
    else if (got > l->count[k])
        snprintf(why, sizeof why, "the suite says D%d %llu, the reference counts more than %llu",
                 l->depth[k], (unsigned long long)l->count[k], (unsigned long long)l->count[k]);
    else if (got < l->count[k])
        snprintf(why, sizeof why, "the suite says D%d %llu, the reference counts %llu",
                 l->depth[k], (unsigned long long)l->count[k], (unsigned long long)got);
    else
        why[0] = '\0';
    hx_session_close(ref);
    if (!why[0])
        return 1;
    verify_not_run(v, label, HX_FINDING_SUITE_LINE, why, why);
    return 0;
}

/* A suite line: checked at its deepest depth within -d and --max-nodes. */
static void run_suite_line(verify_ctx *v, const char *file, const hx_suite_line *l)
{
    char label[300], canon[HX_FEN_MAX];
    int limit = v->cfg->depth > 0 ? v->cfg->depth : VERIFY_MAX_DEPTH;
    int k = hx_suite_deepest(l, limit, v->cfg->max_nodes);
    snprintf(label, sizeof label, "%s:%ld%s%s", file, l->lineno, l->id[0] ? " " : "", l->id);
    hx_position *pos = hx_position_new(v->rules);
    hx_error err;
    if (!pos || hx_position_set_fen(pos, l->fen, &err) != 0) {
        verify_not_run(v, label, HX_FINDING_SUITE_FEN, "bad HexFEN in the suite",
                       pos ? err.message : "no memory");
    } else if (k < 0) {
        hx_verify_event e = {.kind = HX_VERIFY_LINE_SKIPPED, .label = label};
        verify_tell(v, &e);
    } else {
        hx_position_fen(pos, canon);
        if (suite_count_holds(v, canon, l, k, label))
            verify_check(v, canon, "", l->depth[k], label);
    }
    hx_position_free(pos);
}

/* A suite for other rules than the engine is run with (its header or its
 * name says so) is skipped with a note. Returns the lines selected. */
static int run_suite(verify_ctx *v, const char *file)
{
    hx_suite s;
    hx_error err;
    if (hx_suite_read(file, &s, &err) != 0) {
        verify_not_run(v, file, HX_FINDING_NOT_RUN, err.message, err.message);
        return 0;
    }
    hx_error e;
    int selected = 0, quick = v->cfg->tier && strcmp(v->cfg->tier, "quick") == 0;
    if (s.names_from && hx_rules_find(s.variant, s.profile, &e) &&
        (strcmp(s.variant, v->cfg->variant) != 0 || strcmp(s.profile, v->cfg->profile) != 0)) {
        hx_verify_event skip = {.kind = HX_VERIFY_SUITE_SKIPPED, .label = file, .variant = s.variant,
                                .profile = s.profile};
        verify_tell(v, &skip);
        hx_suite_free(&s);
        return 0;
    }
    for (int i = 0; i < s.n && !stopped(v); i++)
        if (!quick || s.lines[i].quick) {
            selected++;
            run_suite_line(v, file, &s.lines[i]);
        }
    hx_suite_free(&s);
    return selected;
}

/* ------------------------------------------------------------ fixtures */

static void run_fixtures(verify_ctx *v)
{
    if (!v->cfg->fixture_paths) {
        hx_verify_event e = {.kind = HX_VERIFY_FIXTURES_MISSING};
        verify_tell(v, &e);
        v->summary->failed++;
        v->summary->findings++;
        return;
    }
    hx_verify_event begin = {.kind = HX_VERIFY_FIXTURES_BEGIN};
    begin.with_status = verify_engine_has_status(v->engine);
    verify_tell(v, &begin);
    hx_fixture_stats stats;
    int first = v->results->n;
    if (verify_engine_fixtures(v->engine, v->cfg, v->results, &stats) != 0) {
        verify_not_run(v, "fixtures", HX_FINDING_NOT_RUN, "the fixture files could not be run",
                       "the fixture files could not be run");
        return;
    }
    if (v->results->n == first) { /* a run that checks nothing fails */
        char what[300];
        snprintf(what, sizeof what, "no fixture of %s under %s in the given files",
                 v->cfg->variant, v->cfg->profile);
        verify_not_run(v, "fixtures", HX_FINDING_NOT_RUN, "no fixture selected", what);
        return;
    }
    hx_verify_event done = {.kind = HX_VERIFY_FIXTURES_DONE};
    done.results = v->results;
    done.first = first;
    done.stats = &stats;
    for (int i = first; i < v->results->n; i++)
        done.failed += v->results->checks[i].outcome != HX_PASS;
    done.passed = v->results->n - first - done.failed;
    verify_tell(v, &done);
    v->summary->passed += done.passed;
    v->summary->failed += done.failed;
    v->summary->findings += done.failed; /* each fixture is its own finding */
}

/* ------------------------------------------------------------ the run */

static int run_items(verify_ctx *v, hx_error *err)
{
    const hx_verify_config *cfg = v->cfg;
    if (cfg->single && run_single(v, err) != 0)
        return -1;
    int selected = 0;
    for (int i = 0; i < cfg->nsuites && !stopped(v); i++)
        selected += run_suite(v, cfg->suites[i]);
    if (cfg->nsuites && !v->stop && selected == 0 && v->summary->failed == 0)
        return fail(err, "verify: no suite line selected", cfg->tier ? " (--tier)" : "");
    if (cfg->random > 0 && !stopped(v) && run_random(v, err) != 0)
        return -1;
    if (cfg->fixtures && !stopped(v))
        run_fixtures(v);
    return 0;
}

int hx_verify_run(const hx_verify_config *cfg, const hx_verify_observer *obs,
                  hx_results *results, hx_verify_summary *summary, hx_error *err)
{
    verify_ctx v;
    memset(&v, 0, sizeof v);
    memset(summary, 0, sizeof *summary);
    v.cfg = cfg, v.obs = obs, v.results = results, v.summary = summary;
    if (!(v.rules = hx_rules_find(cfg->variant, cfg->profile, err)))
        return -1;
    if (!(v.engine = verify_engine_open(cfg)))
        return fail(err, "out of memory", "");
    collect_cells(&v);
    if (start_engine(&v) != 0)
        v.stop = 1;
    int rc = run_items(&v, err);
    summary->max_failures = cfg->max_failures;
    if (v.stop)
        summary->stop = v.limit_hit                      ? HX_VERIFY_MAX_FAILURES
                        : verify_engine_gave_up(v.engine) ? HX_VERIFY_GAVE_UP
                                                          : HX_VERIFY_NO_ENGINE;
    else if (rc == 0 && summary->passed + summary->failed == 0) /* checking nothing fails */
        rc = fail(err, "verify: nothing was checked",
                  summary->not_asked
                      ? " (the engine takes only its initial position plus moves, --history, "
                        "and no check was of a position reached so)"
                      : " (every suite line was skipped: no depth within -d and --max-nodes)");
    const char *id = verify_engine_id(v.engine);
    snprintf(summary->engine_id, sizeof summary->engine_id, "%s", id ? id : "");
    verify_engine_close(v.engine);
    return rc;
}
