/*
 * cmd_gen.c - hexref gen: perft reference data from random reachable
 * positions, written as suite lines (cmd_suite.c reads them back).
 *
 * Position i is a random game from the initial position driven by its own
 * random stream, seeded from (seed, i) alone. So the file is the same for
 * the same options on every run and machine, and an interrupted run resumes
 * by counting the complete lines already written: nothing is replayed from
 * the earlier run but the options in the header, which must match.
 *
 * Every line is written with one fputs and flushed, so a kill leaves at most
 * one partial last line; --resume cuts it off before continuing.
 */
#include "cli.h"
#include "input_file.h"
#include "random.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BIAS_CASTLE = 1, BIAS_EP = 2, BIAS_PROMO = 4, BIAS_CHECK = 8 };
enum { GEN_MIN_PLIES = 4, GEN_MAX_PLIES = 120, GEN_MAX_DEPTH = HX_PERFT_MAX_DEPTH };

typedef struct gen_run {
    const cli_opts *o;
    const hx_rules *rules;
    hx_engine oracle;
    const char *profile;
    int bias, depth, check_depth;
    char header[512];
    FILE *out;
    /* Progress. */
    double start;
    uint64_t nodes;
    int first, done;
} gen_run;

/* ---- Random stream (SplitMix64: fixed, portable) ------------------------- */

static uint64_t below(uint64_t *state, uint64_t n) { return hx_splitmix64(state) % n; }

/* ---- Random games ---------------------------------------------------------- */

static int parse_bias(const char *text, int *bias)
{
    static const char *names[] = {"castle", "ep", "promo", "check"};
    *bias = 0;
    if (!text)
        return 0;
    char copy[128], *save = NULL;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        int i = 0;
        while (i < 4 && strcmp(w, names[i]))
            i++;
        if (i == 4)
            return cli_usage_error("gen", "unknown --bias '%s' (castle, ep, promo, check)", w);
        *bias |= 1 << i;
    }
    return 0;
}

/* The weight of a move under the bias: the favoured kinds, and the pawn
 * moves that lead to them (multi-steps for e.p., any pawn move for
 * promotions), are picked more often; every legal move stays possible. */
static unsigned move_weight(hx_position *pos, hx_move m, int bias)
{
    int f = hx_move_flags(pos, m);
    unsigned w = 1;
    if (((bias & BIAS_CASTLE) && (f & HX_MOVE_CASTLE)) || ((bias & BIAS_EP) && (f & HX_MOVE_EP)) ||
        ((bias & BIAS_PROMO) && (f & HX_MOVE_PROMOTION)))
        w = 40;
    else if ((bias & BIAS_EP) && (f & HX_MOVE_MULTI_STEP))
        w = 6;
    if (bias & BIAS_CHECK) {
        hx_make(pos, m);
        w += hx_in_check(pos) ? 12 : 0;
        hx_unmake(pos);
    }
    return w;
}

static hx_move pick_move(hx_position *pos, const hx_move *moves, int n, int bias, uint64_t *rng)
{
    if (!bias)
        return moves[below(rng, (uint64_t)n)];
    unsigned weights[HX_MAX_MOVES];
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += weights[i] = move_weight(pos, moves[i], bias);
    uint64_t r = below(rng, total);
    int i = 0;
    while (r >= weights[i])
        r -= weights[i++];
    return moves[i];
}

/* Position `index`: a game of a random length; a game that ends sooner
 * stops at its final (mate or stalemate) position. */
static void random_position(const gen_run *g, hx_position *pos, int index)
{
    uint64_t rng = g->o->seed ^ (0x6a09e667f3bcc909ULL * (uint64_t)(index + 1));
    hx_splitmix64(&rng);
    hx_error err;
    hx_position_set_fen(pos, NULL, &err);
    int plies = GEN_MIN_PLIES + (int)below(&rng, GEN_MAX_PLIES - GEN_MIN_PLIES + 1);
    hx_move moves[HX_MAX_MOVES];
    for (int p = 0; p < plies; p++) {
        int n = hx_legal_moves(pos, moves);
        if (n == 0)
            break;
        hx_make(pos, pick_move(pos, moves, n, g->bias, &rng));
    }
}

/* ---- One line -------------------------------------------------------------- */

/* Counts depth by depth, checking with the oracle up to --check-depth;
 * returns 0, or non-zero after naming a disagreement. */
