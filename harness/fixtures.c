/*
 * fixtures.c - the conformance fixture runner (format: docs/fixtures.md).
 *
 * Every file is parsed completely before anything runs; a malformed file
 * stops the run with "file:line: problem" messages. Then each fixture is run
 * under each profile of its `profiles` line (every expectation must hold) and
 * of its `refutes` line (at least one expectation must fail). No global
 * mutable state: everything lives in the structures below, freed on return.
 */
#define _POSIX_C_SOURCE 200809L

#include "fixtures.h"
#include "hexref.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { FX_MAX_FILE = 64 * 1024 * 1024, FX_MAX_DEPTH = HX_PERFT_MAX_DEPTH, FX_ERR = 512 };

/* ---------------------------------------------------------------- utils */

typedef struct {
    char **v;
    int n, cap;
} strvec;

static char *xstrndup(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

static char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

/* Takes ownership of s (NULL means out of memory). */
static int sv_push_own(strvec *sv, char *s)
{
    if (!s)
        return -1;
    if (sv->n == sv->cap) {
        int nc = sv->cap ? sv->cap * 2 : 8;
        char **nv = realloc(sv->v, (size_t)nc * sizeof *nv);
        if (!nv) {
            free(s);
            return -1;
        }
        sv->v = nv;
        sv->cap = nc;
    }
    sv->v[sv->n++] = s;
    return 0;
}

static void sv_free(strvec *sv)
{
    for (int i = 0; i < sv->n; i++)
        free(sv->v[i]);
    free(sv->v);
    sv->v = NULL;
    sv->n = sv->cap = 0;
}

static int sv_has(const strvec *sv, const char *s)
{
    for (int i = 0; i < sv->n; i++)
        if (strcmp(sv->v[i], s) == 0)
            return 1;
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sv_sort(strvec *sv)
{
    if (sv->n > 1)
        qsort(sv->v, (size_t)sv->n, sizeof *sv->v, cmp_str);
}

/* Splits s on blanks (space, tab) into sv. Returns -1 on out of memory. */
static int sv_split(strvec *sv, const char *s)
{
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        const char *b = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (sv_push_own(sv, xstrndup(b, (size_t)(s - b))) != 0)
            return -1;
    }
    return 0;
}

/* Growing text buffer for failure reports. */
typedef struct {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->n;
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->oom = 1;
            return;
        }
        if (b->s && (size_t)k < room) {
            b->n += (size_t)k;
            return;
        }
        size_t nc = b->cap ? b->cap : 256;
        while (nc < b->n + (size_t)k + 1)
            nc *= 2;
        char *ns = realloc(b->s, nc);
        if (!ns) {
            b->oom = 1;
            return;
        }
        b->s = ns;
        b->cap = nc;
    }
}

/* ------------------------------------------------------------ the model */

enum ex_kind { EX_MOVES, EX_MOVES_FROM, EX_LEGAL, EX_ILLEGAL, EX_STATUS,
               EX_AFTER, EX_REACHES, EX_PERFT };

static const char *const ex_names[] = { "moves", "moves-from", "legal",
                                        "illegal", "status", "after",
                                        "reaches", "perft" };

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
} fx_list;

static void ex_free(fx_expect *e)
{
    sv_free(&e->only);
    sv_free(&e->list);
    free(e->cell);
    free(e->word);
    free(e->fen);
}

static void fx_free(fx_fixture *f)
{
    free(f->id);
    free(f->variant);
    free(f->source);
    free(f->items);
    free(f->setup);
    free(f->fen);
    sv_free(&f->profiles);
    sv_free(&f->refutes);
    sv_free(&f->moves);
    for (int i = 0; i < f->nex; i++)
        ex_free(&f->ex[i]);
    free(f->ex);
}

static void fl_free(fx_list *l)
{
    for (int i = 0; i < l->n; i++)
        fx_free(&l->v[i]);
    free(l->v);
}

/* ------------------------------------------------------------- parsing */

typedef struct {
    const char *file;
    int line;
    FILE *out;
    int errors;
} pctx;

static void perr(pctx *p, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(p->out, "%s:%d: ", p->file, line);
    va_start(ap, fmt);
    vfprintf(p->out, fmt, ap);
    va_end(ap);
    fputc('\n', p->out);
    p->errors++;
}

static const char *const variants[] = { "shafran", "brusky", "glinski",
                                        "mccooey" };

static int known_variant(const char *v)
{
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++)
        if (strcmp(v, variants[i]) == 0)
            return 1;
    return 0;
}

/* Profile names: lower case letters, digits and '-'. */
static int good_name(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) ||
              *s == '-'))
            return 0;
    return 1;
}

/* A cell: a lower case letter and 1-2 digits. Returns its length or 0. */
static size_t cell_len(const char *s)
{
    if (!islower((unsigned char)s[0]) || !isdigit((unsigned char)s[1]))
        return 0;
    if (isdigit((unsigned char)s[2]))
        return 3;
    return 2;
}

static int good_cell(const char *s)
{
    size_t n = cell_len(s);
    return n > 0 && s[n] == '\0';
}

/* Move text: <cell><cell>[qrbn]. */
static int good_move(const char *s)
{
    size_t a = cell_len(s);
    if (!a)
        return 0;
    size_t b = cell_len(s + a);
    if (!b)
        return 0;
    const char *t = s + a + b;
    return *t == '\0' || (strchr("qrbn", *t) && t[1] == '\0');
}

