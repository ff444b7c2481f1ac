/*
 * parse_options.c - walks a command's option table (parse_options.h): parses
 * argv into a cli_opts, prints the usage text and the completion words.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Does a matches the entry: "-v", "--variant" (len: up to any '=')? */
static int spells(const cli_option *d, const char *a, size_t len)
{
    if (len == 2 && a[0] == '-' && d->short_name && a[1] == d->short_name)
        return 1;
    return len > 2 && a[0] == '-' && a[1] == '-' && strlen(d->long_name) == len - 2 &&
           strncmp(a + 2, d->long_name, len - 2) == 0;
}

/* The entry of table (with its includes) spelled a, or NULL. */
static const cli_option *find_option(const cli_option *table, const char *a, size_t len)
{
    for (const cli_option *d = table; d->type != CLI_OPT_END; d++) {
        const cli_option *found = d->type == CLI_OPT_INCLUDE ? find_option(d->include, a, len)
                                  : spells(d, a, len)        ? d
                                                             : NULL;
        if (found)
            return found;
    }
    return NULL;
}

/* The same option in another command's table, to say "takes no option". */
static const cli_option *find_elsewhere(const char *a, size_t len)
{
    for (int i = 0; i < cli_command_count; i++) {
        const cli_option *d = find_option(cli_commands[i]->options, a, len);
        if (d && d->type != CLI_OPT_MOVED)
            return d;
    }
    return NULL;
}

static int parse_number(const char *text, int is_double, double *out)
{
    char *end = NULL;
    errno = 0;
    double v = is_double ? strtod(text, &end) : (double)strtoull(text, &end, 10);
    /* strtoull skips spaces and takes a sign ("-5" wraps): digits only. */
    if (!*text || *end || errno || (!is_double && !isdigit((unsigned char)text[0])))
        return -1;
    *out = v;
    return 0;
}

/* The range a number option takes, for its error message. */
static const char *range_of(cli_option_type type)
{
    switch (type) {
    case CLI_OPT_INT:
    case CLI_OPT_LONG:
        return " (a whole number from 0 to 1000000000)";
    case CLI_OPT_U64:
        return " (a whole number from 0 to 18446744073709551615)";
    case CLI_OPT_DOUBLE:
        return " (a number above 0)";
    default:
        return "";
    }
}

static int store_number(char *field, cli_option_type type, const char *value)
{
    double num = 0;
    if (parse_number(value, type == CLI_OPT_DOUBLE, &num) != 0)
        return -1;
    if (type == CLI_OPT_U64)
        *(uint64_t *)field = strtoull(value, NULL, 10);
    else if (type == CLI_OPT_DOUBLE && num > 0)
        *(double *)field = num;
    else if (type == CLI_OPT_LONG && num <= 1e9)
        *(long *)field = (long)num;
    else if (type == CLI_OPT_INT && num <= 1e9)
        *(int *)field = (int)num;
    else
        return -1;
    return 0;
}

/* Stores one value by the entry's type: 0, or -1 if the value is bad. */
static int store(cli_opts *o, const cli_option *d, const char *value, int count)
{
    char *field = (char *)o + d->field - 1;
    switch (d->type) {
    case CLI_OPT_STRING:
        *(const char **)field = value;
        return 0;
    case CLI_OPT_CELLS:
        if (strcmp(value, "seed") && strcmp(value, "canonical"))
            return -1;
        *(int *)field = strcmp(value, "seed") == 0;
        return 0;
    case CLI_OPT_LIST:
        if (count >= CLI_MAX_ARGS)
            return -1;
        ((const char **)field)[count] = value;
        return 0;
    case CLI_OPT_FLAG:
        *(int *)field = 1;
        return 0;
    default:
        return store_number(field, d->type, value);
    }
}

static void defaults(cli_opts *o)
{
    memset(o, 0, sizeof *o);
    o->generator = "reference";
    o->depth = -1;
    o->threads = 1;
    o->check_depth = -1;
}

