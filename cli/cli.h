/*
 * cli.h - what the hexref command's subcommands share: option parsing, the
 * exit-code contract and setting up the position a command works on.
 *
 * Exit codes: 0 success, 1 bad input (message on stderr), 2 usage error.
 */
#ifndef HEXREF_CLI_H
#define HEXREF_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clock.h"
#include "output_file.h"
#include "result.h"
#include "hexref.h"
#include "session.h"
#include "parse_options.h"

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };
enum { CLI_MAX_ARGS = 64 };

typedef struct cli_opts {
    const char *variant, *profile, *fen, *moves, *output;
    const char *generator;  /* -g: the built-in generator, reference or oracle */
    const char *engine;     /* -e: an outside engine's command line (verify, identify) */
    const char *protocol;
    int history;            /* verify, identify: the engine takes only its initial
                               position plus moves (--history) */
    const char *tier, *bias;
    const char *checkpoint; /* perft: resumable record of finished jobs */
    const char *job;        /* perft --job ID/N@FP: print a checked result line */
    const char *format;     /* show: text (default), svg or html; the checking
                               commands: text (default) or json (cli_output) */
    const char *highlight;  /* show: cells to highlight */
    const char *arrows;     /* show: moves drawn as arrows */
    const char *report;     /* --report FILE.html (cli_output) */
    int flip;         /* show: Black at the bottom */
    int coords;       /* show: every cell's name in its cell */
    int naming;       /* --cells seed: 1 */
    int threads, hash_mb, split, resume, count, check_depth;
    int no_bulk;      /* perft: play the last ply instead of counting it */
    int missing;      /* merge: list the jobs without a result instead of summing */
    int identify;     /* matrix: also run identify on each engine */
    long seconds;
    uint64_t seed, max_nodes;
    uint64_t key_seed; /* perft --key-seed: the table's Zobrist keys */
    int has_seed, has_count, has_seconds; /* how often --seed, -n, --seconds were given */
    int random;
    int plies;        /* selfcheck: longest game */
    int fixtures;
    double timeout;
    int depth;        /* -1 when not given */
    const char *junit;   /* --junit FILE */
    int quiet, verbose;
    const char *suites[CLI_MAX_ARGS];
    int nsuites;
    const char *args[CLI_MAX_ARGS]; /* positional arguments */
    int nargs;
    int max_failures, has_max_failures; /* verify: stop after N failed checks */
} cli_opts;

/* Where an option's value goes in cli_opts, for the tables
 * (parse_options.h); 0 is "nowhere". */
#define CLI_FIELD(name) (offsetof(cli_opts, name) + 1)

/* Parses argv (after the subcommand name) by the command's table. -h and
 * --help are always taken. An option the table does not have is a usage
 * error (EXIT_USAGE) that says whether another command takes it; a -v or -p
 * that names no variant or profile is bad input (EXIT_BAD_INPUT,
 * cli_check_names). Returns 0, the exit code after printing the problem,
 * or CLI_DONE after --help. */
int cli_parse(const cli_command *cmd, int argc, char **argv, cli_opts *o);
/* cli_parse's value after --help (the usage is printed): the command ends. */
enum { CLI_DONE = -1 };
/* The exit code of a command that stops after cli_parse returned rc != 0. */
static inline int cli_exit_code(int rc) { return rc == CLI_DONE ? EXIT_OK : rc; }

/* The option groups several commands take, declared once (options.c):
 * -v and -p; --fen and --moves; -g (and the refusal of the old -e);
 * the position of perft, divide, moves and show (all of those and
 * --cells); the output forms of the checking commands (cli_output);
 * --report FILE.html for those whose results have positions to draw. */
extern const cli_option cli_variant_option[], cli_profile_option[], cli_variant_options[];
extern const cli_option cli_start_options[], cli_generator_options[], cli_position_options[];
extern const cli_option cli_output_options[], cli_report_option[];

/* Where a checking command writes: text (stdout) unless --format json, in
 * which case stdout carries only JSON Lines and the text report is dropped.
 * --junit FILE writes JUnit XML as well, --report FILE.html the HTML report
 * (render/report_html.h); both are refused before the run if their directory
 * cannot be written, and each file is written whole or not at all. */
typedef struct cli_output {
    int json;       /* stdout carries results only: JSON Lines, or with markdown Markdown */
    int markdown;
    const char *junit;
    const char *report;
    FILE *json_out; /* the real stdout, in JSON mode */
} cli_output;