/* A HexFEN in a fixture: exactly six blank-separated fields. */
static int good_fen(const char *s)
{
    strvec f = { 0 };
    if (sv_split(&f, s) != 0)
        return 0;
    int ok = f.n == 6;
    sv_free(&f);
    return ok;
}

/* Parses a list of moves into sv; "-" alone means the empty list. */
static int parse_moves(pctx *p, int line, const char *val, strvec *sv,
                       int allow_empty)
{
    if (sv_split(sv, val) != 0) {
        perr(p, line, "out of memory");
        return -1;
    }
    if (sv->n == 1 && strcmp(sv->v[0], "-") == 0) {
        sv_free(sv);
        if (!allow_empty) {
            perr(p, line, "'-' (no moves) is not allowed here");
            return -1;
        }
        return 0;
    }
    if (sv->n == 0) {
        perr(p, line, "missing move list (write '-' for no moves)");
        return -1;
    }
    for (int i = 0; i < sv->n; i++) {
        if (!good_move(sv->v[i])) {
            perr(p, line, "bad move text '%s' (expected e.g. e2e4 or d8d9q)",
                 sv->v[i]);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(sv->v[i], sv->v[j]) == 0) {
                perr(p, line, "move '%s' listed twice", sv->v[i]);
                return -1;
            }
    }
    return 0;
}

static int set_once(pctx *p, int line, char **slot, const char *key,
                    const char *val)
{
    if (*slot) {
        perr(p, line, "'%s' given twice in one fixture", key);
        return -1;
    }
    if (!*val) {
        perr(p, line, "'%s' needs a value", key);
        return -1;
    }
    *slot = xstrdup(val);
    if (!*slot) {
        perr(p, line, "out of memory");
        return -1;
    }
    return 0;
}

static fx_expect *new_expect(pctx *p, fx_fixture *f, int line)
{
    if (f->nex == f->capex) {
        int nc = f->capex ? f->capex * 2 : 8;
        fx_expect *nv = realloc(f->ex, (size_t)nc * sizeof *nv);
        if (!nv) {
            perr(p, line, "out of memory");
            return NULL;
        }
        f->ex = nv;
        f->capex = nc;
    }
    fx_expect *e = &f->ex[f->nex++];
    memset(e, 0, sizeof *e);
    e->line = line;
    return e;
}

static int parse_expect(pctx *p, fx_fixture *f, int line, const char *quals,
                        const char *key, const char *val)
{
    int kind = -1;
    for (int k = 0; k < (int)(sizeof ex_names / sizeof *ex_names); k++)
        if (strcmp(key, ex_names[k]) == 0)
            kind = k;
    if (kind < 0) {
        perr(p, line, "unknown key '%s'", key);
        return -1;
    }
    fx_expect *e = new_expect(p, f, line);
    if (!e)
        return -1;
    e->kind = (enum ex_kind)kind;
    if (quals) {
        if (sv_split(&e->only, quals) != 0) {
            perr(p, line, "out of memory");
            return -1;
        }
        if (e->only.n == 0) {
            perr(p, line, "empty profile qualifier []");
            return -1;
        }
        for (int i = 0; i < e->only.n; i++)
            if (!good_name(e->only.v[i])) {
                perr(p, line, "bad profile name '%s' in qualifier",
                     e->only.v[i]);
                return -1;
            }
    }
    switch (e->kind) {
    case EX_MOVES:
        if (parse_moves(p, line, val, &e->list, 1) != 0)
            return -1;
        break;
    case EX_LEGAL:
    case EX_ILLEGAL:
        if (parse_moves(p, line, val, &e->list, 0) != 0)
            return -1;
        break;
    case EX_MOVES_FROM: {
        size_t n = strcspn(val, " \t");
        e->cell = xstrndup(val, n);
        if (!e->cell) {
            perr(p, line, "out of memory");
            return -1;
        }
        if (!good_cell(e->cell)) {
            perr(p, line, "moves-from needs a cell, then the moves");
            return -1;
        }
        if (parse_moves(p, line, val + n, &e->list, 1) != 0)
            return -1;
        size_t cl = strlen(e->cell);
        for (int i = 0; i < e->list.n; i++)
            if (strncmp(e->list.v[i], e->cell, cl) != 0 ||
                !islower((unsigned char)e->list.v[i][cl])) {
                perr(p, line, "move '%s' does not start on %s", e->list.v[i],
                     e->cell);
                return -1;
            }
        break;
    }
    case EX_STATUS:
        if (strcmp(val, "checkmate") && strcmp(val, "stalemate") &&
            strcmp(val, "check") && strcmp(val, "ongoing")) {
            perr(p, line,
                 "status must be checkmate, stalemate, check or ongoing");
            return -1;
        }
        e->word = xstrdup(val);
        break;
    case EX_AFTER: {
        size_t n = strcspn(val, " \t");
        e->word = xstrndup(val, n);
        const char *r = val + n;
        while (*r == ' ' || *r == '\t')
            r++;
        e->fen = xstrdup(r);
        if (!e->word || !e->fen) {
            perr(p, line, "out of memory");
            return -1;
        }
        if (!good_move(e->word) || !good_fen(e->fen)) {
            perr(p, line, "after needs a move and a six-field HexFEN");
            return -1;
        }
        break;
    }
    case EX_REACHES:
        e->fen = xstrdup(val);
        if (!e->fen) {
            perr(p, line, "out of memory");
            return -1;
        }
        if (!good_fen(e->fen)) {
            perr(p, line, "reaches needs a six-field HexFEN");
            return -1;
        }
        break;
    case EX_PERFT: {
        char *end;
        errno = 0;
        long d = strtol(val, &end, 10);
        if (end == val || d < 0 || d > FX_MAX_DEPTH ||
            (*end != ' ' && *end != '\t')) {
            perr(p, line, "perft needs a depth (0-%d) and a node count",
                 FX_MAX_DEPTH);
            return -1;
        }
        const char *q = end;
        while (*q == ' ' || *q == '\t')
            q++;
        if (!isdigit((unsigned char)*q)) {
            perr(p, line, "perft needs a node count after the depth");
            return -1;
        }
        errno = 0;
        unsigned long long nd = strtoull(q, &end, 10);
        if (errno || *end) {
            perr(p, line, "bad perft node count '%s'", q);
            return -1;
        }
        e->depth = (int)d;
        e->nodes = (uint64_t)nd;
        break;
    }
    }
    if ((e->kind == EX_STATUS) && !e->word) {
        perr(p, line, "out of memory");
        return -1;
    }
    if (e->kind == EX_MOVES || e->kind == EX_MOVES_FROM)
        sv_sort(&e->list);
    return 0;
}

