/*
 * cmd_merge.c - hexref merge: sums the results of the jobs of perft --split
 * (perft_split.c cuts the perft; job_merge.c reads the lines back). docs/perft.md shows the round trip through GNU
 * parallel and a Slurm job array.
 *
 * A job line is tab-separated, so that `parallel --colsep '\t'` can take it
 * apart although a HexFEN contains spaces:
 *
 *     ID/N  VARIANT  PROFILE  DEPTH  HEXFEN  MULT
 *
 * ID/N numbers the jobs 1..N (merge checks that each is present exactly
 * once), DEPTH is the depth left to count from HEXFEN, and MULT says how
 * many lines of the root's tree lead to that position (transpositions are
 * merged into one job). ID/N is followed by "@" and the fingerprint of the
 * jobs file (16 hex digits: a sum of the lines' hashes), so a result line,
 * `ID/N@FP<TAB>COUNT<TAB>CHECK` as `hexref perft --job ID/N@FP ...` prints
 * it, names the split it belongs to, and an edited jobs file shows. CHECK
 * (16 hex digits) is a hash of the rest of the result line: an edited or
 * torn count is refused. A split whose tree ends within K plies has no
 * jobs: it writes the one line "0/0@FP ... ROOT-HEXFEN 0", whose MULT 0
 * makes any result of it count nothing, and merge's total is 0.
 *
 * merge reads lines of printable ASCII and TAB only: any other byte (CR,
 * NUL, a control or non-ASCII byte) is an error naming file:line.
 */
#include "cli.h"
#include "job_merge.h"

#include <stdlib.h>

static const cli_option merge_options[] = {
    CLI_OPT(CLI_OPT_FLAG, 0, "missing", NULL, CLI_FIELD(missing),
            "print the ID/N@FP of every job that has no result yet, one\n"
            "a line, instead of the total (exit 0: the jobs to rerun)"),
    CLI_END};

const cli_command cli_merge_command = {
    "merge", cmd_merge, "sum the results of the jobs of perft --split",
    "hexref merge [--missing] JOBS RESULTS...",
    "Sums the results of the jobs of 'hexref perft --split' (docs/perft.md).\n"
    "JOBS is the split's output, RESULTS hold 'ID/N@FP<TAB>COUNT<TAB>CHECK' lines (as\n"
    "perft --job ID/N@FP prints them); FP is the jobs file's fingerprint, CHECK the\n"
    "line's own. Every job must have exactly\n"
    "one result, and every line must belong to the one split. The total is the last\n"
    "line of stdout.\n",
    merge_options};

int cmd_merge(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_merge_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if (o.nargs == 0)
        return cli_usage_error("merge", "give the jobs file and the result files");
    merge_state m = {0};
    m.depth = -1;
    rc = merge_check_inputs(&m, &o);
    for (int i = 0; i < o.nargs && !rc; i++)
        rc = merge_file(&m, o.args[i]);
    uint64_t total = 0;
    if (!rc && !m.jobs)
        rc = cli_bad_input("merge: no jobs in the input");
    if (!rc && o.missing) {
        rc = merge_print_missing(&m);
        free(m.jobs);
        return rc;
    }
    if (!rc)
        rc = merge_total(&m, &total);
    free(m.jobs);
    if (rc)
        return rc;
    fprintf(stderr, "merge: %zu jobs\n", m.n);
    printf("%llu\n", (unsigned long long)total);
    return EXIT_OK;
}
