#define _POSIX_C_SOURCE 200809L /* strtok_r */
/*
 * test_oracle_statements.c - the spec's "Source statements" (§7 of each
 * variant file) that concern the legal moves of one position, under the
 * profiles they name. Item numbers refer to those lists.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle.h"
#include "oracle_test_util.h"

#define SH "shafran"
#define BR "brusky"
#define GL "glinski"
#define MC "mccooey"

static char fen[512], out[1024], child[512];

static void expect_from(const char *v, const char *p, const char *f,
                        const char *from, const char *expect)
{
    tmoves_from(v, p, f, from, out);
    if (strcmp(out, expect) != 0)
        fail_msg("%s/%s %s from %s: got \"%s\", expected \"%s\"", v, p, f,
                 from, out, expect);
}

static void expect_status(const char *v, const char *p, const char *f,
                          const char *word)
{
    char st[32];
    tstatus(v, p, f, st);
    if (strcmp(st, word) != 0)
        fail_msg("%s/%s %s: status %s, expected %s", v, p, f, st, word);
}

/* Plays a line in the spec's notation ("Qb2-e8#", "e4:d5", "d8-d9=Q+") and
 * checks every '+' (check) and '#' (checkmate) against oracle_status. */
static void play_line(const char *v, const char *p, const char *start,
                      const char *line, char *result)
{
    char buf[2048], cur[512], mv[16], *tok, *save = NULL;

    snprintf(buf, sizeof buf, "%s", line);
    snprintf(cur, sizeof cur, "%s", start);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        const char *t = tok;
        size_t n = 0;
        char mark = 0;
        if (strcmp(t, "Q-0-0-0") == 0)  /* shafran §4: White Q-0-0-0 */
            t = "e1-b1";
        if (*t >= 'A' && *t <= 'Z')
            t++;  /* piece letter */
        for (; *t; t++) {
            if (*t == '-' || *t == ':' || *t == '=')
                continue;
            if (*t == '+' || *t == '#') {
                mark = *t;
                continue;
            }
            mv[n++] = (char)(*t >= 'A' && *t <= 'Z' ? *t - 'A' + 'a' : *t);
        }
        mv[n] = '\0';
        tplay(v, p, cur, mv, result);
        snprintf(cur, sizeof cur, "%s", result);
        if (mark == '+')
            expect_status(v, p, cur, "check");
        if (mark == '#')
            expect_status(v, p, cur, "checkmate");
    }
}

/* ======================= Shafran ======================================= */

static void shafran_2_multistep_limit(void **s)
{
    (void)s;
    tstart(SH, "std", fen);
    assert_true(thas(SH, "std", fen, "e2e5"));
    assert_false(thas(SH, "std", fen, "e2e6"));
    /* conventions.md: the e.p. field lists every crossed cell, in order */
    tplay(SH, "std", fen, "e2e5", child);
    assert_non_null(strstr(child, " b AIai e3,e4 0 1"));
    tplay(SH, "std", child, "f9f6", out);  /* Black's triple step f9-f6 */
    assert_non_null(strstr(out, " w AIai f8,f7 0 2"));
}

static void shafran_3_4_blocked_and_no_foreign_start(void **s)
{
    (void)s;
    expect_from(SH, "std", tfen(fen, SH, "Ke1 Pe2", "Ke10 Ne4", "w - - 0 1"), "e2", "e2e3");
    expect_from(SH, "std", tfen(fen, SH, "Ke1 Pe2", "Ke10 Ne3", "w - - 0 1"), "e2", "");
    expect_from(SH, "std", tfen(fen, SH, "Ke1 Pe3", "Ke10", "w - - 0 1"), "e3", "e3e4");
    expect_from(SH, "std", tfen(fen, SH, "Ke1 Pe9", "Ka1", "w - - 0 1"), "e9",
                "e9e10b e9e10n e9e10q e9e10r");
}

static void shafran_5_diagonal_captures(void **s)
{
    (void)s;
    expect_from(SH, "std", tfen(fen, SH, "Ka1 Pe6", "Ki10 Rd6 Rd7 Re7 Rf7 Rf8", "w - - 0 1"),
                "e6", "e6d7 e6f8");
    expect_from(SH, "std", tfen(fen, SH, "Ka1 Pc4", "Ki10 Rb4 Rb5 Rc5 Rd5 Rd6", "w - - 0 1"),
                "c4", "c4b5 c4d6");
}