/* A profiles or refutes line naming a profile the variant does not have
 * would be skipped in silence by a -p filter: an error instead. */
static int unknown_profile(pctx *p, const fx_fixture *f, const strvec *names)
{
    for (int i = 0; i < names->n; i++) {
        hx_error e;
        if (!hx_rules_find(f->variant, names->v[i], &e)) {
            perr(p, f->line, "fixture '%s': %s", f->id, e.message);
            return 1;
        }
    }
    return 0;
}

/* Checks a complete record; returns 0 if it is usable. */
static int check_fixture(pctx *p, fx_fixture *f)
{
    int bad = 0;
    if (!f->variant) {
        perr(p, f->line, "fixture '%s' has no variant", f->id);
        bad = 1;
    } else if (!known_variant(f->variant)) {
        perr(p, f->line, "fixture '%s': unknown variant '%s'", f->id,
             f->variant);
        bad = 1;
    }
    if (f->profiles.n == 0) {
        perr(p, f->line, "fixture '%s' has no profiles line", f->id);
        bad = 1;
    }
    if (!bad && (unknown_profile(p, f, &f->profiles) || unknown_profile(p, f, &f->refutes)))
        bad = 1;
    if (!f->source) {
        perr(p, f->line, "fixture '%s' has no source", f->id);
        bad = 1;
    }
    if (!f->fen) {
        perr(p, f->line, "fixture '%s' has no fen", f->id);
        bad = 1;
    }
    if (f->nex == 0) {
        perr(p, f->line, "fixture '%s' has no expectation", f->id);
        bad = 1;
    }
    for (int i = 0; i < f->refutes.n; i++)
        if (sv_has(&f->profiles, f->refutes.v[i])) {
            perr(p, f->line, "fixture '%s': profile '%s' both in profiles and "
                 "refutes", f->id, f->refutes.v[i]);
            bad = 1;
        }
    for (int i = 0; i < f->nex; i++)
        for (int j = 0; j < f->ex[i].only.n; j++) {
            const char *q = f->ex[i].only.v[j];
            if (!sv_has(&f->profiles, q) && !sv_has(&f->refutes, q)) {
                perr(p, f->ex[i].line, "qualifier profile '%s' is neither in "
                     "profiles nor in refutes of '%s'", q, f->id);
                bad = 1;
            }
        }
    return bad ? -1 : 0;
}

static int parse_profiles(pctx *p, int line, strvec *sv, const char *key,
                          const char *val)
{
    if (sv->n) {
        perr(p, line, "'%s' given twice in one fixture", key);
        return -1;
    }
    if (sv_split(sv, val) != 0) {
        perr(p, line, "out of memory");
        return -1;
    }
    if (sv->n == 0) {
        perr(p, line, "'%s' needs at least one profile", key);
        return -1;
    }
    for (int i = 0; i < sv->n; i++) {
        if (!good_name(sv->v[i])) {
            perr(p, line, "bad profile name '%s'", sv->v[i]);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(sv->v[i], sv->v[j]) == 0) {
                perr(p, line, "profile '%s' listed twice", sv->v[i]);
                return -1;
            }
    }
    return 0;
}