static int count_line(gen_run *g, hx_position *pos, char *line, size_t cap, int index)
{
    char fen[HX_FEN_MAX], err[256];
    hx_error e;
    hx_position_fen(pos, fen);
    /* Count the position the line names: its HexFEN read back, not the game
     * that reached it, whose history (diag-firstmove's marks) the line
     * cannot carry; a suite reader gets exactly this position. */
    if (hx_position_set_fen(pos, fen, &e) != 0)
        return cli_bad_input("gen: position %d (%s): %s", index, fen, e.message);
    size_t len = (size_t)snprintf(line, cap, "%s", fen);
    for (int d = 1; d <= g->depth; d++) {
        uint64_t n = hx_perft(pos, d), check = 0;
        if (n == UINT64_MAX)
            return cli_bad_input("gen: position %d (%s): the D%d count does not fit in 64 bits",
                                 index, fen, d);
        if (g->o->max_nodes && n > g->o->max_nodes)
            break;
        g->nodes += n;
        if (d <= g->check_depth) {
            if (g->oracle.perft(g->oracle.ctx, hx_rules_variant(g->rules), g->profile, fen, d,
                                &check, err, sizeof err))
                return cli_bad_input("gen: position %d (%s): oracle: %s", index, fen, err);
            if (check != n)
                return cli_bad_input("gen: DISAGREEMENT at position %d, %s, D%d: reference %llu, "
                                     "oracle %llu (nothing written; divide it with "
                                     "'hexref divide')",
                                     index, fen, d, (unsigned long long)n,
                                     (unsigned long long)check);
        }
        len += (size_t)snprintf(line + len, cap - len, " ;D%d %llu", d, (unsigned long long)n);
    }
    snprintf(line + len, cap - len, " ;id gen-%llu-%d\n", (unsigned long long)g->o->seed, index);
    return 0;
}

/* The progress bar, on a terminal only (a log gets the last line of gen). */
static void show_progress(const gen_run *g)
{
    if (!cli_progress_wanted())
        return;
    double t = hx_now() - g->start;
    int made = g->done - g->first, left = g->o->count - g->done;
    double eta = made ? t / made * left : 0;
    int width = 30, filled = g->o->count ? width * g->done / g->o->count : width;
    fprintf(stderr, "\r[%.*s%*s] %d/%d positions, %.3g nodes/s, ETA %d:%02d ", filled,
            "##############################", width - filled, "", g->done, g->o->count,
            t > 0 ? (double)g->nodes / t : 0.0, (int)eta / 60, (int)eta % 60);
}

/* ---- Output file and resume -------------------------------------------------- */

static void make_header(gen_run *g)
{
    snprintf(g->header, sizeof g->header,
             "# hexref gen -v %s -p %s --count %d --depth %d --seed %llu --bias %s "
             "--check-depth %d --max-nodes %llu\n",
             hx_rules_variant(g->rules), g->profile, g->o->count, g->depth,
             (unsigned long long)g->o->seed, g->o->bias ? g->o->bias : "none", g->check_depth,
             (unsigned long long)g->o->max_nodes);
}

/* A complete line of the file must end in the id of position *lines. */
static int check_line_id(const gen_run *g, const char *text, long lineno, int *lines)
{
    char want[64];
    snprintf(want, sizeof want, ";id gen-%llu-%d\n", (unsigned long long)g->o->seed, *lines);
    size_t n = strlen(text), w = strlen(want);
    if (n < w || strcmp(text + n - w, want) != 0)
        return cli_bad_input("%s:%ld: expected the line of position %d", g->o->output, lineno,
                             *lines);
    (*lines)++;
    return 0;
}

/* Reads an existing file: checks the header and line ids, counts complete
 * lines, and returns the length of the complete part in *keep. */
static int scan_existing(gen_run *g, FILE *in, int *lines, long *keep)
{
    /* getline, not a fixed buffer: a line longer than the buffer looked
     * like the torn last line of an interrupted write, and --resume cut
     * the file there, dropping the lines after it. */
    char *text = NULL;
    size_t cap = 0;
    ssize_t got;
    long lineno = 0, offset = 0;
    int rc = 0;
    *lines = 0;
    while (!rc && (got = getline(&text, &cap, in)) > 0) {
        lineno++;
        if (text[got - 1] != '\n') {
            /* The partial line of an interrupted write; a torn header
             * means nothing was written yet. */
            if (lineno == 1 && strncmp(text, g->header, (size_t)got) != 0)
                rc = cli_bad_input("%s:1: not a file of hexref gen", g->o->output);
            break;
        }
        if (lineno == 1 && strcmp(text, g->header) != 0)
            rc = cli_bad_input("%s:1: the file was made with other options:\n  %s", g->o->output,
                               text);
        else if (lineno > 1)
            rc = check_line_id(g, text, lineno, lines);
        offset += (long)got;
    }
    free(text);
    *keep = offset; /* 0: killed before the header was complete */
    return rc;
}

static int open_resume(gen_run *g)
{
    char why[4200];
    FILE *in = hx_input_open(g->o->output, why, sizeof why);
    if (!in)
        return cli_bad_input("%s (--resume needs the file of the interrupted run)", why);
    long keep = 0;
    int rc = scan_existing(g, in, &g->first, &keep);
    fclose(in);
    if (rc)
        return rc;
    if (truncate(g->o->output, keep) != 0)
        return cli_bad_input("%s: %s", g->o->output, strerror(errno));
    g->out = fopen(g->o->output, "a");
    if (!g->out)
        return cli_bad_input("%s: %s", g->o->output, strerror(errno));
    if (keep == 0 && (fputs(g->header, g->out) == EOF || fflush(g->out)))
        return cli_bad_input("%s: write error: %s", g->o->output, strerror(errno));
    return 0;
}

