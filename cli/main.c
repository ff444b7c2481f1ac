/*
 * main.c - the hexref command: dispatches to a subcommand and holds the
 * usage text of each.
 */
#include "cli.h"

#include <string.h>

#include "hexref_version.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary; /* one complete line for the overview */
    const char *usage;
} command;

#define OUTPUT_OPTS                                                                         \
    "  --format text|json  json: one JSON object per check on stdout (docs/results.md)\n"   \
    "  --junit FILE        also write the checks as JUnit XML to FILE\n"                     \
    "  -q, --quiet         no timing in the report\n"

/* The checking commands whose results hold positions (render/report_html.h). */
#define REPORT_OPT                                                                          \
    "  --report FILE.html  also write an HTML report: a summary, then each finding's\n"    \
    "                      board with the differing moves as arrows, the path, the\n"      \
    "                      commands that reproduce it and a fixture (self-contained);\n" \
    "                      'report: FILE' goes to stderr, so the summary line stays\n"   \
    "                      the last line of stdout\n"

#define POSITION_OPTS                                                                       \
    "  -v, --variant V     shafran, brusky, glinski or mccooey (required)\n"              \
    "  -p, --profile P     rule profile (default std; see 'hexref variants')\n"           \
    "  --fen HEXFEN        start position (default: the profile's initial position)\n"    \
    "  --moves \"M1 M2 ..\" moves played first (e2e5, O-O-O, d8d9q ...)\n"                 \
    "  -e, --engine E      reference (default) or oracle\n"                               \
    "  --cells seed        brusky only: read and print seed 004's cell names\n"