/* Handles one non-blank, non-comment line inside a record. */
static int parse_line(pctx *p, fx_fixture *f, int line, char *s)
{
    const char *quals = NULL;
    if (*s == '[') {
        char *close = strchr(s, ']');
        if (!close) {
            perr(p, line, "unclosed '[' qualifier");
            return -1;
        }
        *close = '\0';
        quals = s + 1;
        s = close + 1;
        while (*s == ' ' || *s == '\t')
            s++;
    }
    char *key = s;
    size_t kn = strcspn(s, " \t");
    char *val = s + kn;
    if (*val) {
        *val++ = '\0';
        while (*val == ' ' || *val == '\t')
            val++;
    }
    if (!*key) {
        perr(p, line, "qualifier without a key");
        return -1;
    }
    int plain = strcmp(key, "variant") == 0 || strcmp(key, "profiles") == 0 ||
                strcmp(key, "refutes") == 0 || strcmp(key, "source") == 0 ||
                strcmp(key, "item") == 0 || strcmp(key, "setup") == 0 ||
                strcmp(key, "fen") == 0 || strcmp(key, "line") == 0;
    if (plain && quals) {
        perr(p, line, "'%s' cannot take a profile qualifier", key);
        return -1;
    }
    if (strcmp(key, "variant") == 0)
        return set_once(p, line, &f->variant, key, val);
    if (strcmp(key, "profiles") == 0)
        return parse_profiles(p, line, &f->profiles, key, val);
    if (strcmp(key, "refutes") == 0)
        return parse_profiles(p, line, &f->refutes, key, val);
    if (strcmp(key, "setup") == 0)
        return set_once(p, line, &f->setup, key, val);
    if (strcmp(key, "item") == 0) {
        if (set_once(p, line, &f->items, key, val) != 0)
            return -1;
        for (const char *c = val; *c; c++)
            if (!isdigit((unsigned char)*c) && *c != ' ' && *c != '\t') {
                perr(p, line, "item takes §7 item numbers, e.g. 'item 6 7'");
                return -1;
            }
        return 0;
    }
    if (strcmp(key, "fen") == 0) {
        if (set_once(p, line, &f->fen, key, val) != 0)
            return -1;
        if (strcmp(val, "start") != 0 && !good_fen(val)) {
            perr(p, line, "fen must be 'start' or a six-field HexFEN");
            return -1;
        }
        return 0;
    }
    if (strcmp(key, "source") == 0) {
        if (!*val) {
            perr(p, line, "'source' needs a value");
            return -1;
        }
        if (!f->source) {
            f->source = xstrdup(val);
        } else { /* repeated source lines are joined with a space */
            size_t a = strlen(f->source), b = strlen(val);
            char *ns = realloc(f->source, a + b + 2);
            if (ns) {
                ns[a] = ' ';
                memcpy(ns + a + 1, val, b + 1);
            }
            f->source = ns;
        }
        if (!f->source) {
            perr(p, line, "out of memory");
            return -1;
        }
        return 0;
    }
    if (strcmp(key, "line") == 0) {
        strvec mv = { 0 };
        if (parse_moves(p, line, val, &mv, 0) != 0) {
            sv_free(&mv);
            return -1;
        }
        for (int i = 0; i < mv.n; i++) {
            if (sv_push_own(&f->moves, mv.v[i]) != 0) {
                mv.v[i] = NULL;
                for (int j = i + 1; j < mv.n; j++)
                    free(mv.v[j]);
                free(mv.v);
                perr(p, line, "out of memory");
                return -1;
            }
        }
        free(mv.v);
        return 0;
    }
    return parse_expect(p, f, line, quals, key, val);
}

static int read_file(const char *path, char **buf, size_t *len, FILE *out)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(out, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    while (b) {
        if (n + 1 >= cap) {
            if (cap >= FX_MAX_FILE) {
                fprintf(out, "%s: file larger than %d bytes\n", path,
                        FX_MAX_FILE);
                free(b);
                fclose(fp);
                return -1;
            }
            char *nb = realloc(b, cap * 2);
            if (!nb) {
                free(b);
                b = NULL;
                break;
            }
            b = nb;
            cap *= 2;
        }
        size_t k = fread(b + n, 1, cap - 1 - n, fp);
        n += k;
        if (k == 0)
            break;
    }
    int rerr = ferror(fp);
    fclose(fp);
    if (!b) {
        fprintf(out, "%s: out of memory\n", path);
        return -1;
    }
    if (rerr) {
        fprintf(out, "%s: read error\n", path);
        free(b);
        return -1;
    }
    b[n] = '\0';
    const char *nul = memchr(b, '\0', n);
    if (nul) {
        int line = 1;
        for (const char *q = b; q < nul; q++)
            line += *q == '\n';
        fprintf(out, "%s:%d: file contains a NUL byte (not a text file?)\n",
                path, line);
        free(b);
        return -1;
    }
    *buf = b;
    *len = n;
    return 0;
}

/* Parses one file, appending its fixtures to fl. Returns the error count. */
static int parse_file(const char *path, fx_list *fl, FILE *out)
{
    char *buf;
    size_t len;
    if (read_file(path, &buf, &len, out) != 0)
        return 1;
    pctx p = { path, 0, out, 0 };
    fx_fixture *cur = NULL;
    int lineno = 0;
    char *s = buf;
    while (*s) {
        char *nl = strchr(s, '\n');
        char *next = nl ? nl + 1 : s + strlen(s);
        if (nl)
            *nl = '\0';
        lineno++;
        size_t n = strlen(s);
        while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ' ||
                         s[n - 1] == '\t'))
            s[--n] = '\0';
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0' || *s == '#') {
            s = next;
            continue;
        }
        if (strncmp(s, "fixture", 7) == 0 && (s[7] == ' ' || s[7] == '\t' ||
                                              s[7] == '\0')) {
            char *id = s + 7;
            while (*id == ' ' || *id == '\t')
                id++;
            if (cur) {
                perr(&p, lineno, "fixture '%s' (line %d) has no 'end' before "
                     "the next fixture", cur->id, cur->line);
                cur->ended = 1; /* keep parsing to report more problems */
            }
            if (!*id || strcspn(id, " \t") != strlen(id) || !good_name(id)) {
                perr(&p, lineno, "fixture needs one id (a-z, 0-9, '-')");
                cur = NULL;
                s = next;
                /* skip to the matching end */
                while (*s) {
                    char *nl2 = strchr(s, '\n');
                    char *nx = nl2 ? nl2 + 1 : s + strlen(s);
                    lineno++;
                    if (strncmp(s, "end", 3) == 0 &&
                        (s[3] == '\0' || s[3] == '\n' || s[3] == '\r' ||
                         s[3] == ' ')) {
                        s = nx;
                        break;
                    }
                    s = nx;
                }
                continue;
            }
            if (fl->n == fl->cap) {
                int nc = fl->cap ? fl->cap * 2 : 64;
                fx_fixture *nv = realloc(fl->v, (size_t)nc * sizeof *nv);
                if (!nv) {
                    perr(&p, lineno, "out of memory");
                    break;
                }
                fl->v = nv;
                fl->cap = nc;
            }
            cur = &fl->v[fl->n++];
            memset(cur, 0, sizeof *cur);
            cur->file = path;
            cur->line = lineno;
            cur->id = xstrdup(id);
            if (!cur->id) {
                perr(&p, lineno, "out of memory");
                break;
            }
            s = next;
            continue;
        }
        if (strcmp(s, "end") == 0) {
            if (!cur)
                perr(&p, lineno, "'end' outside a fixture");
            else {
                check_fixture(&p, cur);
                cur->ended = 1;
                cur = NULL;
            }
            s = next;
            continue;
        }
        if (!cur) {
            perr(&p, lineno, "'%.40s' outside a fixture (records start with "
                 "'fixture <id>')", s);
            s = next;
            continue;
        }
        parse_line(&p, cur, lineno, s);
        s = next;
    }
    if (cur)
        perr(&p, lineno, "fixture '%s' (line %d) is not terminated by 'end' "
             "(truncated file?)", cur->id, cur->line);
    free(buf);
    return p.errors;
}

