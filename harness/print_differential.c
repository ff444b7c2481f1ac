/*
 * print_differential.c - the text of a disagreement (print_differential.h).
 */
#include "print_differential.h"

#include "strutil.h"

static const char *kind_name(hx_diff_kind kind)
{
    switch (kind) {
    case HX_DIFF_ORACLE_ERROR:
        return "oracle error";
    case HX_DIFF_LEGAL_MOVES:
        return "legal moves";
    case HX_DIFF_STATUS:
        return "status";
    case HX_DIFF_MAKE_UNMAKE:
        return "make/unmake";
    case HX_DIFF_CHILD:
        return "child position";
    }
    return "?";
}

static void print_moves(FILE *out, const hx_move_count *moves, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(out, " %s", moves[i].move);
}

void hx_diff_print_finding(FILE *out, const hx_diff_finding *f)
{
    fprintf(out, "DISAGREEMENT (%s) in %s/%s\n  position: %s\n", kind_name(f->kind), f->variant,
            f->profile, f->fen);
    if (f->root_fen)
        fprintf(out, "  reached from: %s\n  by moves: %s\n", f->root_fen,
                f->path && *f->path ? f->path : "(none)");
    switch (f->kind) {
    case HX_DIFF_ORACLE_ERROR:
        fprintf(out, "  oracle: %s\n", f->message);
        break;
    case HX_DIFF_LEGAL_MOVES: /* the diff's expected side is the reference */
        fprintf(out, "  missing from the reference (oracle only):");
        print_moves(out, f->diff.extra, f->diff.nextra);
        fprintf(out, "\n  extra in the reference (reference only):");
        print_moves(out, f->diff.missing, f->diff.nmissing);
        fprintf(out, "\n");
        break;
    case HX_DIFF_STATUS:
        fprintf(out, "  reference: %s, oracle: %s\n", f->reference_text, f->oracle_text);
        break;
    case HX_DIFF_MAKE_UNMAKE:
        fprintf(out, "  move %s: %s\n", f->move, f->message);
        break;
    case HX_DIFF_CHILD:
        fprintf(out, "  after %s\n    reference: %s\n    oracle:    %s\n", f->move,
                f->reference_text, f->oracle_text);
        break;
    }
}

static int print_finding(FILE *out, const void *f)
{
    hx_diff_print_finding(out, f);
    return 0;
}

char *hx_diff_finding_text(const hx_diff_finding *f)
{
    return hx_text_of(print_finding, f);
}

void hx_diff_print_disagreement(void *ctx, const hx_diff_finding *f)
{
    hx_diff_print_finding(ctx, f);
}

void hx_diff_print_summary(FILE *table, FILE *out, const hx_diff_pair *pairs, int n,
                           double seconds)
{
    uint64_t positions = 0, games = 0, failed = 0;
    if (table)
        fprintf(table, "%-8s %-12s %8s %10s %12s %7s\n", "variant", "profile", "games",
                "positions", "child moves", "failed");
    for (int i = 0; i < n; i++) {
        const hx_diff_stats *s = &pairs[i].stats;
        if (table)
            fprintf(table, "%-8s %-12s %8llu %10llu %12llu %7llu\n", pairs[i].variant,
                    pairs[i].profile, (unsigned long long)s->games,
                    (unsigned long long)s->positions, (unsigned long long)s->moves,
                    (unsigned long long)s->failed);
        positions += s->positions;
        games += s->games;
        failed += s->failed;
    }
    if (table)
        fprintf(table, "%llu games, %llu positions in %.1f s\n", (unsigned long long)games,
                (unsigned long long)positions, seconds);
    fprintf(out, "%llu passed, %llu failed\n", (unsigned long long)(positions - failed),
            (unsigned long long)failed);
}
