/*
 * main.c - the hexref command: the overview, 'hexref help' and the dispatch
 * to a command (commands.c lists them; each owns its usage and options).
 */
#include "cli.h"

#include <string.h>

#include "hexref_version.h"

static void print_overview(FILE *out)
{
    fprintf(out, "hexref: the reference rules of hexagonal chess, and the harness that checks\n"
                 "other implementations against them.\n\nusage: hexref COMMAND [options]\n\n"
                 "commands:\n");
    for (int i = 0; i < cli_command_count; i++)
        fprintf(out, "  %-10s %s\n", cli_commands[i]->name, cli_commands[i]->summary);
    fprintf(out, "\n'hexref help COMMAND' or 'hexref COMMAND --help' describes a command;\n"
                 "'hexref --version' prints the version.\n"
                 "Exit codes: 0 success, 1 a check failed or the input is bad, 2 usage error.\n");
}

/* hexref help [COMMAND]; 'hexref help --options COMMAND' prints the
 * options bash completion offers (cli_print_option_words), as git's
 * --git-completion-helper does. */
static int help(int argc, char **argv)
{
    if (argc == 0) {
        print_overview(stdout);
        return EXIT_OK;
    }
    int words = argc == 2 && strcmp(argv[0], "--options") == 0;
    const cli_command *c = argc == 1 || words ? cli_find_command(argv[argc - 1]) : NULL;
    if (!c) {
        fprintf(stderr, "hexref help: %s\n\n",
                argc == 1 || words ? "unknown command" : "one command at most");
        print_overview(stderr);
        return EXIT_USAGE;
    }
    if (words)
        cli_print_option_words(stdout, c);
    else
        cli_print_usage(stdout, c);
    return EXIT_OK;
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
    const cli_command *c = cli_find_command(argv[1]);
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
