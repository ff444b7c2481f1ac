/*
 * external_private.h - what the parts of the outside-engine layer share:
 * the hx_external structure, the backend interface each way of answering
 * implements (script and uci processes, the reference in process), and the
 * helpers that turn how a query ended into an hx_ext_answer.
 *
 *   engine_external.c     configuration, lifetime, queries through the backend
 *   external_script.c     the script protocol: one process per query
 *   external_uci.c        the uci protocol: one process for the run
 *   external_reference.c  the reference pinned to one profile, in process
 *   external_adapter.c    the hx_engine view for the fixture runner (cache, paths)
 *   external_text.c       shell quoting and the query as a command line
 */
#ifndef HEXREF_HARNESS_EXTERNAL_PRIVATE_H
#define HEXREF_HARNESS_EXTERNAL_PRIVATE_H

#include <stdint.h>

#include "engine_external.h"
#include "hexref.h"

enum { HX_EXT_DEFAULT_CAP = 1 << 20, HX_EXT_KEY_MAX = 8192 };

/* One way of answering. divide fills a (answer_init'ed by the caller);
 * status may be NULL (no status queries); start may be NULL (nothing to
 * start); stop may be NULL. All return 0 or -1 as hx_external_divide. */
typedef struct hx_ext_backend {
    const char *name;
    int (*divide)(hx_external *x, const char *fen, const char *moves, int depth,
                  hx_ext_answer *a);
    int (*status)(hx_external *x, const char *fen, const char *moves, char *out, size_t cap,
                  char *err, size_t errcap);
    int (*start)(hx_external *x, hx_ext_answer *a);
    void (*stop)(hx_external *x);
} hx_ext_backend;

extern const hx_ext_backend hx_ext_script_backend, hx_ext_uci_backend,
    hx_ext_reference_backend;

typedef struct known_pos {
    char *fen, *root, *moves; /* fen is reached by playing moves on root */
} known_pos;

typedef struct cached {
    char *key;
    int ok, rejected;
    char *text; /* sorted moves, or the problem when !ok */
    uint64_t total;
} cached;

struct hx_external {
    const hx_ext_backend *backend; /* script, uci or the reference (external_*.c) */
    const hx_rules *rules;         /* the reference backend's rules, else NULL */
    char *command, *variant, *profile;
    int protocol;
    double timeout;
    size_t cap;
    char **envp;
    char *env_own[2];
    hx_proc proc;
    int running, has_status, has_profile_option, handshake_failed;
    int timeouts; /* consecutive timeouts: after HX_EXT_GIVE_UP, queries fail at once */
    int status_timeouts; /* the same for status queries, which divides between them do not reset */
    int usable;   /* adapter queries with a usable answer */
    char first_problem[600];
    hx_ext_answer handshake; /* why the handshake failed, told on every query */
    known_pos *known;
    int nknown, capknown;
    cached *cache;
    int ncache, capcache;
};

/* Answers (engine_external.c). */
void hx_ext_answer_init(hx_ext_answer *a, int protocol);
/* Sets the failure and its message (fmt takes detail if non-NULL, else
 * value); returns -1. */
int hx_ext_fail(hx_ext_answer *a, hx_ext_failure kind, const char *fmt, const char *detail,
                double value);
/* Turns how reading ended (an HX_LINE_* code) into a failure. */
int hx_ext_read_failure(hx_ext_answer *a, hx_proc *p, int rc, double timeout, size_t cap);
/* Keeps the start of the engine's stderr in the answer. */
void hx_ext_keep_stderr(hx_ext_answer *a, const hx_proc *p);
void hx_ext_copy_cut(char *dst, size_t cap, const char *src);
int hx_ext_starts_with(const char *s, const char *prefix);
/* "position fen F [moves M]\n" (external_uci.c). */
void hx_ext_position_command(const char *fen, const char *moves, char *out, size_t cap);

#endif
