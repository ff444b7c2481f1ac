/*
 * cmd_identify.c - hexref identify: which profile does an outside engine
 * follow?
 *
 * The engine is not told the profile: its behaviour is fixed. The fixtures
 * are run through it once under every profile of the variant (each position
 * is asked once: the adapter caches), which gives, fixture by fixture, the
 * pattern of runs it passes and fails. The same is done with the reference
 * pinned to each profile in turn, behind the same adapter. The engine
 * follows a profile's reading at a fixture when its pattern there equals the
 * reference's under that profile, and matches the profile when that holds at
 * every fixture. This needs no positive description of a negative control:
 * a control is recognised by the fixtures it breaks, exactly as the
 * reference under that control breaks them.
 *
 * Failed runs are read from the runner's "FAIL <id> [<variant> <profile>]"
 * lines; the fixture ids of the variant come from the fixture headers. Rule
 * points are fixture topics (the second part of an id: pawn, ep, castle,
 * s07 ...).
 */
#include "cli.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine_external.h"
#include "fixtures.h"

enum { MAX_PROFILES = 31, ID_MAX = 96, LIST_MAX = 512 }; /* profiles are bits of an unsigned */

typedef struct fixture_head {
    char id[ID_MAX], variant[16];
    unsigned failed; /* bit q: the run under profile q failed (set while running) */
} fixture_head;

typedef struct identify_ctx {
    const char *variant;
    const char *profiles[MAX_PROFILES];
    int nprofiles;
    fixture_head *f;
    int n, cap;
    unsigned *engine;                   /* per fixture: the engine's failed runs */
    unsigned *reference[MAX_PROFILES];  /* the same for the reference under p */
    unsigned *agree;                    /* per fixture: bit p if equal to reference[p] */
    int disagree[MAX_PROFILES];
} identify_ctx;

/* ------------------------------------------------------------ headers */

static fixture_head *new_head(identify_ctx *c)
{
    if (c->n == c->cap) {
        int nc = c->cap ? c->cap * 2 : 256;
        fixture_head *nf = realloc(c->f, (size_t)nc * sizeof *nf);
        if (!nf)
            return NULL;
        c->f = nf;
        c->cap = nc;
    }
    fixture_head *h = &c->f[c->n++];
    memset(h, 0, sizeof *h);
    return h;
}

/* Reads the header keys of one .fix file (the runner checks the rest). */
static void scan_file(identify_ctx *c, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    fixture_head *h = NULL;
    while (f && fgets(line, sizeof line, f)) {
        char *s = line + strspn(line, " \t");
        s[strcspn(s, "\r\n")] = '\0';
        if (strncmp(s, "fixture ", 8) == 0 && (h = new_head(c)) != NULL)
            snprintf(h->id, sizeof h->id, "%s", s + 8 + strspn(s + 8, " \t"));
        else if (h && strncmp(s, "variant ", 8) == 0)
            snprintf(h->variant, sizeof h->variant, "%s", s + 8 + strspn(s + 8, " \t"));
        else if (h && strcmp(s, "end") == 0) {
            if (strcmp(h->variant, c->variant) != 0)
                c->n--;
            h = NULL;
        }
    }
    if (h && strcmp(h->variant, c->variant) != 0)
        c->n--;
    if (f)
        fclose(f);
}

static void scan(identify_ctx *c, const char *path, int level)
{
    struct stat st;
    if (level > 16 || stat(path, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        scan_file(c, path);
        return;
    }
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        char full[4096];
        if (e->d_name[0] == '.')
            continue;
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (stat(full, &st) == 0 && (S_ISDIR(st.st_mode) || (n > 4 && !strcmp(e->d_name + n - 4, ".fix"))))
            scan(c, full, level + 1);
    }
    if (d)
        closedir(d);
}

static int compare_heads(const void *a, const void *b)
{
    return strcmp(((const fixture_head *)a)->id, ((const fixture_head *)b)->id);
}

/* ------------------------------------------------------------ running */

static fixture_head *find_head(identify_ctx *c, const char *id)
{
    fixture_head key;
    snprintf(key.id, sizeof key.id, "%s", id);
    return bsearch(&key, c->f, (size_t)c->n, sizeof *c->f, compare_heads);
}

/* Marks the fixtures of the runner's "FAIL <id> [<variant> <profile>]". */
static void read_failures(identify_ctx *c, int p, const char *text)
{
    for (const char *s = text; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
        char id[ID_MAX];
        if (strncmp(s, "FAIL ", 5) != 0 || sscanf(s + 5, "%95s", id) != 1)
            continue;
        fixture_head *h = find_head(c, id);
        if (h)
            h->failed |= 1u << p;
    }
}

static int run_profile(identify_ctx *c, const hx_engine *e, int p, const char *const *paths,
                       int npaths)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    hx_tally tally = {0, 0};
    if (!out)
        return cli_bad_input("out of memory");
    int rc = hx_fixtures_run(e, c->variant, c->profiles[p], paths, npaths, out, &tally);
    fclose(out);
    if (rc != 0)
        fputs(text, stdout);
    else
        read_failures(c, p, text);
    free(text);
    return rc ? EXIT_BAD_INPUT : 0;
}