/* Checks --format; in JSON mode routes stdout's text away. 0 or EXIT_USAGE. */
int cli_output_begin(const char *command, const cli_opts *o, cli_output *out);
/* Prints the results in the chosen forms. 0, or EXIT_BAD_INPUT on a write error. */
int cli_output_end(cli_output *out, const hx_results *r);
/* 1 if a file can be created at path (its directory is writable), so a
 * long run does not end in a report that cannot be written. */
int cli_can_write(const char *path);
/* Is stderr a terminal (progress lines go only there)? */
int cli_progress_wanted(void);

int cli_usage_error(const char *command, const char *fmt, ...);
int cli_bad_input(const char *fmt, ...);

/* Checks the names of -v and -p (either may be NULL): an unknown variant or
 * a profile that no (given) variant has is bad input. 0 or EXIT_BAD_INPUT. */
int cli_check_names(const char *variant, const char *profile);

/* Default variant when none is given: none (the user must choose). */
int cli_require_variant(const char *command, const cli_opts *o);

/* A position prepared for a command: the reference's live position pos
 * (what the commands count, list and draw), or for -g oracle the oracle's
 * session (session.h) and its query; and the HexFEN after --moves. */
typedef struct cli_position {
    hx_session *session; /* -g oracle; NULL for the reference */
    const hx_rules *rules;
    hx_position *pos;    /* the reference's, after --moves; NULL for the oracle */
    char fen[HX_FEN_TEXT_MAX]; /* the HexFEN after --moves, for display */
    /* What the oracle's session is asked: the start HexFEN and --moves. */
    char query_fen[HX_FEN_TEXT_MAX];
    char *query_moves; /* malloc'd, "" none */
} cli_position;

int cli_position_open(const cli_opts *o, cli_position *cp);
void cli_position_close(cli_position *cp);

/* The depth from -d or the last positional argument, within the limit. */
int cli_depth(const char *command, const cli_opts *o, int *depth);
/* Usage error naming the limit if depth > HX_PERFT_MAX_DEPTH. */
int cli_depth_limit(const char *command, int depth);
/* Bad input if the reference position has no room for a perft to depth
 * (the history's limit after many --moves). */
int cli_depth_fits(const cli_position *cp, int depth);

/* Flushes and closes f (stdout too): 0, or exit 1 with "NAME: write
 * error: REASON" (strerror) if any write to it failed. */
int cli_finish_output(FILE *f, const char *name);

/* An output file (-o FILE) by the rules of output_file.h: 0, or exit 1
 * after printing why. open fills *f; commit finishes it. */
int cli_output_file_open(const char *path, hx_output_file *f);
int cli_output_file_commit(hx_output_file *f);

/* The path of one item of hexref's data ("fixtures", "perft-suites",
 * "rules") into out: under $HEXREF_DATA if set, else under ../share/hexref
 * next to the executable (datadir.c). Returns 0, or EXIT_BAD_INPUT after
 * printing what is missing. */
enum { CLI_PATH_MAX = 4096 };
int cli_data_path(const char *what, char *out, size_t size);

/* The fixture files a command runs: its positional arguments, or else the
 * installed fixtures (cli_data_path "fixtures", written into dir and
 * pointed to by slot[0]). Returns the list and sets *n, or NULL after
 * printing why the default cannot be found. */
const char *const *cli_fixture_paths(const cli_opts *o, char dir[CLI_PATH_MAX], const char *slot[1], int *n);

/* perft --job's result line "ID<TAB>COUNT<TAB>CHECK": CHECK is this hash of
 * "ID<TAB>COUNT" (cmd_merge.c), so merge refuses an edited or torn line. */
uint64_t cli_result_check(const char *id, uint64_t count);
/* Is text a job id as perft --split writes it, "ID/N@FP"? */
int cli_is_job_id(const char *text);

/* Draws pos as a hexagonal diagram on stdout (board_text.c). */
void cli_draw_position(const hx_position *pos, int naming, int coords);

int cmd_perft(int argc, char **argv);
int cmd_divide(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_variants(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_selfcheck(int argc, char **argv);
int cmd_fen(int argc, char **argv);
int cmd_fixtures(int argc, char **argv);
int cmd_suite(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_identify(int argc, char **argv);
int cmd_engine(int argc, char **argv);

/* perft --split (cmd_merge.c): writes the jobs of a perft of cp to depth,
 * cut `plies` plies down, to o->output or stdout. */
int cli_perft_split(const cli_opts *o, cli_position *cp, int depth);

#endif
