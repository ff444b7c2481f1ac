/*
 * commands.c - the list of hexref's commands, in the overview's order. Each
 * command's name, summary, usage and option table live in its own file
 * (cmd_*.c); main.c dispatches through this list and the parser
 * (parse_options.c) reads it to tell "another command's option" from an
 * unknown one.
 */
#include "cli.h"

#include <string.h>

extern const cli_command cli_perft_command, cli_divide_command, cli_moves_command,
    cli_show_command, cli_variants_command, cli_fen_command, cli_bench_command,
    cli_selfcheck_command, cli_suite_command, cli_gen_command, cli_merge_command,
    cli_fixtures_command, cli_verify_command, cli_identify_command, cli_matrix_command,
    cli_engine_command;

const cli_command *const cli_commands[] = {
    &cli_perft_command,     &cli_divide_command,   &cli_moves_command, &cli_show_command,
    &cli_variants_command,  &cli_fen_command,      &cli_bench_command, &cli_selfcheck_command,
    &cli_suite_command,     &cli_gen_command,      &cli_merge_command, &cli_fixtures_command,
    &cli_verify_command,    &cli_identify_command, &cli_matrix_command, &cli_engine_command,
};
const int cli_command_count = (int)(sizeof cli_commands / sizeof cli_commands[0]);

const cli_command *cli_find_command(const char *name)
{
    for (int i = 0; i < cli_command_count; i++)
        if (strcmp(name, cli_commands[i]->name) == 0)
            return cli_commands[i];
    return NULL;
}