static void shafran_6_ep_on_every_crossed_cell(void **s)
{
    (void)s;
    tfen(fen, SH, "Ke1 Pd5 Pf7", "Ke10 Pe9 Pg9", "b - - 0 1");
    tplay(SH, "std", fen, "e9e6", child);
    assert_non_null(strstr(child, " w - e8,e7 0 2"));
    expect_from(SH, "std", child, "d5", "d5d6 d5e7");
    expect_from(SH, "std", child, "f7", "f7e8 f7f8 f7g9");
    expect_from(SH, "ludii", child, "f7", "f7e8 f7f8 f7g9");
    expect_from(SH, "cvp", child, "f7", "f7e8 f7f8 f7g9");
    /* jocly: only the crossed cell next to the landing cell (e7) */
    expect_from(SH, "jocly", child, "d5", "d5d6 d5e7");
    expect_from(SH, "jocly", child, "f7", "f7f8 f7g9");
    /* seed: no e.p., but the field is still written (conventions.md) */
    tplay(SH, "seed", fen, "e9e6", child);
    assert_non_null(strstr(child, " w - e8,e7 0 2"));
    expect_from(SH, "seed", child, "d5", "d5d6");
    expect_from(SH, "seed", child, "f7", "f7f8 f7g9");
    /* each e.p. capture removes e6 */
    tplay(SH, "std", fen, "e9e6 f7e8", child);
    assert_string_equal(child, tfen(fen, SH, "Ke1 Pd5 Pe8", "Ke10 Pg9", "b - - 0 2"));
    tfen(fen, SH, "Ke1 Pd5 Pf7", "Ke10 Pe9 Pg9", "b - - 0 1");
    tplay(SH, "std", fen, "e9e6 d5e7", child);
    assert_string_equal(child, tfen(fen, SH, "Ke1 Pe7 Pf7", "Ke10 Pg9", "b - - 0 2"));
}

static void shafran_7_wiki_ep(void **s)
{
    (void)s;
    tfen(fen, SH, "Ka1 Pc4 Pe6", "Ki10 Pd8", "b - - 0 1");
    expect_from(SH, "std", fen, "d8", "d8d5 d8d6 d8d7");
    tplay(SH, "std", fen, "d8d7", child);
    expect_from(SH, "std", child, "c4", "c4c5");
    expect_from(SH, "std", child, "e6", "e6d7 e6e7");
    tplay(SH, "std", fen, "d8d6", child);
    expect_from(SH, "std", child, "c4", "c4c5 c4d6");
    expect_from(SH, "std", child, "e6", "e6d7 e6e7");
    tplay(SH, "std", fen, "d8d5", child);
    expect_from(SH, "std", child, "c4", "c4c5 c4d6");
    expect_from(SH, "std", child, "e6", "e6d7 e6e7");
    expect_from(SH, "jocly", child, "c4", "c4c5 c4d6");
    expect_from(SH, "jocly", child, "e6", "e6e7");
    /* the right lasts one ply */
    tplay(SH, "std", fen, "d8d5 a1a2 i10i9", child);
    expect_from(SH, "std", child, "c4", "c4c5");
    expect_from(SH, "std", child, "e6", "e6e7");
}

static void shafran_8_promotion(void **s)
{
    (void)s;
    expect_from(SH, "std", tfen(fen, SH, "Ke1 Pa5", "Ki10", "w - - 0 1"), "a5",
                "a5a6b a5a6n a5a6q a5a6r");
    tfen(fen, SH, "Ke1 Pa5", "Ki10 Rb7", "w - - 0 1");
    assert_true(thas(SH, "std", fen, "a5b7q"));
    tplay(SH, "std", fen, "a5b7q", child);
    assert_string_equal(child, tfen(fen, SH, "Ke1 Qb7", "Ki10", "b - - 0 1"));
}

static void shafran_10_black_castlings(void **s)
{
    (void)s;
    tfen(fen, SH, "Ke1", "Ke10 Ra6 Ri10", "b ai - 0 1");
    expect_from(SH, "std", fen, "e10",
                "e10b7 e10c8 e10d8 e10d9 e10e9 e10f10 e10f9 e10g10 e10h10");
    tplay(SH, "std", fen, "e10h10", child);  /* Q-0-0-0: Kh10 Rg10 */
    assert_string_equal(child, tfen(out, SH, "Ke1", "Kh10 Ra6 Rg10", "w - - 1 2"));
    tplay(SH, "std", fen, "e10c8", child);   /* B-0-0: Kc8 Rd9 */
    assert_string_equal(child, tfen(out, SH, "Ke1", "Kc8 Rd9 Ri10", "w - - 1 2"));
    /* cvp: long castlings only */
    expect_from(SH, "cvp", fen, "e10", "e10b7 e10d8 e10d9 e10e9 e10f10 e10f9 e10h10");
}

