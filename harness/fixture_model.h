/*
 * fixture_model.h - a parsed fixture file (docs/fixtures.md), shared by the
 * parser (fixture_parse.c) and the runner (fixture_run.c).
 */
#ifndef HEXREF_HARNESS_FIXTURE_MODEL_H
#define HEXREF_HARNESS_FIXTURE_MODEL_H

#include <stdint.h>
#include <stdio.h>

#include "hexref.h"
#include "strvec.h"

/* Deepest perft a fixture may ask for, and deepest directory walked. */
enum { FX_MAX_DEPTH = HX_PERFT_MAX_DEPTH };

enum ex_kind { EX_MOVES, EX_MOVES_FROM, EX_LEGAL, EX_ILLEGAL, EX_STATUS,
               EX_AFTER, EX_REACHES, EX_PERFT };
enum { FX_NKINDS = EX_PERFT + 1 };

/* The keyword of each kind, as written in a file. */
extern const char *const fx_expect_names[];

typedef struct {
    int line;
    enum ex_kind kind;
    strvec only;  /* qualifier: profiles this applies to (empty = all) */
    strvec list;  /* moves (sorted for EX_MOVES / EX_MOVES_FROM) */
    char *cell;   /* EX_MOVES_FROM */
    char *word;   /* EX_STATUS word, EX_AFTER move */
    char *fen;    /* EX_AFTER, EX_REACHES */
    int depth;    /* EX_PERFT */
    uint64_t nodes;
} fx_expect;

typedef struct {
    const char *file; /* owned by the file list */
    int line;
    char *id, *variant, *source, *items, *setup, *fen;
    int has_items;
    strvec profiles, refutes, moves;
    fx_expect *ex;
    int nex, capex;
    int ended;
} fx_fixture;

typedef struct {
    fx_fixture *v;
    int n, cap;
    strvec files; /* the file names the fixtures point at */
} fx_list;

void fx_list_free(fx_list *l);

/* Reads every fixture of the given files (a directory means every *.fix file
 * below it, sorted); ids must be unique across them. Returns 0, or -1 with
 * "file:line: problem" messages on err (nothing is kept). *nfiles: files read. */
int fx_load(const char *const *paths, int npaths, FILE *err, fx_list *out, int *nfiles);

#endif
