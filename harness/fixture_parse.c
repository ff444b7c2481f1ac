/*
 * fixture_parse.c - reads fixture files (docs/fixtures.md) into the model of
 * fixture_model.h. Every file is parsed completely before anything runs; a
 * malformed file stops the run with "file:line: problem" messages.
 */
#define _POSIX_C_SOURCE 200809L

#include "fixture_model.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hexref.h"
#include "input_file.h"
#include "protocol.h"
#include "strutil.h"

enum { FX_MAX_FILE = 64 * 1024 * 1024 };

const char *const fx_expect_names[] = { "moves", "moves-from", "legal",
                                        "illegal", "status", "after",
                                        "reaches", "perft" };

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

void fx_list_free(fx_list *l)
{
    for (int i = 0; i < l->n; i++)
        fx_free(&l->v[i]);
    free(l->v);
    sv_free(&l->files);
    memset(l, 0, sizeof *l);
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

/* A variant of the rules (hexref.h lists them; no list of our own). */
static int known_variant(const char *v)
{
    for (int i = 0; i < hx_variant_count(); i++)
        if (strcmp(v, hx_variant_name(i)) == 0)
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
static int good_cell(const char *s)
{
    size_t n = hx_cell_text_len(s);
    return n > 0 && s[n] == '\0';
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
        if (!hx_move_text_ok(sv->v[i])) {
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
    *slot = hx_strdup(val);
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
    for (int k = 0; k < FX_NKINDS; k++)
        if (strcmp(key, fx_expect_names[k]) == 0)
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
        e->cell = hx_strndup(val, n);
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
        e->word = hx_strdup(val);
        break;
    case EX_AFTER: {
        size_t n = strcspn(val, " \t");
        e->word = hx_strndup(val, n);
        const char *r = val + n;
        while (*r == ' ' || *r == '\t')
            r++;
        e->fen = hx_strdup(r);
        if (!e->word || !e->fen) {
            perr(p, line, "out of memory");
            return -1;
        }
        if (!hx_move_text_ok(e->word) || !good_fen(e->fen)) {
            perr(p, line, "after needs a move and a six-field HexFEN");
            return -1;
        }
        break;
    }
    case EX_REACHES:
        e->fen = hx_strdup(val);
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
/* "[QUALIFIERS] KEY VALUE": cuts s in place into its three parts (*quals
 * NULL when there are none). 0, or -1 with the problem reported. */
static int split_line(pctx *p, int line, char *s, const char **quals, char **key, char **val)
{
    *quals = NULL;
    if (*s == '[') {
        char *close = strchr(s, ']');
        if (!close) {
            perr(p, line, "unclosed '[' qualifier");
            return -1;
        }
        *close = '\0';
        *quals = s + 1;
        s = close + 1;
        while (*s == ' ' || *s == '\t')
            s++;
    }
    *key = s;
    *val = s + strcspn(s, " \t");
    if (**val) {
        *(*val)++ = '\0';
        while (**val == ' ' || **val == '\t')
            (*val)++;
    }
    if (!**key) {
        perr(p, line, "qualifier without a key");
        return -1;
    }
    return 0;
}

static int parse_item(pctx *p, fx_fixture *f, int line, const char *key, const char *val)
{
    if (set_once(p, line, &f->items, key, val) != 0)
        return -1;
    for (const char *c = val; *c; c++)
        if (!isdigit((unsigned char)*c) && *c != ' ' && *c != '\t') {
            perr(p, line, "item takes §7 item numbers, e.g. 'item 6 7'");
            return -1;
        }
    return 0;
}

static int parse_fen(pctx *p, fx_fixture *f, int line, const char *key, const char *val)
{
    if (set_once(p, line, &f->fen, key, val) != 0)
        return -1;
    if (strcmp(val, "start") != 0 && !good_fen(val)) {
        perr(p, line, "fen must be 'start' or a six-field HexFEN");
        return -1;
    }
    return 0;
}

/* Repeated source lines are joined with a space. */
static int parse_source(pctx *p, fx_fixture *f, int line, const char *val)
{
    if (!*val) {
        perr(p, line, "'source' needs a value");
        return -1;
    }
    if (!f->source) {
        f->source = hx_strdup(val);
    } else {
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

/* A line's moves, appended to the fixture's. */
static int parse_line_moves(pctx *p, fx_fixture *f, int line, const char *val)
{
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

/* The keys that describe the fixture (not expectations): no profile
 * qualifier applies to them. */
static int is_plain_key(const char *key)
{
    static const char *const plain[] = {"variant", "profiles", "refutes", "source",
                                        "item",    "setup",    "fen",     "line"};
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        if (strcmp(key, plain[i]) == 0)
            return 1;
    return 0;
}

static int parse_line(pctx *p, fx_fixture *f, int line, char *s)
{
    const char *quals;
    char *key, *val;
    if (split_line(p, line, s, &quals, &key, &val) != 0)
        return -1;
    if (is_plain_key(key) && quals) {
        perr(p, line, "'%s' cannot take a profile qualifier", key);
        return -1;
    }
    if (strcmp(key, "variant") == 0)
        return set_once(p, line, &f->variant, key, val);
    if (strcmp(key, "setup") == 0)
        return set_once(p, line, &f->setup, key, val);
    if (strcmp(key, "profiles") == 0)
        return parse_profiles(p, line, &f->profiles, key, val);
    if (strcmp(key, "refutes") == 0)
        return parse_profiles(p, line, &f->refutes, key, val);
    if (strcmp(key, "item") == 0)
        return parse_item(p, f, line, key, val);
    if (strcmp(key, "fen") == 0)
        return parse_fen(p, f, line, key, val);
    if (strcmp(key, "source") == 0)
        return parse_source(p, f, line, val);
    if (strcmp(key, "line") == 0)
        return parse_line_moves(p, f, line, val);
    return parse_expect(p, f, line, quals, key, val);
}

static int read_file(const char *path, char **buf, size_t *len, FILE *out)
{
    hx_error why;
    FILE *fp = hx_input_open(path, &why);
    if (!fp) {
        fprintf(out, "%s\n", why.message);
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
/* The file's text, cut into lines in place as they are read. */
typedef struct line_cursor {
    char *s;    /* the rest of the text */
    int lineno; /* of the line last read */
} line_cursor;

/* The next line, trimmed of blanks at both ends (and '\r'), or NULL at the
 * end of the text. */
static char *next_line(line_cursor *c)
{
    if (!*c->s)
        return NULL;
    char *line = c->s, *nl = strchr(line, '\n');
    c->s = nl ? nl + 1 : line + strlen(line);
    if (nl)
        *nl = '\0';
    c->lineno++;
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
    while (*line == ' ' || *line == '\t')
        line++;
    return line;
}

/* Passes over the lines of a fixture whose header is bad, up to its 'end'. */
static void skip_fixture(line_cursor *c)
{
    const char *line;
    while ((line = next_line(c)) != NULL)
        if (strcmp(line, "end") == 0)
            return;
}

/* A new, empty fixture at the end of fl, or NULL (out of memory). */
static fx_fixture *add_fixture(fx_list *fl)
{
    if (fl->n == fl->cap) {
        int nc = fl->cap ? fl->cap * 2 : 64;
        fx_fixture *nv = realloc(fl->v, (size_t)nc * sizeof *nv);
        if (!nv)
            return NULL;
        fl->v = nv;
        fl->cap = nc;
    }
    fx_fixture *f = &fl->v[fl->n++];
    memset(f, 0, sizeof *f);
    return f;
}

static int is_fixture_header(const char *s)
{
    return strncmp(s, "fixture", 7) == 0 && (s[7] == ' ' || s[7] == '\t' || s[7] == '\0');
}

/* "fixture ID": the fixture it opens (*cur, NULL when the header is bad).
 * -1 only when out of memory (the file's parse stops). */
static int open_fixture(pctx *p, line_cursor *c, fx_list *fl, const char *s, fx_fixture **cur)
{
    const char *id = s + 7;
    while (*id == ' ' || *id == '\t')
        id++;
    if (*cur) {
        perr(p, c->lineno, "fixture '%s' (line %d) has no 'end' before the next fixture",
             (*cur)->id, (*cur)->line);
        (*cur)->ended = 1; /* keep parsing to report more problems */
    }
    *cur = NULL;
    if (!*id || strcspn(id, " \t") != strlen(id) || !good_name(id)) {
        perr(p, c->lineno, "fixture needs one id (a-z, 0-9, '-')");
        skip_fixture(c);
        return 0;
    }
    fx_fixture *f = add_fixture(fl);
    if (f) {
        f->file = p->file;
        f->line = c->lineno;
        f->id = hx_strdup(id);
    }
    if (!f || !f->id) {
        perr(p, c->lineno, "out of memory");
        return -1;
    }
    *cur = f;
    return 0;
}

static void close_fixture(pctx *p, int lineno, fx_fixture **cur)
{
    if (!*cur) {
        perr(p, lineno, "'end' outside a fixture");
        return;
    }
    check_fixture(p, *cur);
    (*cur)->ended = 1;
    *cur = NULL;
}

static int parse_file(const char *path, fx_list *fl, FILE *out)
{
    char *buf;
    size_t len;
    if (read_file(path, &buf, &len, out) != 0)
        return 1;
    pctx p = { path, 0, out, 0 };
    fx_fixture *cur = NULL;
    line_cursor c = { buf, 0 };
    char *s;
    while ((s = next_line(&c)) != NULL) {
        if (*s == '\0' || *s == '#')
            continue;
        if (is_fixture_header(s)) {
            if (open_fixture(&p, &c, fl, s, &cur) != 0)
                break;
        } else if (strcmp(s, "end") == 0) {
            close_fixture(&p, c.lineno, &cur);
        } else if (!cur) {
            perr(&p, c.lineno, "'%.40s' outside a fixture (records start with 'fixture <id>')", s);
        } else {
            parse_line(&p, cur, c.lineno, s);
        }
    }
    if (cur)
        perr(&p, c.lineno, "fixture '%s' (line %d) is not terminated by 'end' "
             "(truncated file?)", cur->id, cur->line);
    free(buf);
    return p.errors;
}

/* ------------------------------------------------------------- loading */

typedef struct id_at {
    const char *id;
    int index;
} id_at;

static int by_id(const void *a, const void *b)
{
    const id_at *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* Ids are unique across all files: the first fixture (in file order) whose
 * id an earlier one has is named, with the first that has it. By sorting,
 * not by comparing every pair: the tree holds over a thousand fixtures and
 * identify loads it once per profile pair. Returns the number of errors. */
static int check_unique_ids(const fx_list *fl, FILE *out)
{
    id_at *ids = malloc((size_t)(fl->n ? fl->n : 1) * sizeof *ids);
    if (!ids) {
        fprintf(out, "fixtures: out of memory\n");
        return 1;
    }
    int n = 0;
    for (int i = 0; i < fl->n; i++)
        if (fl->v[i].id)
            ids[n++] = (id_at){ fl->v[i].id, i };
    qsort(ids, (size_t)n, sizeof *ids, by_id);
    int later = -1, first = -1;
    for (int k = 1; k < n; k++) {
        int start = k - 1; /* a group of equal ids, its first the earliest */
        while (k < n && !strcmp(ids[k].id, ids[start].id))
            k++;
        if (k - start > 1 && (later < 0 || ids[start + 1].index < later))
            later = ids[start + 1].index, first = ids[start].index;
    }
    free(ids);
    if (later < 0)
        return 0;
    fprintf(out, "%s:%d: fixture id '%s' already used at %s:%d\n", fl->v[later].file,
            fl->v[later].line, fl->v[later].id, fl->v[first].file, fl->v[first].line);
    return 1;
}

/* collect(): fixture_files.c */
int fx_collect(const char *path, strvec *files, FILE *out, int depth);

int fx_load(const char *const *paths, int npaths, FILE *out, fx_list *fl, int *nfiles)
{
    strvec files = { 0 };
    memset(fl, 0, sizeof *fl);
    *nfiles = 0;
    for (int i = 0; i < npaths; i++)
        if (fx_collect(paths[i], &files, out, 0) != 0) {
            sv_free(&files);
            return -1;
        }
    if (files.n == 0) {
        fprintf(out, "fixtures: no .fix files found\n");
        sv_free(&files);
        return -1;
    }
    int errors = 0;
    for (int i = 0; i < files.n; i++)
        errors += parse_file(files.v[i], fl, out);
    if (!errors)
        errors = check_unique_ids(fl, out);
    if (errors) {
        fprintf(out, "fixtures: %d error%s in the fixture files; nothing run\n",
                errors, errors == 1 ? "" : "s");
        fx_list_free(fl);
        sv_free(&files);
        return -1;
    }
    *nfiles = files.n;
    /* the fixtures point at their file names: keep them with the list */
    fl->files = files;
    return 0;
}