/* The castlings among the king's moves from e1. */
static void castles(const char *p, const char *f, char *res)
{
    static const char *c[] = {"e1b1", "e1c1", "e1g3", "e1h4"};
    res[0] = '\0';
    for (int i = 0; i < 4; i++) {
        if (!thas(SH, p, f, c[i]))
            continue;
        if (res[0])
            strcat(res, " ");
        strcat(res, c[i]);
    }
}

static void shafran_12_castling_conditions(void **s)
{
    char res[64];
    (void)s;
    castles("std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10", "w AI - 0 1"), res);
    assert_string_equal(res, "e1b1 e1c1 e1g3 e1h4");
    castles("std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10 Re5", "w AI - 0 1"), res);
    assert_string_equal(res, "");
    castles("std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10 Rd9", "w AI - 0 1"), res);
    assert_string_equal(res, "e1g3 e1h4");
    castles("std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10 Rb7", "w AI - 0 1"), res);
    assert_string_equal(res, "e1c1 e1g3 e1h4");
    castles("std", tfen(fen, SH, "Ke1 Ra1 Ri5 Nc1", "Ke10", "w AI - 0 1"), res);
    assert_string_equal(res, "e1g3 e1h4");
    castles("std", tfen(fen, SH, "Ke1 Ra1 Ri5 Nb1", "Ke10", "w AI - 0 1"), res);
    assert_string_equal(res, "e1g3 e1h4");
    castles("std", tfen(fen, SH, "Ke1 Ra1 Ri5 Nh4", "Ke10", "w AI - 0 1"), res);
    assert_string_equal(res, "e1b1 e1c1");
    castles("cvp", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10", "w AI - 0 1"), res);
    assert_string_equal(res, "e1b1 e1h4");
    /* a rook that left and came back has lost its right */
    tplay(SH, "std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10", "w AI - 0 1"),
          "a1a2 e10e9 a2a1 e9e10", child);
    assert_non_null(strstr(child, " w I - 4 3"));
    castles("std", child, res);
    assert_string_equal(res, "e1g3 e1h4");
    /* a Black capture on a1 removes only right A */
    tplay(SH, "std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10 Ra6", "b AI - 0 1"), "a6a1", child);
    assert_string_equal(child, tfen(fen, SH, "Ke1 Ri5", "Ke10 Ra1", "w I - 0 2"));
    /* the castling moves the rook beside the king; both rights go */
    tplay(SH, "std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10", "w AI - 0 1"), "e1b1", child);
    assert_string_equal(child, tfen(fen, SH, "Kb1 Rc1 Ri5", "Ke10", "b - - 1 1"));
    tplay(SH, "std", tfen(fen, SH, "Ke1 Ra1 Ri5", "Ke10", "w AI - 0 1"), "e1g3", child);
    assert_string_equal(child, tfen(fen, SH, "Kg3 Rf2 Ra1", "Ke10", "b - - 1 1"));
}

static void shafran_13_16_mates(void **s)
{
    (void)s;
    play_line(SH, "std", tfen(fen, SH, "Ka4 Qa5", "Ka1", "w - - 0 1"), "Qa5-d2", child);
    expect_status(SH, "std", child, "stalemate");
    play_line(SH, "std", tfen(fen, SH, "Ka4 Qb2", "Ke10", "w - - 0 1"), "Qb2-e8#", child);
    play_line(SH, "std", tfen(fen, SH, "Kd6 Qb2", "Ke10", "w - - 0 1"), "Kd6-e7 Ke10-d9 Qb2-e8#", child);
    play_line(SH, "std", tfen(fen, SH, "Kd6 Qb2", "Ke10", "w - - 0 1"), "Kd6-e7 Ke10-e9 Qb2-e8#", child);
    play_line(SH, "std", tfen(fen, SH, "Kf8 Rg3", "Kf10", "w - - 0 1"), "Rg3-g9 Kf10-e10 Rg9-e9#", child);
    play_line(SH, "std", tfen(fen, SH, "Kd7 Na5 Ni10", "Ke10", "w - - 0 1"), "Na5-c8 Ke10-d9 Ni10-f8#", child);
    play_line(SH, "std", tfen(fen, SH, "Kd7 Nc4 Bi9", "Kd9", "w - - 0 1"), "Nc4-e7+ Kd9-e10 Bi9-g8#", child);
    play_line(SH, "std", tfen(fen, SH, "Kd7 Nc4 Bi9", "Kd9", "w - - 0 1"), "Nc4-e7+ Kd9-e10 Bi9-h7#", child);
    play_line(SH, "std", tfen(fen, SH, "Kd7 Bb2 Bd2", "Kd9", "w - - 0 1"), "Bb2-e8+ Kd9-e10 Bd2-g8#", child);
}

