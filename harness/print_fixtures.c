/*
 * print_fixtures.c - the text printer of a fixture run (print_fixtures.h).
 */
#include "print_fixtures.h"

#include "print.h"

void hx_fixtures_print_text(FILE *out, const hx_results *r, const hx_fixture_stats *st)
{
    for (int i = 0; i < r->n; i++)
        if (r->checks[i].outcome != HX_PASS)
            hx_print_check_text(out, &r->checks[i]);
    int passed = hx_results_count(r, HX_PASS), failed = r->n - passed;
    fprintf(out, "fixtures: %d file%s, %d fixture%s run: %d passed, %d failed, %d run%s skipped\n",
            st->files, st->files == 1 ? "" : "s", st->fixtures, st->fixtures == 1 ? "" : "s",
            passed, failed, st->skipped_runs, st->skipped_runs == 1 ? "" : "s");
    fprintf(out, "%d passed, %d failed\n", passed, failed);
}
