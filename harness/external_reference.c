/*
 * external_reference.c - the reference pinned to one profile as a backend
 * of hx_external, answering in process like an engine would: its divide
 * goes through the same reply parser as any engine's output. identify runs
 * the fixtures through it behind the same adapter as the engine it compares.
 */
#include "external_private.h"

#include <stdio.h>
#include <string.h>

/* The position of root + moves under the backend's rules, or NULL with a
 * (HX_EXT_REJECTED when the rules reject the position). */
static hx_position *pinned_position(hx_external *x, const char *fen, const char *moves,
                                    hx_ext_answer *a)
{
    hx_error e;
    hx_position *pos = hx_position_new(x->rules);
    if (pos && hx_position_set_fen(pos, fen, &e) == 0 && hx_play_moves(pos, moves, 0, &e) == 0)
        return pos;
    hx_ext_fail(a, pos ? HX_EXT_REJECTED : HX_EXT_ENGINE_ERROR, "the engine answered: error %s",
         pos ? e.message : "no memory", 0);
    hx_position_free(pos);
    return NULL;
}

/* The reference pinned to one profile, answering as an engine would: its
 * divide goes through the same parser as any engine output. */
static int reference_query(hx_external *x, const char *fen, const char *moves, int depth,
                           hx_ext_answer *a)
{
    hx_position *pos = pinned_position(x, fen, moves, a);
    if (!pos)
        return -1;
    int limit = hx_perft_max_depth(pos);
    if (depth > limit) { /* the limit is read before pos is freed */
        hx_position_free(pos);
        return hx_ext_fail(a, HX_EXT_ENGINE_ERROR, "the engine answered: error depth beyond the "
                           "limit of %.0f here (the history's room)", NULL, limit);
    }
    static _Thread_local hx_divide_entry list[HX_MAX_MOVES];
    int n = hx_perft_divide(pos, depth, 0, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX + 24];
        total += list[i].count;
        int len = snprintf(text, sizeof text, "%s%s %llu", list[i].move, x->protocol ? ":" : "",
                           (unsigned long long)list[i].count);
        hx_reply_feed(&a->reply, text, (size_t)len);
    }
    char end[48];
    int len = snprintf(end, sizeof end, "%s%llu", x->protocol ? "Nodes searched: " : "",
                       (unsigned long long)total);
    hx_reply_feed(&a->reply, "", 0);
    hx_reply_feed(&a->reply, end, (size_t)len);
    hx_position_free(pos);
    return 0;
}

static int reference_status(hx_external *x, const char *fen, const char *moves, char *out,
                            size_t cap, char *err, size_t errcap)
{
    hx_ext_answer a;
    hx_ext_answer_init(&a, x->protocol);
    hx_position *pos = pinned_position(x, fen, moves, &a);
    if (pos)
        snprintf(out, cap, "%s", hx_status_name(hx_position_status(pos)));
    else
        snprintf(err, errcap, "%s", a.message);
    hx_position_free(pos);
    hx_ext_answer_free(&a);
    return pos ? 0 : -1;
}

const hx_ext_backend hx_ext_reference_backend = {"reference", reference_query, reference_status,
                                                 NULL, NULL};

hx_external *hx_external_new_reference(const char *variant, const char *profile, int protocol,
                                       int with_status)
{
    hx_error e;
    char name[128];
    snprintf(name, sizeof name, "reference %s/%s", variant, profile);
    hx_ext_config cfg = {name, protocol, variant, NULL, 0, 0};
    const hx_rules *rules = hx_rules_find(variant, profile, &e);
    hx_external *x = rules ? hx_external_new(&cfg) : NULL;
    if (x) {
        x->backend = &hx_ext_reference_backend;
        x->rules = rules;
        x->has_status = with_status;
    }
    return x;
}