static void shafran_14_15_games(void **s)
{
    (void)s;
    tstart(SH, "std", fen);
    play_line(SH, "std", fen, "Nb1-c4 Nc8-d6 Qd1-e3 b6-b5 Nc4-d7#", child);
    play_line(SH, "std", fen,
              "e2-e4 e9-e7 Bc1-e2 Qf10-e9 Be2:i10 Qe9:i5 Nb1-e3 Bd9:h5 Qd1-e2 "
              "b6-b5 Q-0-0-0 Nh10-g7 Ng3-h6 Bh5-f7 Nh6:f7 g9:f7 Bi10:c7 Ra6-c6 "
              "Bc7-f4 d8-d5 e4:d5 Ng7:d5 Bh4-f6 Nd5:f4 Qe2:f4 Qi5:f2 Bf6-h4 "
              "Bg10:c2 Ne3-c4 b5:c4 Rc1:c2 Qf2:h4 Qf4-i10+ Ke10-e9 Qi10-e2 "
              "c4:b2 Rc2:b2 Rc6-g6+ Kb1-a1 Qh4:g4+ Ka1-b3 Nc8-d6+ Kb3-a3 Qg4-a4#",
              child);
}

static void shafran_17_problems(void **s)
{
    (void)s;
    play_line(SH, "std", tfen(fen, SH, "Ka1 Nf3 Be5 Pd3 Pd8", "Kb5 Qi9 Pa4 Pb4 Pd6", "w - - 0 1"),
              "d8-d9=Q+ Qi9:d9 Be5-a3+ Kb5:a3 Nf3-d4#", child);
    tfen(fen, SH, "Kd7 Ra4 Pb4", "Ka6 Bb7 Pc7 Pa5", "w - - 0 1");
    play_line(SH, "std", fen, "Kd7-c8 c7-c6 b4-b5#", child);
    play_line(SH, "std", fen, "Kd7-c8 Bb7-c6 Ra4:c6#", child);
    play_line(SH, "std", fen, "Kd7-c8 Bb7-f3 Ra4:a5#", child);
    play_line(SH, "std", fen, "Kd7-c8 Bb7-d8 Ra4:a5#", child);
    tfen(fen, SH, "Kf10 Rf6 Ri7 Ne10 Nh6 Ba2 Bg3 Bg10 Pd7 Pf9 Pg5 Pg8",
         "Ke7 Rd5 Nh7 Bc1 Bc2 Pb5 Pc5 Pd2 Pd6 Pd8 Pg9", "w - - 0 1");
    play_line(SH, "std", fen, "Ba2-b4 Rd5-d4 Rf6-e6#", child);
    play_line(SH, "std", fen, "Ba2-b4 Rd5-e6 Rf6-f8#", child);
    play_line(SH, "std", fen, "Ba2-b4 Rd5-d3 Rf6-g7#", child);
    play_line(SH, "std", fen, "Ba2-b4 Rd5-e5 Ri7:h7#", child);
}

/* conventions.md: jocly's clock is reset only by a capture; castling keeps it. */
static void shafran_jocly_clock(void **s)
{
    (void)s;
    tstart(SH, "jocly", fen);
    tplay(SH, "jocly", fen, "e2e5", child);
    assert_non_null(strstr(child, " b AIai e3,e4 1 1"));
    tfen(fen, SH, "Ke1 Ra1 Ri5 Nb3", "Ke10 Rb7", "w AI - 5 9");
    tplay(SH, "jocly", fen, "e1b1", child);
    assert_non_null(strstr(child, " b - - 5 9"));
    tplay(SH, "std", fen, "e1b1", child);
    assert_non_null(strstr(child, " b - - 6 9"));
    tplay(SH, "jocly", fen, "e1b1 b7b3", child);  /* capture */
    assert_non_null(strstr(child, " w - - 0 10"));
}