/* ---------------------------------------------------- collecting files */

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

static int collect(const char *path, strvec *files, FILE *out, int depth)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return sv_push_own(files, xstrdup(path)) == 0 ? 0 : -1;
    if (depth > 16) {
        fprintf(out, "%s: directories nested too deeply\n", path);
        return -1;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(out, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    strvec names = { 0 };
    struct dirent *de;
    int rc = 0;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(de->d_name) + 2;
        char *full = malloc(n);
        if (!full) {
            rc = -1;
            break;
        }
        snprintf(full, n, "%s/%s", path, de->d_name);
        if (sv_push_own(&names, full) != 0) {
            rc = -1;
            break;
        }
    }
    closedir(d);
    if (rc == 0)
        sv_sort(&names);
    for (int i = 0; rc == 0 && i < names.n; i++) {
        struct stat s2;
        if (stat(names.v[i], &s2) != 0)
            continue;
        if (S_ISDIR(s2.st_mode))
            rc = collect(names.v[i], files, out, depth + 1);
        else if (has_suffix(names.v[i], ".fix")) {
            rc = sv_push_own(files, names.v[i]);
            names.v[i] = NULL;
        }
    }
    if (rc != 0 && !names.v)
        fprintf(out, "%s: out of memory\n", path);
    sv_free(&names);
    return rc;
}

/* ------------------------------------------------------------- running */

typedef struct {
    char variant[32], profile[64];
    int ok;
} probe;

typedef struct {
    const hx_engine *eng;
    FILE *out;
    probe *probes;
    int nprobes, capprobes;
    char *text;    /* HX_ENGINE_TEXT_MAX scratch */
    char err[FX_ERR];
    int skipped_runs;
    int oom;
} rctx;

/* Does the engine run variant/profile? Asked once through start_fen. */
static int supported(rctx *r, const char *variant, const char *profile)
{
    if (!r->eng->start_fen)
        return 1;
    for (int i = 0; i < r->nprobes; i++)
        if (!strcmp(r->probes[i].variant, variant) &&
            !strcmp(r->probes[i].profile, profile))
            return r->probes[i].ok;
    char fen[HX_ENGINE_FEN_MAX];
    r->err[0] = '\0';
    int ok = r->eng->start_fen(r->eng->ctx, variant, profile, fen, sizeof fen,
                               r->err, sizeof r->err) == 0;
    if (strlen(variant) < sizeof r->probes[0].variant &&
        strlen(profile) < sizeof r->probes[0].profile) {
        if (r->nprobes == r->capprobes) {
            int nc = r->capprobes ? r->capprobes * 2 : 16;
            probe *nv = realloc(r->probes, (size_t)nc * sizeof *nv);
            if (!nv)
                return ok;
            r->probes = nv;
            r->capprobes = nc;
        }
        probe *pr = &r->probes[r->nprobes++];
        strcpy(pr->variant, variant);
        strcpy(pr->profile, profile);
        pr->ok = ok;
        if (!ok)
            fprintf(r->out, "note: engine '%s' does not run %s/%s (%s); "
                    "those runs are skipped\n", r->eng->name, variant,
                    profile, r->err);
    }
    return ok;
}

/* Parses an engine move list; checks it is sorted without duplicates. */
static int parse_engine_moves(const char *text, strvec *sv, int *sorted)
{
    const char *s = text;
    *sorted = 1;
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n > 0) {
            if (sv_push_own(sv, xstrndup(s, n)) != 0)
                return -1;
            if (sv->n > 1 && strcmp(sv->v[sv->n - 2], sv->v[sv->n - 1]) >= 0)
                *sorted = 0;
        }
        s += n;
        if (*s == '\n')
            s++;
    }
    return 0;
}

typedef struct {
    char *fen;        /* position under test */
    strvec moves;     /* its legal moves, once fetched */
    int have_moves;   /* 1 fetched, -1 failed */
    int moves_sorted;
    char moves_err[FX_ERR + 32];
} position;