/* Runs the fixtures under every profile; bits[i] gets fixture i's failed runs. */
static int run_all(identify_ctx *c, hx_external *x, unsigned *bits, const char *const *paths,
                   int npaths)
{
    hx_engine e = hx_external_engine(x);
    for (int i = 0; i < c->n; i++)
        c->f[i].failed = 0;
    for (int p = 0; p < c->nprofiles; p++) {
        int rc = run_profile(c, &e, p, paths, npaths);
        if (rc)
            return rc;
    }
    for (int i = 0; i < c->n; i++)
        bits[i] = c->f[i].failed;
    return 0;
}

/* The reference under each profile, behind the adapter the engine had. */
static int run_references(identify_ctx *c, hx_external *engine, int protocol,
                          const char *const *paths, int npaths)
{
    int status = hx_external_has_status(engine);
    for (int p = 0; p < c->nprofiles; p++) {
        hx_external *x = hx_external_new_reference(c->variant, c->profiles[p], protocol, status);
        c->reference[p] = calloc((size_t)c->n, sizeof(unsigned));
        int rc = x && c->reference[p] ? run_all(c, x, c->reference[p], paths, npaths)
                                      : cli_bad_input("out of memory");
        hx_external_free(x);
        if (rc)
            return rc;
    }
    for (int i = 0; i < c->n; i++)
        for (int p = 0; p < c->nprofiles; p++)
            if (c->reference[p][i] == c->engine[i])
                c->agree[i] |= 1u << p;
            else
                c->disagree[p]++;
    return 0;
}

/* ------------------------------------------------------------ report */

static const char *topic_name(const char *id, char *out, size_t cap)
{
    const char *t = strchr(id, '-');
    t = t ? t + 1 : id;
    size_t n = strcspn(t, "-");
    static const char *const names[][2] = {
        {"pawn", "pawn moves"}, {"promo", "promotion"}, {"ep", "en passant"},
        {"castle", "castling"}, {"geo", "piece geometry"}, {"clock", "clocks"},
        {"perft", "published perft"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i][0]) == n && strncmp(t, names[i][0], n) == 0)
            return names[i][1];
    if (t[0] == 's' && n == 3)
        snprintf(out, cap, "spec section 7, item %d", atoi(t + 1));
    else
        snprintf(out, cap, "%.*s", (int)n, t);
    return out;
}

/* The profiles of mask as text. */
static void profile_list(const identify_ctx *c, unsigned mask, char *out, size_t cap)
{
    out[0] = '\0';
    for (int p = 0; p < c->nprofiles; p++)
        if (mask >> p & 1) {
            size_t used = strlen(out);
            snprintf(out + used, cap - used, "%s%s", used ? " " : "", c->profiles[p]);
        }
    if (!out[0])
        snprintf(out, cap, "none");
}

static int same_group(const identify_ctx *c, int i, int j)
{
    char a[64], b[64];
    return c->agree[i] == c->agree[j] &&
           strcmp(topic_name(c->f[i].id, a, sizeof a), topic_name(c->f[j].id, b, sizeof b)) == 0;
}

/* One line per (topic, readings followed) group that tells profiles apart. */
static void print_rule_points(const identify_ctx *c)
{
    unsigned all = (1u << c->nprofiles) - 1;
    char *done = calloc((size_t)c->n + 1, 1);
    int any = 0;
    printf("rule points that tell the profiles apart (topic: the readings the engine follows"
           " | those it does not):\n");
    for (int i = 0; done && i < c->n; i++) {
        if (done[i] || c->agree[i] == all)
            continue;
        int count = 0;
        for (int j = i; j < c->n; j++)
            if (!done[j] && same_group(c, i, j))
                done[j] = 1, count++;
        char follows[LIST_MAX], not_[LIST_MAX], topic[64];
        profile_list(c, c->agree[i], follows, sizeof follows);
        profile_list(c, all & ~c->agree[i], not_, sizeof not_);
        printf("  %-24s %s | %s   (%d fixture%s, e.g. %s)\n",
               topic_name(c->f[i].id, topic, sizeof topic), follows, not_, count,
               count == 1 ? "" : "s", c->f[i].id);
        any = 1;
    }
    if (!any)
        printf("  (none: the engine and every profile give the same outcomes)\n");
    free(done);
}

static void print_table(const identify_ctx *c)
{
    printf("\nprofile                  fixtures agreeing  differing\n");
    for (int p = 0; p < c->nprofiles; p++)
        printf("  %-24s %17d  %9d%s\n", c->profiles[p], c->n - c->disagree[p], c->disagree[p],
               c->disagree[p] ? "" : "   <- matches");
}