/* ======================= Brusky ======================================== */

static void brusky_5_pawn_diagram(void **s)
{
    const char *w = "Kb1 Pc4 Pf2 Pi2", *b = "Kd6 Bb5 Re5 Ng4 Qi4 Pg3 Pk7";
    char wf[512], bf[512];
    (void)s;
    tfen(wf, BR, w, b, "w - - 0 1");
    tfen(bf, BR, w, b, "b - - 0 1");
    expect_from(BR, "std", wf, "c4", "c4b5 c4c5 c4d5 c4e5");
    expect_from(BR, "std", wf, "f2", "f2g4");
    expect_from(BR, "std", wf, "i2", "i2i3 i2j3 i2k4");
    expect_from(BR, "std", bf, "k7", "k7i5 k7j6 k7k5 k7k6");
    expect_from(BR, "std", bf, "g3", "");
    expect_from(BR, "seed", wf, "f2", "");
    expect_from(BR, "jocly", wf, "f2", "f2f3 f2f4 f2g4");
    expect_from(BR, "jocly", bf, "g3", "g3g2");
    expect_from(BR, "greenchess", wf, "f2", "f2f3 f2f4");
    expect_from(BR, "greenchess", bf, "g3", "g3g2");
}

static void brusky_6_7_cross_block(void **s)
{
    (void)s;
    tfen(fen, BR, "Kb1 Pe2", "Kl8 Nf3", "w - - 0 1");
    expect_from(BR, "std", fen, "e2", "");
    expect_from(BR, "seed", fen, "e2", "");
    expect_from(BR, "ludii", fen, "e2", "");
    expect_from(BR, "jocly", fen, "e2", "e2e3 e2e4");
    expect_from(BR, "greenchess", fen, "e2", "e2e3 e2e4");
    tfen(fen, BR, "Kb1 Pe2 Nf3", "Kl8", "w - - 0 1");
    expect_from(BR, "std", fen, "e2", "e2e3 e2e4");
    expect_from(BR, "seed", fen, "e2", "e2e3 e2e4");
    expect_from(BR, "jocly", fen, "e2", "e2e3 e2e4");
    expect_from(BR, "ludii", fen, "e2", "");
    expect_from(BR, "std", tfen(fen, BR, "Kb1 Pe2", "Kl8 Nf3 Bf4", "w - - 0 1"), "e2", "e2f4");
    /* ludii: a missing forward cell blocks too (White a5: a6 does not exist) */
    tfen(fen, BR, "Kf1 Pa5", "Kg8", "w - - 0 1");
    expect_from(BR, "ludii", fen, "a5", "");
    expect_from(BR, "std", fen, "a5", "a5b6");
}

static void brusky_8_ep_recorded_victim(void **s)
{
    (void)s;
    tfen(fen, BR, "Ka1 Pj2", "Kl8 Pj4", "w - - 0 1");
    expect_from(BR, "std", fen, "j2", "j2j3 j2k3 j2l4");
    tplay(BR, "std", fen, "j2l4", child);
    assert_non_null(strstr(child, " b - k3:l4 0 1"));
    expect_from(BR, "std", child, "j4", "j4i3 j4j3 j4k3");
    tplay(BR, "std", child, "j4k3", out);
    assert_string_equal(out, tfen(fen, BR, "Ka1", "Kl8 Pk3", "w - - 0 2"));
    /* the victim is printed after every double step, also a NW one */
    tplay(BR, "std", tfen(fen, BR, "Ka1 Pj2", "Kl8 Pj4", "w - - 0 1"), "j2j3", child);
    assert_non_null(strstr(child, " b - - 0 1"));
}

