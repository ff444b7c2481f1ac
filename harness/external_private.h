/*
 * external_private.h - the compatibility shim hx_external (engine_external.h)
 * over an hx_session (session.h), and what its hx_engine view
 * (external_adapter.c) keeps: the paths it was asked about and a cache.
 *
 * removed when the verify runner moves onto hx_session
 */
#ifndef HEXREF_HARNESS_EXTERNAL_PRIVATE_H
#define HEXREF_HARNESS_EXTERNAL_PRIVATE_H

#include <stdint.h>

#include "engine_external.h"
#include "hexref.h"
#include "session.h"

enum { HX_EXT_KEY_MAX = 8192 };

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
    hx_session *session;
    int borrowed;   /* the session is the caller's: not closed here */
    int reference;  /* the pinned reference: its errors read as an engine's */
    int as_text;    /* the backend answers as values: write them back as text
                       (-1: not known until the first divide) */
    int has_status; /* the pinned reference: as the engine compared with */
    char *command, *variant;
    int protocol;
    int usable;     /* adapter queries with a usable answer */
    char first_problem[600];
    known_pos *known;
    int nknown, capknown;
    cached **cache; /* entries stay put while the array grows: callers hold
                      * one answer while asking for another */
    int ncache, capcache;
};

/* What a session error says, as the engine's answer would say it. */
void hx_ext_message(const hx_external *x, const hx_session_error *e, char *out, size_t cap);

#endif
