/*
 * cmd_count.c - perft, divide and moves: the counting commands whose output
 * formats scripts depend on (perft: the count is the last line of stdout;
 * divide: perftree's "MOVE COUNT" lines, a blank line, the total). How a
 * count is made (deep, watched, the oracle's) is counting.c's.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "counting.h"

static const cli_option depth_option[] = {
    CLI_OPT(CLI_OPT_INT, 'd', "depth", "D", CLI_FIELD(depth), "the depth, instead of the argument DEPTH"),
    CLI_END};

static const cli_option perft_options[] = {
    CLI_INCLUDE(cli_position_options),
    CLI_INCLUDE(depth_option),
    CLI_OPT(CLI_OPT_INT, 't', "threads", "N", CLI_FIELD(threads),
            "share the count among N threads (docs/perft.md)"),
    CLI_OPT(CLI_OPT_INT, 0, "hash", "MB", CLI_FIELD(hash_mb),
            "transposition table of at most MB megabytes"),
    CLI_OPT(CLI_OPT_U64, 0, "key-seed", "N", CLI_FIELD(key_seed),
            "draw the table's 128-bit keys from N (default 0): two runs with\n"
            "different N share no key"),
    CLI_OPT(CLI_OPT_FLAG, 0, "no-bulk", NULL, CLI_FIELD(no_bulk),
            "play every last-ply move instead of counting the list"),
    CLI_OPT(CLI_OPT_STRING, 0, "checkpoint", "FILE", CLI_FIELD(checkpoint),
            "keep the finished jobs' counts in FILE; the same command\n"
            "run again resumes from it (progress shows on a terminal)"),
    CLI_OPT(CLI_OPT_INT, 0, "split", "K", CLI_FIELD(split),
            "print the jobs K plies down instead of counting (tab-separated\n"
            "'ID/N@FP VARIANT PROFILE DEPTH HEXFEN MULT'; sum with 'hexref merge')"),
    CLI_OPT(CLI_OPT_STRING, 'o', "output", "FILE", CLI_FIELD(output),
            "with --split: write the jobs to FILE"),
    CLI_OPT(CLI_OPT_STRING, 0, "job", "ID/N@FP", CLI_FIELD(job),
            "print the count as merge's result line 'ID COUNT CHECK'"),
    CLI_END};

static const cli_option divide_options[] = {
    CLI_INCLUDE(cli_position_options), CLI_INCLUDE(depth_option), CLI_END};

const cli_command cli_perft_command = {
    "perft", cmd_perft, "count the leaves of the legal move tree to a depth",
    "hexref perft -v VARIANT [options] DEPTH",
    "Counts the leaves of the legal move tree. The count is the last line of stdout;\n"
    "time and nodes/s go to stderr, and on a terminal progress and ETA after 1 s.\n",
    perft_options};

const cli_command cli_divide_command = {
    "divide", cmd_divide, "perft per root move, in perftree's format",
    "hexref divide -v VARIANT [options] DEPTH",
    "Prints 'MOVE COUNT' per legal root move (sorted by move text), a blank line and\n"
    "the total: perftree's format. On a terminal: progress and ETA after 1 s.\n",
    divide_options};

const cli_command cli_moves_command = {
    "moves", cmd_moves, "list the legal moves of a position", "hexref moves -v VARIANT [options]",
    "Prints the legal moves, one per line, sorted.\n", cli_position_options};

static int open_for(const cli_command *command, int argc, char **argv, cli_opts *o,
                    cli_position *cp, int *depth, int needs_depth)
{
    int rc = cli_parse(command, argc, argv, o);
    if (rc)
        return rc; /* CLI_DONE after --help: the callers exit 0 */
    if ((rc = cli_require_variant(command->name, o)) != 0)
        return rc;
    if (needs_depth && (rc = cli_depth(command->name, o, depth)) != 0)
        return rc;
    if (!needs_depth && o->nargs)
        return cli_usage_error(command->name, "unexpected argument '%s'", o->args[0]);
    if ((rc = cli_position_open(o, cp)) != 0)
        return rc;
    if (needs_depth && (rc = cli_depth_fits(cp, *depth)) != 0)
        cli_position_close(cp);
    return rc;
}