static void brusky_10_11_decoy_and_vertical(void **s)
{
    (void)s;
    tfen(fen, BR, "Ka1 Pg5", "Kl8 Pg7 Pf5", "b - - 0 1");
    tplay(BR, "std", fen, "g7e5", child);
    assert_non_null(strstr(child, " w - f6:e5 0 2"));
    tplay(BR, "std", child, "g5f6", out);
    assert_string_equal(out, tfen(fen, BR, "Ka1 Pf6", "Kl8 Pf5", "b - - 0 2"));
    /* a vertical capture is not a double step: no e.p. right */
    tfen(fen, BR, "Kb1 Pe2", "Kl8 Nf4 Pd4", "w - - 0 1");
    tplay(BR, "std", fen, "e2f4", child);
    assert_non_null(strstr(child, " b - - 0 1"));
    expect_from(BR, "std", child, "d4", "d4c3 d4d3");
}

static void brusky_12_13_castling(void **s)
{
    (void)s;
    tfen(fen, BR, "Kf1 Ra1 Ri1", "Kl8", "w AI - 0 1");
    expect_from(BR, "std", fen, "f1", "f1c1 f1e1 f1e2 f1f2 f1g1 f1g2 f1g3 f1h1 f1h2");
    expect_from(BR, "jocly", fen, "f1", "f1d1 f1e1 f1e2 f1f2 f1g1 f1g2 f1g3 f1h1 f1h2");
    tplay(BR, "std", fen, "f1c1", child);
    assert_string_equal(child, tfen(out, BR, "Kc1 Rd1 Ri1", "Kl8", "b - - 1 1"));
    tplay(BR, "std", fen, "f1h1", child);
    assert_string_equal(child, tfen(out, BR, "Kh1 Rg1 Ra1", "Kl8", "b - - 1 1"));
    tplay(BR, "jocly", fen, "f1d1", child);  /* rook a1-e1; clock kept */
    assert_string_equal(child, tfen(out, BR, "Kd1 Re1 Ri1", "Kl8", "b - - 0 1"));
    tfen(fen, BR, "Ka1", "Kg8 Rd8 Rl8", "b dl - 0 1");
    expect_from(BR, "std", fen, "g8", "g8e7 g8e8 g8f6 g8f7 g8f8 g8g7 g8h7 g8h8 g8j8");
    expect_from(BR, "jocly", fen, "g8", "g8e7 g8e8 g8f6 g8f7 g8f8 g8g7 g8h7 g8h8 g8i8");
    tplay(BR, "jocly", fen, "g8i8", child);
    assert_string_equal(child, tfen(out, BR, "Ka1", "Ki8 Rh8 Rd8", "w - - 0 2"));
    /* ludii: Black's king starts on i8; O-O to k8, O-O-O to f8 */
    tfen(fen, BR, "Ka1", "Ki8 Rd8 Rl8", "b dl - 0 1");
    assert_true(thas(BR, "ludii", fen, "i8k8"));
    assert_true(thas(BR, "ludii", fen, "i8f8"));
    tplay(BR, "ludii", fen, "i8f8", child);
    assert_string_equal(child, tfen(out, BR, "Ka1", "Kf8 Rg8 Rl8", "w - - 1 2"));
    tplay(BR, "ludii", fen, "i8k8", child);
    assert_string_equal(child, tfen(out, BR, "Ka1", "Kk8 Rj8 Rd8", "w - - 1 2"));
    /* the rook may cross an attacked cell (b1), the king may not (d1) */
    tfen(fen, BR, "Kf1 Ra1", "Kl8 Rb5", "w A - 0 1");
    assert_true(thas(BR, "std", fen, "f1c1"));
    tfen(fen, BR, "Kf1 Ra1", "Kl8 Rd5", "w A - 0 1");
    assert_false(thas(BR, "std", fen, "f1c1"));
}

static void brusky_15_corner_mates(void **s)
{
    (void)s;
    expect_status(BR, "std", tfen(fen, BR, "Kc5 Nb3", "Ka5", "b - - 0 1"), "checkmate");
    expect_status(BR, "std", tfen(fen, BR, "Kc5 Bb4", "Ka5", "b - - 0 1"), "checkmate");
}

static void brusky_16_17_lines(void **s)
{
    (void)s;
    tstart(BR, "std", fen);
    assert_true(thas(BR, "std", fen, "f1g3"));
    expect_from(BR, "std", fen, "c1", "c1d3 c1e5 c1f7");
    assert_true(thas(BR, "std", tfen(fen, BR, "Ka1 Bf4", "Kl8", "w - - 0 1"), "f4i1"));
    assert_true(thas(BR, "std", tfen(fen, BR, "Ka1 Qf4", "Kl8", "w - - 0 1"), "f4i1"));
}

/* ======================= Glinski ======================================= */