/* One option at argv[*i]: 0, or the usage error's exit code. */
static int parse_one(const cli_command *cmd, int argc, char **argv, int *i, cli_opts *o)
{
    const char *a = argv[*i], *eq = strchr(a, '=');
    size_t len = eq ? (size_t)(eq - a) : strlen(a);
    const cli_option *d = find_option(cmd->options, a, len);
    if (d && d->type == CLI_OPT_MOVED)
        return cli_usage_error(cmd->name, "%.*s %s", (int)len, a, d->help);
    if (!d) {
        const cli_option *other = find_elsewhere(a, len);
        if (other)
            return cli_usage_error(cmd->name, "'%s' takes no option --%s", cmd->name,
                                   other->long_name);
        return cli_usage_error(cmd->name, "unknown option '%s'", a);
    }
    int *given = d->given ? (int *)((char *)o + d->given - 1) : NULL;
    const char *value = d->type == CLI_OPT_FLAG ? ""
                        : eq                    ? eq + 1
                        : *i + 1 < argc         ? argv[++*i]
                                                : NULL;
    if (!value)
        return cli_usage_error(cmd->name, "option '%s' needs a value", a);
    if (store(o, d, value, given ? *given : 0) != 0)
        return cli_usage_error(cmd->name, "bad value '%s' for option --%s%s", value, d->long_name,
                               range_of(d->type));
    if (given)
        ++*given;
    return 0;
}

int cli_parse(const cli_command *cmd, int argc, char **argv, cli_opts *o)
{
    int help = 0;
    defaults(o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int rc;
        if (a[0] != '-' || a[1] == '\0' || (a[1] >= '0' && a[1] <= '9')) {
            if (o->nargs >= CLI_MAX_ARGS)
                return cli_usage_error(cmd->name, "too many arguments");
            o->args[o->nargs++] = a;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            help = 1;
        } else if ((rc = parse_one(cmd, argc, argv, &i, o)) != 0) {
            return rc;
        }
    }
    if (help) {
        cli_print_usage(stdout, cmd);
        return CLI_DONE;
    }
    /* One rule for every command: an unknown variant or profile is bad input. */
    return cli_check_names(o->variant, o->profile);
}

/* Prints text with every line after the first indented by indent. */
static void print_indented(FILE *out, const char *text, int indent)
{
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "\n");
        fprintf(out, "%.*s\n", (int)n, s);
        s += n;
        if (*s == '\n' && *++s)
            fprintf(out, "%*s", indent, "");
    }
}

enum { HELP_COLUMN = 22 }; /* where the help lines start */

static void print_option(FILE *out, const cli_option *d)
{
    char left[64], name[4] = "";
    if (d->short_name)
        snprintf(name, sizeof name, "-%c,", d->short_name);
    snprintf(left, sizeof left, "%s%s--%s%s%s", name, name[0] ? " " : "", d->long_name,
             d->arg ? " " : "", d->arg ? d->arg : "");
    if ((int)strlen(left) > HELP_COLUMN - 4)
        fprintf(out, "  %s\n%*s", left, HELP_COLUMN, "");
    else
        fprintf(out, "  %-*s", HELP_COLUMN - 2, left);
    print_indented(out, d->help, HELP_COLUMN);
}

static void print_options(FILE *out, const cli_option *table)
{
    for (const cli_option *d = table; d->type != CLI_OPT_END; d++)
        if (d->type == CLI_OPT_INCLUDE)
            print_options(out, d->include);
        else if (d->type != CLI_OPT_MOVED)
            print_option(out, d);
}

void cli_print_usage(FILE *out, const cli_command *cmd)
{
    fprintf(out, "usage: ");
    print_indented(out, cmd->usage, 7);
    fputs(cmd->about, out);
    print_options(out, cmd->options);
    fprintf(out, "  %-*s%s\n", HELP_COLUMN - 2, "-h, --help", "this text");
}

static void print_words(FILE *out, const cli_option *table)
{
    for (const cli_option *d = table; d->type != CLI_OPT_END; d++) {
        if (d->type == CLI_OPT_INCLUDE) {
            print_words(out, d->include);
            continue;
        }
        if (d->type == CLI_OPT_MOVED)
            continue;
        if (d->short_name)
            fprintf(out, "-%c\t%s\n", d->short_name, d->arg ? d->arg : "");
        fprintf(out, "--%s\t%s\n", d->long_name, d->arg ? d->arg : "");
    }
}

void cli_print_option_words(FILE *out, const cli_command *cmd)
{
    print_words(out, cmd->options);
    fprintf(out, "-h\t\n--help\t\n");
}