static int perft_checks(const cli_opts *o, const cli_position *cp)
{
    if (o->threads < 1 || o->threads > 256)
        return cli_usage_error("perft", "--threads must be between 1 and 256");
    if (!cp->pos && (o->no_bulk || o->split || o->checkpoint))
        return cli_usage_error("perft", "--no-bulk, --split and --checkpoint need the reference engine");
    if (o->key_seed && (!o->hash_mb || !cp->pos))
        return cli_usage_error("perft", "--key-seed draws the keys of the reference's table: it "
                                        "needs --hash and the reference generator");
    if (o->split && o->checkpoint)
        return cli_usage_error("perft", "--split prints jobs, it has nothing to checkpoint");
    if (o->job && o->split)
        return cli_usage_error("perft", "--job counts one job of a split, it cannot split");
    if (o->job && !cli_is_job_id(o->job))
        return cli_usage_error("perft", "--job needs the job's id as perft --split wrote it (ID/N@FP)");
    return 0;
}

int cmd_perft(int argc, char **argv)
{
    cli_opts o;
    cli_position cp;
    int depth = 0, rc = open_for(&cli_perft_command, argc, argv, &o, &cp, &depth, 1);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if ((rc = perft_checks(&o, &cp)) != 0 || o.split) {
        if (!rc)
            rc = cli_perft_split(&o, &cp, depth);
        cli_position_close(&cp);
        return rc;
    }
    uint64_t nodes = 0, resumed = 0;
    double start = hx_now();
    rc = cli_count(&o, &cp, depth, &nodes, &resumed);
    cli_position_close(&cp);
    if (rc)
        return rc;
    cli_report_speed(nodes - resumed, hx_now() - start);
    if (o.job)
        printf("%s\t%llu\t%016llx\n", o.job, (unsigned long long)nodes,
               (unsigned long long)cli_result_check(o.job, nodes));
    else
        printf("%llu\n", (unsigned long long)nodes);
    return EXIT_OK;
}

int cmd_divide(int argc, char **argv)
{
    cli_opts o;
    cli_position cp;
    int depth = 0, rc = open_for(&cli_divide_command, argc, argv, &o, &cp, &depth, 1);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if (depth < 1) {
        cli_position_close(&cp);
        return cli_usage_error("divide", "DEPTH must be at least 1");
    }
    hx_divide d;
    hx_error err = {"out of memory"};
    double start = hx_now();
    int n = cli_count_divide(&o, &cp, depth, &d, &err);
    cli_position_close(&cp);
    if (n < 0)
        return cli_bad_input("%s", err.message);
    for (int i = 0; !o.naming && i < d.n; i++)
        if (d.moves[i].count == UINT64_MAX) { /* as the reference's count of the child says it */
            hx_divide_free(&d);
            return cli_bad_input("depth %d refused (the limit is %d) or a count beyond 64 bits",
                                 depth - 1, HX_PERFT_MAX_DEPTH);
        }
    uint64_t total = 0; /* a count of UINT64_MAX is hx_perft's "does not fit" */
    for (int i = 0; i < d.n; i++)
        if (d.moves[i].count == UINT64_MAX || total > UINT64_MAX - d.moves[i].count) {
            hx_divide_free(&d);
            return cli_bad_input("the count does not fit in 64 bits");
        } else {
            total += d.moves[i].count;
        }
    for (int i = 0; i < d.n; i++)
        printf("%s %llu\n", d.moves[i].move, (unsigned long long)d.moves[i].count);
    hx_divide_free(&d);
    cli_report_speed(total, hx_now() - start);
    printf("\n%llu\n", (unsigned long long)total);
    return EXIT_OK;
}

static int compare_texts(const void *a, const void *b) { return strcmp(a, b); }

int cmd_moves(int argc, char **argv)
{
    cli_opts o;
    cli_position cp;
    int rc = open_for(&cli_moves_command, argc, argv, &o, &cp, NULL, 0);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if (cp.pos) { /* the reference's own moves (seed 004's cell names: only it writes them) */
        char texts[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
        hx_move moves[HX_MAX_MOVES];
        int n = hx_legal_moves(cp.pos, moves);
        for (int i = 0; i < n; i++)
            hx_move_text(cp.pos, moves[i], o.naming, texts[i]);
        qsort(texts, (size_t)n, HX_MOVE_TEXT_MAX, compare_texts);
        for (int i = 0; i < n; i++)
            printf("%s\n", texts[i]);
    } else { /* the oracle's list: its divide to depth 1 */
        hx_session_answer a;
        if (hx_session_divide(cp.session, cp.query_fen, cp.query_moves, 1, &a)) {
            rc = cli_bad_input("%s", a.error.error.message);
            hx_session_answer_free(&a);
            cli_position_close(&cp);
            return rc;
        }
        for (int i = 0; i < a.divide.n; i++)
            printf("%s\n", a.divide.moves[i].move);
        hx_session_answer_free(&a);
    }
    cli_position_close(&cp);
    return EXIT_OK;
}