static void glinski_2_reentry_double_step(void **s)
{
    (void)s;
    tfen(fen, GL, "Kg1 Pe4", "Kg10 Pf5", "w - - 0 1");
    tplay(GL, "std", fen, "e4f5 g10g9", child);
    expect_from(GL, "std", child, "f5", "f5f6 f5f7");
    tplay(GL, "std", child, "f5f7", out);  /* and it creates an e.p. right */
    assert_non_null(strstr(out, " b - f6 0 2"));
}

static void glinski_4_7_initial(void **s)
{
    (void)s;
    tstart(GL, "std", fen);
    expect_from(GL, "std", fen, "f5", "f5f6");
    tplay(GL, "std", fen, "g4g6", child);
    assert_non_null(strstr(child, " b - g5 0 1"));
}

static void glinski_5_ep(void **s)
{
    (void)s;
    tfen(fen, GL, "Kg1 Pb5", "Kg10 Pc7", "b - - 0 1");
    tplay(GL, "std", fen, "c7c5", child);
    assert_non_null(strstr(child, " w - c6 0 2"));
    expect_from(GL, "std", child, "b5", "b5b6 b5c6");
    tplay(GL, "std", child, "b5c6", out);
    assert_string_equal(out, tfen(fen, GL, "Kg1 Pc6", "Kg10", "b - - 0 2"));
}

static void glinski_6_8_captures(void **s)
{
    (void)s;
    expect_from(GL, "std", tfen(fen, GL, "Kg1 Pe4", "Kg10 Rf5 Nd4 Be5", "w - - 0 1"),
                "e4", "e4d4 e4f5");
    /* b1xa1 lands on Black's promotion row: no promotion */
    expect_from(GL, "std", tfen(fen, GL, "Kl1 Pb1", "Kg10 Ra1", "w - - 0 1"),
                "b1", "b1a1 b1b2 b1b3");
    /* a White pawn promotes on the last cell of its file, e.g. e9-e10 */
    expect_from(GL, "std", tfen(fen, GL, "Kl1 Pe9", "Kg10", "w - - 0 1"),
                "e9", "e9e10b e9e10n e9e10q e9e10r");
}

static void glinski_10_stalemate(void **s)
{
    (void)s;
    tfen(fen, GL, "Kf9", "Kf11", "b - - 0 1");
    expect_status(GL, "std", fen, "stalemate");
    expect_status(GL, "draw", fen, "stalemate");
}

/* ======================= McCooey ======================================= */

static void mccooey_2_initial(void **s)
{
    char *p;
    (void)s;
    tstart(MC, "std", fen);
    expect_from(MC, "std", fen, "f4", "f4f5");
    assert_true(thas(MC, "std", fen, "c1c3"));
    assert_true(thas(MC, "std", fen, "i1i3"));
    p = strstr(fen, " w ");
    p[1] = 'b';
    assert_int_equal(tcount(MC, "std", fen), 31);
    expect_from(MC, "std", fen, "f8", "f8f7");
}

static void mccooey_3_4_5_captures(void **s)
{
    (void)s;
    expect_from(MC, "std", tfen(fen, MC, "Kg1 Pe4", "Kg10 Rf6 Nd5", "w - - 0 1"),
                "e4", "e4d5 e4e5 e4f6");
    expect_from(MC, "std", tfen(fen, MC, "Kg1 Pe4", "Kg10 Rf5 Nd4", "w - - 0 1"),
                "e4", "e4e5");
    expect_from(MC, "std", tfen(fen, MC, "Kg1 Pe4", "Kg10 Re5", "w - - 0 1"), "e4", "");
    expect_from(MC, "std", tfen(fen, MC, "Kg1 Rd5 Nf6", "Kg10 Pe7", "b - - 0 1"),
                "e7", "e7d5 e7e6 e7f6");
    expect_from(MC, "std", tfen(fen, MC, "Kg1 Pe5", "Kg10", "w - - 0 1"), "e5", "e5e6");
}

