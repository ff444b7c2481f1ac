/*
 * cmd_gen.c - hexref gen: perft reference data from random reachable
 * positions, written as suite lines (cmd_suite.c reads them back).
 *
 * Position i is a random game from the initial position driven by its own
 * random stream, seeded from (seed, i) alone (gen_games.c). So the file is
 * the same for the same options on every run and machine, and an
 * interrupted run resumes by counting the complete lines already written
 * (gen_output.c): nothing is replayed from the earlier run but the options
 * in the header, which must match.
 *
 * Every line is written with one fputs and flushed, so a kill leaves at most
 * one partial last line; --resume cuts it off before continuing.
 */
#include "gen.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- One line -------------------------------------------------------------- */

/* Counts depth by depth, checking with the oracle up to --check-depth;
 * returns 0, or non-zero after naming a disagreement. */
static int count_line(gen_run *g, hx_position *pos, char *line, size_t cap, int index)
{
    char fen[HX_FEN_MAX];
    hx_error e;
    hx_session_error se;
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
            if (hx_session_count(g->oracle, fen, "", d, UINT64_MAX, &check, &se) != 0)
                return cli_bad_input("gen: position %d (%s): oracle: %s", index, fen,
                                     se.error.message);
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

/* ---- Command ------------------------------------------------------------------ */

static int gen_setup(const cli_opts *o, gen_run *g)
{
    memset(g, 0, sizeof *g);
    g->o = o;
    int rc = cli_require_variant("gen", o);
    if (rc || (rc = gen_parse_bias(o->bias, &g->bias)) != 0)
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
    g->depth = o->depth;
    g->check_depth = o->check_depth < 0 ? (o->depth < 3 ? o->depth : 3) : o->check_depth;
    if (hx_rules_is_control(g->rules))
        g->check_depth = 0; /* the oracle implements no negative control */
    if (g->check_depth > 0 &&
        !(g->oracle = hx_session_open_oracle(hx_rules_variant(g->rules), g->profile, &err)))
        return cli_bad_input("gen: oracle: %s", err.message);
    gen_make_header(g);
    return 0;
}

static int gen_loop(gen_run *g, hx_position *pos)
{
    char line[4096];
    g->start = hx_now();
    for (g->done = g->first; g->done < g->o->count; g->done++) {
        gen_show_progress(g);
        gen_random_position(pos, g->o->seed, g->bias, g->done);
        int rc = count_line(g, pos, line, sizeof line, g->done);
        if (rc)
            return rc;
        if (fputs(line, g->out) == EOF || fflush(g->out))
            return cli_bad_input("%s: write error: %s", g->o->output, strerror(errno));
    }
    gen_show_progress(g);
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
    if ((rc = gen_setup(&o, &g)) != 0 || (rc = gen_open_output(&g)) != 0) {
        hx_session_close(g.oracle);
        return rc;
    }
    hx_position *pos = hx_position_new(g.rules);
    rc = pos ? gen_loop(&g, pos) : cli_bad_input("out of memory");
    hx_position_free(pos);
    hx_session_close(g.oracle);
    int closed = fclose(g.out);
    if (closed && !rc)
        rc = cli_bad_input("%s: write error: %s", o.output, strerror(errno));
    if (!rc)
        fprintf(stderr, "gen: %d positions in %s (%d made now)\n", o.count, o.output,
                o.count - g.first);
    return rc;
}
