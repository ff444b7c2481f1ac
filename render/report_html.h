/*
 * report_html.h - a run's results (harness/result.h) as one self-contained
 * HTML page: inline CSS, inline SVG boards and a few lines of inline script;
 * nothing is fetched, so the file works offline and can be mailed or
 * attached to a CI run.
 *
 * The page has a summary table of every check, then one section per check
 * that failed or errored: its fields, the board of the minimal position (or
 * of the check's root when there is no minimal one) with the differing moves
 * as arrows (missing: in the reference only; extra: in the engine only), the
 * moves and count differences as text, the path from the root as a move list
 * whose boards can be stepped through, the commands that reproduce the
 * finding, and a fixture (docs/fixtures.md) that would pin it down. A
 * verify finding (result.h's hx_finding) also shows its headline, its
 * verdict and the engine's own words; the checks of one group (the same
 * minimal position and moves, hx_finding_same) share the first one's
 * section, which lists them.
 *
 * Positions: a check's root is `fen` with `moves` played; the minimal
 * reproduction's `path` is played from that root and leads to its `fen`.
 * Boards are drawn with the reference's rules of the check's variant and
 * profile; where a position cannot be set up, the page says so in place of
 * the board.
 */
#ifndef HEXREF_RENDER_REPORT_HTML_H
#define HEXREF_RENDER_REPORT_HTML_H

#include <stdio.h>

#include "result.h"

/* Writes the page; returns 0, or -1 if writing failed. */
int hx_report_html(FILE *out, const hx_results *results);

/* Writes the HTML page to path by the rules of output_file.h (complete or
 * not at all; a device or FIFO in place). Returns 0, or -1 with a message
 * in err (cap bytes). */
int hx_report_html_file(const char *path, const hx_results *results, char *err, size_t cap);

#endif