static void mccooey_6_ep(void **s)
{
    (void)s;
    tfen(fen, MC, "Kg1 Pd5", "Kg10 Pe8", "b - - 0 1");
    tplay(MC, "std", fen, "e8e6", child);
    expect_from(MC, "std", child, "d5", "d5d6 d5e7");
    tplay(MC, "std", child, "d5e7", out);
    assert_string_equal(out, tfen(fen, MC, "Kg1 Pe7", "Kg10", "b - - 0 2"));
    tplay(MC, "std", child, "g1g2 g10g9", out);  /* lapses after one ply */
    expect_from(MC, "std", out, "d5", "d5d6");
    /* a capture that advances two ranks creates no right (neg-capture-ep) */
    tstart(MC, "std", fen);
    tplay(MC, "std", fen, "e3e5 e9f7 e5f7", child);
    assert_non_null(strstr(child, " b - - 0 2"));
    assert_false(thas(MC, "std", child, "f8e6"));
}

static void mccooey_7_promotion(void **s)
{
    (void)s;
    expect_from(MC, "std", tfen(fen, MC, "Kg1 Pb6", "Kg10", "w - - 0 1"), "b6",
                "b6b7b b6b7n b6b7q b6b7r");
    assert_true(thas(MC, "std", tfen(fen, MC, "Kg1 Pb6", "Kg10 Rc8", "w - - 0 1"), "b6c8q"));
}

static void mccooey_8_knight_mate(void **s)
{
    (void)s;
    expect_status(MC, "std", "b/qbk/rnbnr/ppppppp/9/11/11/5n5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
                  "checkmate");
}

static void mccooey_9_chains(void **s)
{
    (void)s;
    tfen(fen, MC, "Kg1 Pg4 Pf6 Pe7", "Kg10 Pg5 Pf7 Pe8", "w - - 0 1");
    expect_from(MC, "std", fen, "g4", "");
    expect_from(MC, "std", fen, "f6", "");
    expect_from(MC, "std", fen, "e7", "");
    tfen(fen, MC, "Kg1 Pg4 Pf6 Pe7", "Kg10 Pg5 Pf7 Pe8", "b - - 0 1");
    expect_from(MC, "std", fen, "g5", "");
    expect_from(MC, "std", fen, "f7", "");
    expect_from(MC, "std", fen, "e8", "");
}

static void mccooey_10_11_end(void **s)
{
    (void)s;
    expect_status(MC, "std", tfen(fen, MC, "Kf9 Qf10", "Kf11", "b - - 0 1"), "checkmate");
    expect_status(MC, "std", tfen(fen, MC, "Kf9", "Kf11", "b - - 0 1"), "stalemate");
    expect_status(MC, "std", tfen(fen, MC, "Ka1 Qb2", "Kf11", "w - - 0 1"), "ongoing");
    expect_status(MC, "std", tfen(fen, MC, "Ka1 Qf6", "Kf11", "b - - 0 1"), "check");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shafran_2_multistep_limit),
        cmocka_unit_test(shafran_3_4_blocked_and_no_foreign_start),
        cmocka_unit_test(shafran_5_diagonal_captures),
        cmocka_unit_test(shafran_6_ep_on_every_crossed_cell),
        cmocka_unit_test(shafran_7_wiki_ep),
        cmocka_unit_test(shafran_8_promotion),
        cmocka_unit_test(shafran_10_black_castlings),
        cmocka_unit_test(shafran_12_castling_conditions),
        cmocka_unit_test(shafran_13_16_mates),
        cmocka_unit_test(shafran_14_15_games),
        cmocka_unit_test(shafran_17_problems),
        cmocka_unit_test(shafran_jocly_clock),
        cmocka_unit_test(brusky_5_pawn_diagram),
        cmocka_unit_test(brusky_6_7_cross_block),
        cmocka_unit_test(brusky_8_ep_recorded_victim),
        cmocka_unit_test(brusky_10_11_decoy_and_vertical),
        cmocka_unit_test(brusky_12_13_castling),
        cmocka_unit_test(brusky_15_corner_mates),
        cmocka_unit_test(brusky_16_17_lines),
        cmocka_unit_test(glinski_2_reentry_double_step),
        cmocka_unit_test(glinski_4_7_initial),
        cmocka_unit_test(glinski_5_ep),
        cmocka_unit_test(glinski_6_8_captures),
        cmocka_unit_test(glinski_10_stalemate),
        cmocka_unit_test(mccooey_2_initial),
        cmocka_unit_test(mccooey_3_4_5_captures),
        cmocka_unit_test(mccooey_6_ep),
        cmocka_unit_test(mccooey_7_promotion),
        cmocka_unit_test(mccooey_8_knight_mate),
        cmocka_unit_test(mccooey_9_chains),
        cmocka_unit_test(mccooey_10_11_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