static const command commands[] = {
    {"perft", cmd_perft, "count the leaves of the legal move tree to a depth",
     "usage: hexref perft -v VARIANT [options] DEPTH\n"
     "Counts the leaves of the legal move tree. The count is the last line of stdout;\n"
     "time and nodes/s go to stderr, and on a terminal progress and ETA after 1 s.\n" POSITION_OPTS
     "  -t, --threads N     share the count among N threads (docs/perft.md)\n"
     "  --hash MB           transposition table of at most MB megabytes\n"
     "  --no-bulk           play every last-ply move instead of counting the list\n"
     "  --checkpoint FILE   keep the finished jobs' counts in FILE; the same command\n"
     "                      run again resumes from it (progress shows on a terminal)\n"
     "  --split K           print the jobs K plies down instead of counting (tab-separated\n"
     "                      'ID/N@FP VARIANT PROFILE DEPTH HEXFEN MULT'; sum with 'hexref merge')\n"
     "  -o, --output FILE   with --split: write the jobs to FILE\n"
     "  --job ID/N@FP       print the count as merge's result line 'ID COUNT CHECK'\n"},
    {"divide", cmd_divide, "perft per root move, in perftree's format",
     "usage: hexref divide -v VARIANT [options] DEPTH\n"
     "Prints 'MOVE COUNT' per legal root move (sorted by move text), a blank line and\n"
     "the total: perftree's format. On a terminal: progress and ETA after 1 s.\n" POSITION_OPTS},
    {"moves", cmd_moves, "list the legal moves of a position",
     "usage: hexref moves -v VARIANT [options]\n"
     "Prints the legal moves, one per line, sorted.\n" POSITION_OPTS},
    {"show", cmd_show, "draw a position with its rights, status and draw conditions",
     "usage: hexref show -v VARIANT [options]\n"
     "Draws the position with file and rank names on the edges, the side to move,\n"
     "castling rights, e.p. field, clocks, status and draw conditions.\n" POSITION_OPTS
     "  --coords            text: print every cell's name in its cell (Qe1: queen on e1)\n"
     "  --format F          text (default), svg (a picture: every cell named, pieces,\n"
     "                      rights and e.p. marked) or html (the svg in a small page)\n"
     "  --highlight CELLS   svg/html: highlight these cells (\"e4 f5\")\n"
     "  --arrows MOVES      svg/html: draw these moves as arrows (\"e2e5 d8d5\")\n"
     "  --flip              svg/html: Black at the bottom\n"
     "  -o, --output FILE   svg/html: write to FILE (complete or not at all)\n"},
    {"variants", cmd_variants, "list the variants and their rule profiles",
     "usage: hexref variants [-v VARIANT]\n"
     "Lists every variant and profile with one line on what each changes.\n"},
    {"fen", cmd_fen, "the HexFEN of a position written as a piece list",
     "usage: hexref fen -v VARIANT [-p PROFILE] \"W Ke1 Pd5, B Ke10 Pe9, Black to move\"\n"
     "Prints the HexFEN of a position written as a piece list, the notation of the\n"
     "rules specification (no castling or e.p. rights).\n"},
    {"bench", cmd_bench, "perft speed of each variant's initial position",
     "usage: hexref bench [-v VARIANT] [-p PROFILE] [DEPTH]\n"
     "Perft (default depth 5) of each variant's initial position: nodes and nodes/s.\n"
     "The first line names the generator's kernel in use and those this CPU runs;\n"
     "HEXREF_KERNEL=NAME (in the environment of any hexref program) forces one.\n"},
    {"selfcheck", cmd_selfcheck, "compare the reference with the independent oracle on random games",
     "usage: hexref selfcheck [-v VARIANT] [-p PROFILE] [--seconds N | -n GAMES] [--seed S]\n"
     "                        [--plies MAX]\n"
     "Compares the reference with the independent oracle on seeded random games\n"
     "(biased toward castling, e.p., promotion and check): legal moves, status and\n"
     "every child HexFEN, at every ply. Runs for N seconds (default 10) or GAMES games\n"
     "per profile (each from 1 to MAX plies long, default 120), and ends with\n"
     "'N passed, N failed' (positions).\n"
     "  -n, --count GAMES   games per profile (at least 1)\n"
     "  --seconds N         time budget (at least 1; default 10)\n"
     OUTPUT_OPTS REPORT_OPT},
    {"suite", cmd_suite, "run perft suites (EPD files) and report each line",
     "usage: hexref suite [options] FILE...\n"
     "Runs perft suites and reports pass or fail per line (perft-suites/README.md).\n"
     "A suite is VARIANT-PROFILE.epd, lines 'HEXFEN ;D1 n ;D2 n ... ;id NAME'. A failure\n"
     "prints the divide difference; the run ends with 'N passed, N failed' and exits 1\n"
     "on any failure.\n"
     "  -e, --engine E      reference (default) or oracle (lines it cannot run are skipped)\n"
     "  --tier T            quick: only lines marked ';tier quick'; deep (default): all\n"
     "  --max-nodes N       skip the depths whose expected count exceeds N\n"
     "  -v, -p              variant and profile, if the file's header or name does not give\n"
     "                      them; an explicit -p wins over the file's profile\n" OUTPUT_OPTS REPORT_OPT},
    {"gen", cmd_gen, "write perft suite lines for random reachable positions",
     "usage: hexref gen -v VARIANT [-p PROFILE] -n COUNT --depth D --seed S -o FILE [options]\n"
     "Writes perft reference data for random reachable positions, from a seed.\n"
     "COUNT suite lines, the same for the same seed; every count is checked with the\n"
     "oracle. A progress bar (positions, nodes/s, ETA) goes to stderr.\n"
     "  --bias LIST         favour castle,ep,promo,check moves in the random games\n"
     "  --check-depth K     cross-check with the oracle up to depth K (default: D, at most 3)\n"
     "  --resume            continue an interrupted FILE (same options)\n"
     "  --max-nodes N       skip depths whose count exceeds N (default: no limit)\n"},
    {"merge", cmd_merge, "sum the results of the jobs of perft --split",
     "usage: hexref merge [--missing] JOBS RESULTS...\n"
     "Sums the results of the jobs of 'hexref perft --split' (docs/perft.md).\n"
     "JOBS is the split's output, RESULTS hold 'ID/N@FP<TAB>COUNT<TAB>CHECK' lines (as\n"
     "perft --job ID/N@FP prints them); FP is the jobs file's fingerprint, CHECK the\n"
     "line's own. Every job must have exactly\n"
     "one result, and every line must belong to the one split. The total is the last\n"
     "line of stdout.\n"
     "  --missing           print the ID/N@FP of every job that has no result yet, one\n"
     "                      a line, instead of the total (exit 0: the jobs to rerun)\n"},
    {"fixtures", cmd_fixtures, "run the conformance fixtures on the reference or the oracle",
     "usage: hexref fixtures [-v VARIANT] [-p PROFILE] [-e reference|oracle] [FILE|DIR ...]\n"
     "Runs the conformance fixtures (default: hexref's own, in ../share/hexref/fixtures\n"
     "beside the executable, or $HEXREF_DATA/fixtures) and ends with 'N passed,\n"
     "N failed'. Negative-control profiles must fail the fixtures that name them.\n" OUTPUT_OPTS REPORT_OPT},
    {"verify", cmd_verify, "check an outside engine against the reference, down to one move",
     "usage: hexref verify --engine 'CMD' -v VARIANT [options] [FIXTURE FILE|DIR ...]\n"
     "Checks an outside engine against the reference, down to the position and move.\n"
     "Compares perft divides (docs/protocol.md) of one position (default: the initial\n"
     "one), of suites, of random positions, and the fixtures. A mismatch is followed\n"
     "down to the minimal position; the report names the kind, the moves from the\n"
     "root, the HexFEN, both move sets, a diagram and a command that reproduces it.\n"
     "Ends with 'N passed, N failed'; exits 0 only if everything agreed.\n"
     "  -e, --engine 'CMD'  the engine's command line, run by /bin/sh -c\n"
     "  --protocol P        script (default; perftree: CMD DEPTH HEXFEN [MOVES]) or uci\n"
     "  -v, -p              variant and profile (default std), told to the engine\n"
     "  --fen HEXFEN        the position to check (default: the initial position)\n"
     "  --moves \"M1 M2 ..\" moves played first (the engine is sent them as moves)\n"
     "  -d, --depth D       perft depth (default 3; 2 with --random; suites: their own)\n"
     "  --suite FILE        a perft suite, 'HEXFEN ;D1 n ;D2 n ... ;id NAME' (repeatable),\n"
     "                      checked at its deepest depth within -d and --max-nodes N;\n"
     "                      --tier quick keeps the lines marked ';tier quick'\n"
     "  --random N          N random reachable positions (--seed S, default 1)\n"
     "  --fixtures          the fixtures (default: hexref's own) as depth-1 move sets\n"
     "  --timeout SECONDS   limit per query (default 30; raise it for slow engines)\n"
     OUTPUT_OPTS REPORT_OPT},
    {"identify", cmd_identify, "tell which rule profile an outside engine follows",
     "usage: hexref identify --engine 'CMD' -v VARIANT [--protocol uci] [FILE|DIR ...]\n"
     "Tells which rule profile an outside engine follows, rule point by rule point.\n"
     "Runs the fixtures (default: hexref's own) through the engine under every profile\n"
     "of the variant, and the reference under each profile, and reports the readings\n"
     "the engine follows and the profiles it matches ('none: differs on X' if none).\n"
     "The profile is not told to the engine unless -p is given. Exits 0 on a match.\n"
     "  -e, --engine 'CMD'  the engine's command line; --protocol script (default) or uci\n"
     "  --timeout SECONDS   limit per query (default 30; raise it for slow engines)\n"
     "  --verbose           every profile's differing fixtures, not only the closest's\n"
     OUTPUT_OPTS},
    {"engine", cmd_engine, "run hexref as a uci engine on stdin and stdout",
     "usage: hexref engine [-v VARIANT] [-p PROFILE]\n"
     "Runs hexref as a uci engine on stdin/stdout, for verify --protocol uci.\n"
     "Commands (docs/protocol.md): uci, isready, setoption name UCI_Variant|HexrefProfile\n"
     "value X, position fen|startpos [moves ..], go perft N (N <= 10), stop, status, d,\n"
     "quit. Without setoption the variant is shafran.\n"
     "-v and -p pin the variant and the profile (setoption cannot change them).\n"},
};

enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void print_overview(FILE *out)
{
    fprintf(out, "hexref: the reference rules of hexagonal chess, and the harness that checks\n"
                 "other implementations against them.\n\nusage: hexref COMMAND [options]\n\n"
                 "commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'hexref help COMMAND' or 'hexref COMMAND --help' describes a command;\n"
                 "'hexref --version' prints the version.\n"
                 "Exit codes: 0 success, 1 a check failed or the input is bad, 2 usage error.\n");
}

static const command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* hexref help [COMMAND] */
static int help(int argc, char **argv)
{
    if (argc == 0) {
        print_overview(stdout);
        return EXIT_OK;
    }
    const command *c = argc == 1 ? find_command(argv[0]) : NULL;
    if (!c) {
        fprintf(stderr, "hexref help: %s\n\n", argc == 1 ? "unknown command" : "one command at most");
        print_overview(stderr);
        return EXIT_USAGE;
    }
    fputs(c->usage, stdout);
    return EXIT_OK;
}

void cli_usage(FILE *out, const char *name)
{
    const command *c = name ? find_command(name) : NULL;
    if (c)
        fputs(c->usage, out);
    else
        print_overview(out);
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("hexref %s (%s)\n", HEXREF_VERSION, HEXREF_REVISION);
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        print_overview(stdout);
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "help"))
        return help(argc - 2, argv + 2);
    const command *c = find_command(argv[1]);
    if (c)
        return c->run(argc - 2, argv + 2);
    fprintf(stderr, "hexref: unknown command '%s'\n\n", argv[1]);
    print_overview(stderr);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    int rc = run(argc, argv);
    /* Every command's results, and the help and version texts, go to
     * stdout: a lost write fails the run. */
    int out = cli_finish_output(stdout, "stdout");
    return rc ? rc : out;
}
