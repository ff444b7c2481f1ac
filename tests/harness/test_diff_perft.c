/*
 * test_diff_perft.c - perft 3 from the reference and from the oracle, on
 * every profile's initial position and on the special positions of
 * special_positions.txt (castling, e.p. on each crossed cell, cross-block,
 * promotion, a problem position, positions reached in play).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hexref.h"
#include "oracle.h"

static const char *positions_file;

static void compare(const char *variant, const char *profile, const char *fen, int depth)
{
    hx_error err;
    const hx_rules *r = hx_rules_find(variant, profile, &err);
    assert_non_null(r);
    hx_position *pos = hx_position_new(r);
    if (hx_position_set_fen(pos, fen, &err) != 0)
        fail_msg("%s/%s %s: %s", variant, profile, fen ? fen : "start", err.message);
    char text[HX_FEN_MAX], oerr[256];
    hx_position_fen(pos, text);
    uint64_t mine = hx_perft(pos, depth), theirs = 0;
    if (oracle_perft(variant, profile, text, depth, &theirs, oerr, sizeof oerr) != 0)
        fail_msg("oracle on %s/%s %s: %s", variant, profile, text, oerr);
    if (mine != theirs)
        fail_msg("%s/%s %s perft %d: reference %llu, oracle %llu", variant, profile, text, depth,
                 (unsigned long long)mine, (unsigned long long)theirs);
    hx_position_free(pos);
}

static void initial_positions(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            const char *profile = hx_profile_name(variant, i);
            if (oracle_supports(variant, profile))
                compare(variant, profile, NULL, 3);
        }
    }
}

static void special_positions(void **state)
{
    (void)state;
    FILE *f = fopen(positions_file, "r");
    if (!f)
        fail_msg("cannot open %s", positions_file);
    char line[512];
    int compared = 0;
    while (fgets(line, sizeof line, f)) {
        char variant[32], profiles[128], fen[400];
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '#' || !line[0])
            continue;
        if (sscanf(line, "%31s %127s %399[^\n]", variant, profiles, fen) != 3)
            fail_msg("%s: malformed line '%s'", positions_file, line);
        char *save = NULL;
        for (char *p = strtok_r(profiles, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
            compare(variant, p, fen, 3);
            compared++;
        }
    }
    fclose(f);
    assert_true(compared >= 12);
}

int main(int argc, char **argv)
{
    positions_file = argc > 1 ? argv[1] : "special_positions.txt";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(initial_positions),
        cmocka_unit_test(special_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
