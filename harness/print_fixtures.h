/*
 * print_fixtures.h - the text printer of a fixture run (fixtures.h): each
 * run that did not pass, then the tally and "N passed, N failed".
 */
#ifndef HEXREF_HARNESS_PRINT_FIXTURES_H
#define HEXREF_HARNESS_PRINT_FIXTURES_H

#include <stdio.h>

#include "fixtures.h"

void hx_fixtures_print_text(FILE *out, const hx_results *r, const hx_fixture_stats *st);

#endif