static int get_moves(rctx *r, const fx_fixture *f, const char *profile,
                     position *pos)
{
    if (pos->have_moves)
        return pos->have_moves > 0 ? 0 : -1;
    r->err[0] = '\0';
    if (r->eng->moves(r->eng->ctx, f->variant, profile, pos->fen, r->text,
                      HX_ENGINE_TEXT_MAX, r->err, sizeof r->err) != 0) {
        snprintf(pos->moves_err, sizeof pos->moves_err, "engine error: %s",
                 r->err);
        pos->have_moves = -1;
        return -1;
    }
    if (parse_engine_moves(r->text, &pos->moves, &pos->moves_sorted) != 0) {
        r->oom = 1;
        snprintf(pos->moves_err, sizeof pos->moves_err, "out of memory");
        pos->have_moves = -1;
        return -1;
    }
    sv_sort(&pos->moves);
    pos->have_moves = 1;
    return 0;
}

static int is_from(const char *move, const char *cell)
{
    size_t n = strlen(cell);
    return strncmp(move, cell, n) == 0 && islower((unsigned char)move[n]);
}

/* Compares two sorted lists; writes missing/extra. Returns 1 if equal. */
static int diff_sets(const strvec *want, const strvec *got, const char *cell,
                     sbuf *msg)
{
    strvec g = { 0 };
    for (int i = 0; i < got->n; i++)
        if (!cell || is_from(got->v[i], cell)) {
            if (sv_push_own(&g, xstrdup(got->v[i])) != 0) {
                sv_free(&g);
                sb_printf(msg, "      out of memory\n");
                return 0;
            }
        }
    int eq = 1;
    sbuf miss = { 0 }, extra = { 0 };
    int i = 0, j = 0;
    while (i < want->n || j < g.n) {
        int c = i >= want->n ? 1 : j >= g.n ? -1
                                            : strcmp(want->v[i], g.v[j]);
        if (c == 0) {
            i++;
            j++;
        } else if (c < 0) {
            sb_printf(&miss, " %s", want->v[i++]);
            eq = 0;
        } else {
            sb_printf(&extra, " %s", g.v[j++]);
            eq = 0;
        }
    }
    if (!eq) {
        if (miss.n)
            sb_printf(msg, "      missing:%s\n", miss.s);
        if (extra.n)
            sb_printf(msg, "      extra:  %s\n", extra.s);
        sb_printf(msg, "      expected %d move%s, engine gave %d\n", want->n,
                  want->n == 1 ? "" : "s", g.n);
    }
    free(miss.s);
    free(extra.s);
    sv_free(&g);
    return eq;
}