static int open_output(gen_run *g)
{
    g->first = 0;
    if (g->o->resume)
        return open_resume(g);
    if (access(g->o->output, F_OK) == 0)
        return cli_bad_input("%s exists: continue it with --resume, or remove it", g->o->output);
    g->out = fopen(g->o->output, "w");
    if (!g->out)
        return cli_bad_input("%s: %s", g->o->output, strerror(errno));
    if (fputs(g->header, g->out) == EOF || fflush(g->out))
        return cli_bad_input("%s: write error: %s", g->o->output, strerror(errno));
    return 0;
}

/* ---- Command ------------------------------------------------------------------ */

static int gen_setup(const cli_opts *o, gen_run *g)
{
    memset(g, 0, sizeof *g);
    g->o = o;
    int rc = cli_require_variant("gen", o);
    if (rc || (rc = parse_bias(o->bias, &g->bias)) != 0)
        return rc;
    if (o->nargs)
        return cli_usage_error("gen", "unexpected argument '%s'", o->args[0]);
    if (o->count < 1 || o->depth < 1 || o->depth > GEN_MAX_DEPTH || !o->has_seed || !o->output)
        return cli_usage_error("gen", "needs --count N (N >= 1), --depth D (1..%d), --seed S and -o FILE",
                               GEN_MAX_DEPTH);
    hx_error err;
    if (!(g->rules = hx_rules_find(o->variant, o->profile, &err)))
        return cli_bad_input("%s", err.message);
    g->profile = hx_rules_profile(g->rules);
    hx_engine_by_name("oracle", &g->oracle);
    g->depth = o->depth;
    g->check_depth = o->check_depth < 0 ? (o->depth < 3 ? o->depth : 3) : o->check_depth;
    if (hx_rules_is_control(g->rules))
        g->check_depth = 0; /* the oracle implements no negative control */
    make_header(g);
    return 0;
}

static int gen_loop(gen_run *g, hx_position *pos)
{
    char line[4096];
    g->start = hx_now();
    for (g->done = g->first; g->done < g->o->count; g->done++) {
        show_progress(g);
        random_position(g, pos, g->done);
        int rc = count_line(g, pos, line, sizeof line, g->done);
        if (rc)
            return rc;
        if (fputs(line, g->out) == EOF || fflush(g->out))
            return cli_bad_input("%s: write error: %s", g->o->output, strerror(errno));
    }
    show_progress(g);
    if (cli_progress_wanted())
        fputc('\n', stderr);
    return 0;
}

static const cli_option gen_options[] = {
    CLI_INCLUDE(cli_variant_options),
    CLI_OPT(CLI_OPT_INT, 'n', "count", "COUNT", CLI_FIELD(count), "suite lines to write"),
    CLI_OPT(CLI_OPT_INT, 'd', "depth", "D", CLI_FIELD(depth), "the deepest count of each line"),
    CLI_OPT_COUNTED(CLI_OPT_U64, 0, "seed", "S", CLI_FIELD(seed), CLI_FIELD(has_seed),
                    "the seed of the random games"),
    CLI_OPT(CLI_OPT_STRING, 'o', "output", "FILE", CLI_FIELD(output), "the suite file to write"),
    CLI_OPT(CLI_OPT_STRING, 0, "bias", "LIST", CLI_FIELD(bias),
            "favour castle,ep,promo,check moves in the random games"),
    CLI_OPT(CLI_OPT_INT, 0, "check-depth", "K", CLI_FIELD(check_depth),
            "cross-check with the oracle up to depth K (default: D, at most 3)"),
    CLI_OPT(CLI_OPT_FLAG, 0, "resume", NULL, CLI_FIELD(resume),
            "continue an interrupted FILE (same options)"),
    CLI_OPT(CLI_OPT_U64, 0, "max-nodes", "N", CLI_FIELD(max_nodes),
            "skip depths whose count exceeds N (default: no limit)"),
    CLI_END};

const cli_command cli_gen_command = {
    "gen", cmd_gen, "write perft suite lines for random reachable positions",
    "hexref gen -v VARIANT [-p PROFILE] -n COUNT --depth D --seed S -o FILE [options]",
    "Writes perft reference data for random reachable positions, from a seed.\n"
    "COUNT suite lines, the same for the same seed; every count is checked with the\n"
    "oracle. A progress bar (positions, nodes/s, ETA) goes to stderr.\n",
    gen_options};

int cmd_gen(int argc, char **argv)
{
    cli_opts o;
    gen_run g;
    int rc = cli_parse(&cli_gen_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = gen_setup(&o, &g)) != 0 || (rc = open_output(&g)) != 0)
        return rc;
    hx_position *pos = hx_position_new(g.rules);
    rc = pos ? gen_loop(&g, pos) : cli_bad_input("out of memory");
    hx_position_free(pos);
    int closed = fclose(g.out);
    if (closed && !rc)
        rc = cli_bad_input("%s: write error: %s", o.output, strerror(errno));
    if (!rc)
        fprintf(stderr, "gen: %d positions in %s (%d made now)\n", o.count, o.output,
                o.count - g.first);
    return rc;
}