/* "none: differs on ...": the closest profile and where it differs. */
static void print_none(const identify_ctx *c)
{
    int best = 0;
    for (int p = 1; p < c->nprofiles; p++)
        if (c->disagree[p] < c->disagree[best])
            best = p;
    printf("matches: none: differs on");
    int shown = 0;
    for (int i = 0; i < c->n && shown < 3; i++)
        if (!(c->agree[i] >> best & 1))
            printf("%s %s", shown++ ? "," : "", c->f[i].id);
    if (c->disagree[best] > shown)
        printf(" (and %d more)", c->disagree[best] - shown);
    printf(" from the closest profile, %s (%d of %d fixtures agree)\n", c->profiles[best],
           c->n - c->disagree[best], c->n);
}

/* Profiles that no fixture tells apart from p (the reference gives the
 * same outcomes under both). */
static int indistinguishable(const identify_ctx *c, int p, int q)
{
    for (int i = 0; i < c->n; i++)
        if (c->reference[p][i] != c->reference[q][i])
            return 0;
    return 1;
}

static int print_summary(const identify_ctx *c)
{
    print_table(c);
    int first = -1, matched = 0, alike = 1;
    for (int p = 0; p < c->nprofiles; p++)
        if (!c->disagree[p]) {
            printf("%s %s", matched++ ? "" : "\nmatches:", c->profiles[p]);
            if (first < 0)
                first = p;
            else
                alike &= indistinguishable(c, first, p);
        }
    if (matched > 1 && alike)
        printf("   (the fixtures cannot tell these apart: they differ beyond move generation\n"
               "   or where no fixture looks)");
    if (matched)
        printf("\n");
    else
        print_none(c);
    return matched ? EXIT_OK : EXIT_BAD_INPUT;
}

/* ------------------------------------------------------------ command */

static int identify(identify_ctx *c, hx_external *x, int protocol, const cli_opts *o)
{
    char dir[CLI_PATH_MAX];
    const char *slot[1];
    int npaths;
    const char *const *paths = cli_fixture_paths(o, dir, slot, &npaths);
    if (!paths)
        return EXIT_BAD_INPUT;
    for (int i = 0; i < npaths; i++)
        scan(c, paths[i], 0);
    if (c->n == 0)
        return cli_bad_input("no %s fixtures found in the given files", c->variant);
    qsort(c->f, (size_t)c->n, sizeof *c->f, compare_heads);
    c->engine = calloc((size_t)c->n, sizeof(unsigned));
    c->agree = calloc((size_t)c->n, sizeof(unsigned));
    if (!c->engine || !c->agree)
        return cli_bad_input("out of memory");
    int rc = run_all(c, x, c->engine, paths, npaths);
    if (!rc && hx_external_unusable(x)) {
        printf("FAIL: the engine gave no usable answer, so nothing can be identified.\n"
               "  first problem: %s\n  (check it with: hexref verify --engine ... -v %s -d 1)\n",
               hx_external_unusable(x), c->variant);
        return EXIT_BAD_INPUT;
    }
    if (!rc)
        rc = run_references(c, x, protocol, paths, npaths);
    if (rc)
        return rc;
    printf("%d %s fixtures, each run under %d profiles\n\n", c->n, c->variant, c->nprofiles);
    print_rule_points(c);
    return print_summary(c);
}

int cmd_identify(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(argc, argv, &o);
    if (rc)
        return rc;
    if (o.help) {
        cli_usage(stdout, "identify");
        return EXIT_OK;
    }
    if ((rc = cli_require_variant("identify", &o)) != 0)
        return rc;
    if (!o.engine || !o.engine[0] || strcmp(o.engine, "reference") == 0)
        return cli_usage_error("identify", "--engine 'CMD' is required (the engine's command line)");
    int protocol = o.protocol ? hx_protocol_by_name(o.protocol) : HX_PROTOCOL_SCRIPT;
    if (protocol < 0)
        return cli_usage_error("identify", "unknown protocol '%s' (script or uci)", o.protocol);
    identify_ctx c;
    memset(&c, 0, sizeof c);
    c.variant = o.variant;
    c.nprofiles = hx_profile_count(o.variant);
    if (c.nprofiles <= 0 || c.nprofiles > MAX_PROFILES)
        return cli_bad_input("unknown variant '%s'", o.variant);
    for (int p = 0; p < c.nprofiles; p++)
        c.profiles[p] = hx_profile_name(o.variant, p);
    hx_ext_config cfg = {o.engine, protocol, o.variant, o.profile, o.timeout, 0};
    hx_external *x = hx_external_new(&cfg);
    if (!x)
        return cli_bad_input("out of memory");
    printf("identify: engine %s (%s protocol), %s; the profile is %s\n", o.engine,
           hx_protocol_name(protocol), o.variant, o.profile ? "told to the engine" : "not told");
    fflush(stdout);
    rc = identify(&c, x, protocol, &o);
    hx_external_free(x);
    for (int p = 0; p < c.nprofiles; p++)
        free(c.reference[p]);
    free(c.engine);
    free(c.agree);
    free(c.f);
    return rc;
}