static int bsearch_str(const strvec *sv, const char *s)
{
    int lo = 0, hi = sv->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(sv->v[mid], s);
        if (c == 0)
            return 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

static void describe_expect(const fx_expect *e, sbuf *msg)
{
    sb_printf(msg, "    line %d: ", e->line);
    if (e->only.n) {
        sb_printf(msg, "[");
        for (int i = 0; i < e->only.n; i++)
            sb_printf(msg, "%s%s", i ? " " : "", e->only.v[i]);
        sb_printf(msg, "] ");
    }
    sb_printf(msg, "%s", ex_names[e->kind]);
    switch (e->kind) {
    case EX_MOVES_FROM:
        sb_printf(msg, " %s", e->cell);
        /* fall through */
    case EX_MOVES:
    case EX_LEGAL:
    case EX_ILLEGAL:
        if (e->kind == EX_LEGAL || e->kind == EX_ILLEGAL)
            for (int i = 0; i < e->list.n; i++)
                sb_printf(msg, " %s", e->list.v[i]);
        break;
    case EX_STATUS:
        sb_printf(msg, " %s", e->word);
        break;
    case EX_AFTER:
        sb_printf(msg, " %s", e->word);
        break;
    case EX_REACHES:
        break;
    case EX_PERFT:
        sb_printf(msg, " %d %" PRIu64, e->depth, e->nodes);
        break;
    }
    sb_printf(msg, "\n");
}

/*
 * Checks one expectation. Returns 1 pass, 0 fail (details in msg), -1 the
 * engine lacks the operation (skipped).
 */
static int check_expect(rctx *r, const fx_fixture *f, const char *profile,
                        position *pos, const fx_expect *e, sbuf *msg)
{
    const hx_engine *eng = r->eng;
    sbuf d = { 0 };
    int res = 1;
    switch (e->kind) {
    case EX_MOVES:
    case EX_MOVES_FROM:
    case EX_LEGAL:
    case EX_ILLEGAL:
        if (!eng->moves)
            return -1;
        if (get_moves(r, f, profile, pos) != 0) {
            sb_printf(&d, "      %s\n", pos->moves_err);
            res = 0;
            break;
        }
        if (e->kind == EX_MOVES || e->kind == EX_MOVES_FROM) {
            if (!pos->moves_sorted)
                sb_printf(&d, "      engine move list is not sorted (strcmp) "
                          "or has duplicates\n");
            if (!diff_sets(&e->list, &pos->moves,
                           e->kind == EX_MOVES_FROM ? e->cell : NULL, &d) ||
                !pos->moves_sorted)
                res = 0;
        } else {
            sbuf bad = { 0 };
            for (int i = 0; i < e->list.n; i++)
                if (bsearch_str(&pos->moves, e->list.v[i]) !=
                    (e->kind == EX_LEGAL))
                    sb_printf(&bad, " %s", e->list.v[i]);
            if (bad.n) {
                sb_printf(&d, "      %s:%s\n",
                          e->kind == EX_LEGAL ? "not legal" : "legal",
                          bad.s);
                res = 0;
            }
            free(bad.s);
        }
        break;
    case EX_STATUS:
        if (!eng->status)
            return -1;
        r->err[0] = '\0';
        if (eng->status(eng->ctx, f->variant, profile, pos->fen, r->text,
                        HX_ENGINE_TEXT_MAX, r->err, sizeof r->err) != 0) {
            sb_printf(&d, "      engine error: %s\n", r->err);
            res = 0;
        } else {
            size_t n = strcspn(r->text, "\r\n");
            r->text[n] = '\0';
            if (strcmp(r->text, e->word) != 0) {
                sb_printf(&d, "      expected %s, engine gave %s\n", e->word,
                          r->text);
                res = 0;
            }
        }
        break;
    case EX_AFTER:
    case EX_REACHES:
        if (e->kind == EX_AFTER) {
            if (!eng->play)
                return -1;
            r->err[0] = '\0';
            if (eng->play(eng->ctx, f->variant, profile, pos->fen, e->word,
                          r->text, HX_ENGINE_TEXT_MAX, r->err,
                          sizeof r->err) != 0) {
                sb_printf(&d, "      engine error: %s\n", r->err);
                res = 0;
                break;
            }
            size_t n = strcspn(r->text, "\r\n");
            r->text[n] = '\0';
        } else {
            snprintf(r->text, HX_ENGINE_TEXT_MAX, "%s", pos->fen);
        }
        if (strcmp(r->text, e->fen) != 0) {
            sb_printf(&d, "      expected %s\n      engine   %s\n", e->fen,
                      r->text);
            res = 0;
        }
        break;
    case EX_PERFT: {
        if (!eng->perft)
            return -1;
        uint64_t nodes = 0;
        r->err[0] = '\0';
        if (eng->perft(eng->ctx, f->variant, profile, pos->fen, e->depth,
                       &nodes, r->err, sizeof r->err) != 0) {
            sb_printf(&d, "      engine error: %s\n", r->err);
            res = 0;
        } else if (nodes != e->nodes) {
            sb_printf(&d, "      expected %" PRIu64 ", engine gave %" PRIu64
                      "\n", e->nodes, nodes);
            res = 0;
        }
        break;
    }
    }
    if (res == 0) {
        describe_expect(e, msg);
        if (d.s)
            sb_printf(msg, "%s", d.s);
    }
    if (d.oom)
        r->oom = 1;
    free(d.s);
    return res;
}

static int applies(const fx_expect *e, const char *profile)
{
    return e->only.n == 0 || sv_has(&e->only, profile);
}

enum { RUN_PASS, RUN_FAIL, RUN_SKIP };

/* Sets pos->fen to the position under test; returns RUN_PASS if reached. */
static int setup_position(rctx *r, const fx_fixture *f, const char *profile,
                          position *pos, sbuf *msg)
{
    const hx_engine *eng = r->eng;
    if (strcmp(f->fen, "start") == 0) {
        if (!eng->start_fen)
            return RUN_SKIP;
        r->err[0] = '\0';
        if (eng->start_fen(eng->ctx, f->variant, profile, r->text,
                           HX_ENGINE_TEXT_MAX, r->err, sizeof r->err) != 0) {
            sb_printf(msg, "    start position: engine error: %s\n", r->err);
            return RUN_FAIL;
        }
        r->text[strcspn(r->text, "\r\n")] = '\0';
        pos->fen = xstrdup(r->text);
    } else {
        pos->fen = xstrdup(f->fen);
    }
    if (!pos->fen) {
        r->oom = 1;
        return RUN_FAIL;
    }
    if (f->moves.n && !eng->play)
        return RUN_SKIP;
    for (int i = 0; i < f->moves.n; i++) {
        const char *mv = f->moves.v[i];
        if (eng->moves) {
            if (get_moves(r, f, profile, pos) != 0) {
                sb_printf(msg, "    line move %d (%s): %s\n      in %s\n",
                          i + 1, mv, pos->moves_err, pos->fen);
                return RUN_FAIL;
            }
            if (!bsearch_str(&pos->moves, mv)) {
                sb_printf(msg, "    line move %d (%s) is not legal in %s\n",
                          i + 1, mv, pos->fen);
                return RUN_FAIL;
            }
        }
        r->err[0] = '\0';
        if (eng->play(eng->ctx, f->variant, profile, pos->fen, mv, r->text,
                      HX_ENGINE_TEXT_MAX, r->err, sizeof r->err) != 0) {
            sb_printf(msg, "    line move %d (%s): engine error: %s\n"
                      "      in %s\n", i + 1, mv, r->err, pos->fen);
            return RUN_FAIL;
        }
        r->text[strcspn(r->text, "\r\n")] = '\0';
        char *nf = xstrdup(r->text);
        if (!nf) {
            r->oom = 1;
            return RUN_FAIL;
        }
        free(pos->fen);
        pos->fen = nf;
        sv_free(&pos->moves);
        pos->have_moves = 0;
    }
    return RUN_PASS;
}

static int run_one(rctx *r, const fx_fixture *f, const char *profile,
                   int refute, hx_tally *tally)
{
    position pos = { 0 };
    sbuf msg = { 0 };
    int checked = 0, failed = 0;
    int st = setup_position(r, f, profile, &pos, &msg);
    if (st == RUN_FAIL)
        failed = 1;
    if (st == RUN_PASS) {
        for (int i = 0; i < f->nex; i++) {
            if (!applies(&f->ex[i], profile))
                continue;
            int c = check_expect(r, f, profile, &pos, &f->ex[i], &msg);
            if (c < 0)
                continue;
            checked++;
            if (c == 0)
                failed++;
        }
    }
    int outcome;
    if (st == RUN_SKIP || (st == RUN_PASS && checked == 0))
        outcome = RUN_SKIP;
    else if (refute)
        outcome = failed ? RUN_PASS : RUN_FAIL;
    else
        outcome = failed ? RUN_FAIL : RUN_PASS;

    if (outcome == RUN_SKIP) {
        r->skipped_runs++;
    } else if (outcome == RUN_PASS) {
        tally->passed++;
    } else {
        tally->failed++;
        fprintf(r->out, "FAIL %s [%s %s]%s  (%s:%d)\n", f->id, f->variant,
                profile, refute ? " negative control not refuted" : "",
                f->file, f->line);
        fprintf(r->out, "  source:   %s\n", f->source);
        if (f->setup)
            fprintf(r->out, "  setup:    %s\n", f->setup);
        fprintf(r->out, "  fen:      %s\n", f->fen);
        if (f->moves.n) {
            fprintf(r->out, "  line:    ");
            for (int i = 0; i < f->moves.n; i++)
                fprintf(r->out, " %s", f->moves.v[i]);
            fprintf(r->out, "\n");
            if (pos.fen && st == RUN_PASS)
                fprintf(r->out, "  reached:  %s\n", pos.fen);
        }
        if (refute)
            fprintf(r->out, "    every expectation held under %s, which the "
                    "fixture must refute\n", profile);
        else if (msg.s)
            fputs(msg.s, r->out);
        if (msg.oom)
            fprintf(r->out, "    (report truncated: out of memory)\n");
    }
    free(pos.fen);
    sv_free(&pos.moves);
    free(msg.s);
    return outcome;
}

/* -------------------------------------------------------------- driver */

/* -v and -p must name a variant and a profile that exist (a typo would
 * select nothing); a profile alone must exist in some variant. */
static int check_filters(const char *variant, const char *profile)
{
    hx_error e;
    if (variant && !hx_rules_find(variant, profile, &e)) {
        fprintf(stderr, "fixtures: %s\n", e.message);
        return -1;
    }
    for (int v = 0; !variant && profile && v < hx_variant_count(); v++)
        if (hx_rules_find(hx_variant_name(v), profile, &e))
            return 0;
    if (!variant && profile) {
        fprintf(stderr, "fixtures: no variant has a profile '%s'\n", profile);
        return -1;
    }
    return 0;
}

int hx_fixtures_run(const hx_engine *engine, const char *variant,
                    const char *profile, const char *const *paths, int npaths,
                    FILE *out, hx_tally *tally)
{
    if (!out)
        out = stderr;
    if (!engine || !tally || (npaths > 0 && !paths)) {
        fprintf(out, "fixtures: bad arguments\n");
        return -1;
    }
    tally->passed = tally->failed = 0;
    if (check_filters(variant, profile) != 0)
        return -1;
    strvec files = { 0 };
    for (int i = 0; i < npaths; i++)
        if (collect(paths[i], &files, out, 0) != 0) {
            sv_free(&files);
            return -1;
        }
    if (files.n == 0) {
        fprintf(out, "fixtures: no .fix files found\n");
        sv_free(&files);
        return -1;
    }
    fx_list fl = { 0 };
    int errors = 0;
    for (int i = 0; i < files.n; i++)
        errors += parse_file(files.v[i], &fl, out);
    /* ids are unique across all files */
    for (int i = 0; i < fl.n && !errors; i++)
        for (int j = 0; j < i; j++)
            if (fl.v[i].id && fl.v[j].id && !strcmp(fl.v[i].id, fl.v[j].id)) {
                fprintf(out, "%s:%d: fixture id '%s' already used at %s:%d\n",
                        fl.v[i].file, fl.v[i].line, fl.v[i].id, fl.v[j].file,
                        fl.v[j].line);
                errors++;
                break;
            }
    if (errors) {
        fprintf(out, "fixtures: %d error%s in the fixture files; nothing run\n",
                errors, errors == 1 ? "" : "s");
        fl_free(&fl);
        sv_free(&files);
        return -1;
    }
    rctx r = { 0 };
    r.eng = engine;
    r.out = out;
    r.text = malloc(HX_ENGINE_TEXT_MAX);
    int rc = 0;
    if (!r.text) {
        fprintf(out, "fixtures: out of memory\n");
        rc = -1;
    }
    int nfix = 0;
    for (int i = 0; rc == 0 && i < fl.n; i++) {
        const fx_fixture *f = &fl.v[i];
        if (variant && strcmp(f->variant, variant) != 0)
            continue;
        int ran = 0;
        for (int pass = 0; pass < 2; pass++) {
            const strvec *ps = pass ? &f->refutes : &f->profiles;
            for (int k = 0; k < ps->n; k++) {
                const char *pr = ps->v[k];
                if (profile && strcmp(pr, profile) != 0)
                    continue;
                if (!supported(&r, f->variant, pr)) {
                    r.skipped_runs++;
                    continue;
                }
                run_one(&r, f, pr, pass, tally);
                ran = 1;
            }
        }
        nfix += ran;
    }
    if (r.oom) {
        fprintf(out, "fixtures: out of memory during the run\n");
        rc = -1;
    }
    if (rc == 0)
        fprintf(out, "fixtures: %d file%s, %d fixture%s run: %d passed, %d "
                "failed, %d run%s skipped\n", files.n, files.n == 1 ? "" : "s",
                nfix, nfix == 1 ? "" : "s", tally->passed, tally->failed,
                r.skipped_runs, r.skipped_runs == 1 ? "" : "s");
    free(r.text);
    free(r.probes);
    fl_free(&fl);
    sv_free(&files);
    return rc;
}
