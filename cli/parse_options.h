/*
 * parse_options.h - the commands' option tables and the parser that walks
 * them, after git's parse-options: each command file declares the options
 * it takes (name, short name, argument, help line, the field it sets and the
 * counter of how often it was given); the parser, the usage text
 * ('hexref CMD --help', 'hexref help CMD', so the man page) and the words
 * the bash completion offers ('hexref help --options CMD') all read the same
 * table, so they cannot drift apart.
 *
 * A table is an array ended by CLI_OPT_END; CLI_OPT_INCLUDE takes in a
 * shared fragment (cli_position_options, cli_output_options, ...: cli.h),
 * declared once. The values go into a cli_opts (cli.h) at the offsets the
 * entries name (CLI_FIELD).
 */
#ifndef HEXREF_PARSE_OPTIONS_H
#define HEXREF_PARSE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
    CLI_OPT_END,
    CLI_OPT_INCLUDE, /* the entries of .include, in place */
    CLI_OPT_STRING,
    CLI_OPT_INT,     /* 0 to 10^9 */
    CLI_OPT_LONG,    /* 0 to 10^9 */
    CLI_OPT_U64,
    CLI_OPT_DOUBLE,  /* above 0 */
    CLI_OPT_FLAG,    /* no value; the field is set to 1 */
    CLI_OPT_CELLS,   /* seed or canonical: the field is 1 for seed */
    CLI_OPT_LIST,    /* repeatable: the value is appended to the array at
                        .field, .given counts them (at most CLI_MAX_ARGS) */
    CLI_OPT_MOVED,   /* an old spelling that now means something else: refused
                        (usage error) with .help, which names the new option;
                        neither listed nor offered */
} cli_option_type;

typedef struct cli_option {
    cli_option_type type;
    char short_name;       /* 'v' for -v; 0 if none */
    const char *long_name; /* "variant" for --variant; NULL only for INCLUDE/END */
    const char *arg;       /* the value's name in the usage ("FILE"); words
                              separated by '|' are the values completion offers */
    const char *help;      /* the usage line; '\n' starts a continuation line */
    size_t field;          /* CLI_FIELD(name) of the value; 0: none */
    size_t given;          /* CLI_FIELD(name) of an int counting how often the
                              option was given; 0: none */
    const struct cli_option *include;
} cli_option;

/* The entries as tables write them: CLI_OPT(CLI_OPT_INT, 't', "threads",
 * "N", CLI_FIELD(threads), "share the count among N threads"). */
#define CLI_OPT(type, s, l, arg, field, help) {type, s, l, arg, help, field, 0, NULL}
#define CLI_OPT_COUNTED(type, s, l, arg, field, given, help) {type, s, l, arg, help, field, given, NULL}
#define CLI_MOVED(s, l, message) {CLI_OPT_MOVED, s, l, NULL, message, 0, 0, NULL}
#define CLI_INCLUDE(table) {CLI_OPT_INCLUDE, 0, NULL, NULL, NULL, 0, 0, table}
#define CLI_END {CLI_OPT_END, 0, NULL, NULL, NULL, 0, 0, NULL}

/* A command as main.c dispatches it and the parser describes it. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary; /* one complete line for the overview */
    const char *usage;   /* after "usage: "; '\n' starts another usage line */
    const char *about;   /* what the command does, before its options */
    const cli_option *options;
} cli_command;

/* Every command, in the overview's order (commands.c). */
extern const cli_command *const cli_commands[];
extern const int cli_command_count;
const cli_command *cli_find_command(const char *name);

/* The usage text of a command (--help, help CMD, usage errors). */
void cli_print_usage(FILE *out, const cli_command *cmd);
/* What bash completion offers: every spelling of every option the command
 * takes, one a line, "SPELLING<TAB>ARG" (ARG empty for a flag). */
void cli_print_option_words(FILE *out, const cli_command *cmd);

#endif
