/*
 * hexref_check.h - checking an engine that is a function of the host
 * program (a JavaScript, Python or C function) against the reference, with
 * the same runner, bisection, fixtures and result values as `hexref verify`.
 *
 * The engine is one callback: given a HexFEN, the moves to play on it
 * (space-separated, "" for none) and a depth >= 1, it answers through the
 * reply handle, once, with either
 *   - hx_check_reply_text: the divide as perftree text ("MOVE COUNT" lines,
 *     a blank line, the total; docs/protocol.md), or
 *   - hx_check_reply_failure: the engine failed. kind is "error" (it threw
 *     or said why: message is its words), "timeout" (the host's time limit
 *     passed), "crash", or "pending" (the host has no answer yet: see below).
 * A callback that answers neither is a failure ("no answer"). The callback
 * is only called from inside hx_check_verify, on the caller's thread.
 *
 * Options are text, one "key=value" per line (unknown keys are an error):
 *   variant=NAME (required)  profile=NAME (default std)  name=TEXT (the
 *   engine's name in the results)  fen=HEXFEN  moves=M1 M2 ...  depth=D
 *   root=1 (check the root position; the default when nothing else is
 *   asked)  random=N  seed=S  suite=PATH (repeatable)  tier=quick|deep
 *   max_nodes=N  fixtures=1  fixture=PATH (repeatable: fixture files or
 *   directories; fixtures=1 needs at least one)  timeout=SECONDS (only
 *   quoted in findings: the host enforces its own limit)
 *
 * "pending" lets a host whose engine is asynchronous (a JavaScript promise)
 * drive the runner without blocking: it answers "pending" for a query it has
 * not got yet, collects the queries, awaits them, and runs again with the
 * answers cached. The runner is deterministic in its answers, so the run
 * after the last pending one is the real run; hx_check_verify's *pending
 * counts the pending answers of this run (the result of a run with pending
 * answers is to be thrown away).
 */
#ifndef HEXREF_CHECK_H
#define HEXREF_CHECK_H

#include "hexref.h"

typedef struct hx_check_reply hx_check_reply;

/* The host's engine; its return value is ignored (answer through r). */
typedef int (*hx_check_engine_fn)(void *ctx, const char *fen, const char *moves, int depth,
                                  hx_check_reply *r);

/* The engine's answer as perftree text (copied). */
void hx_check_reply_text(hx_check_reply *r, const char *text);
/* The engine failed: kind "error", "timeout", "crash" or "pending". */
void hx_check_reply_failure(hx_check_reply *r, const char *kind, const char *message);

/*
 * Runs verify. Returns the results as the JSON Lines `hexref verify
 * --format json` writes (one check per line, docs/results.schema.json),
 * malloc'd (free with
 * hx_check_free), with *failed set to the number of failed checks and
 * *pending to the number of "pending" answers; or NULL with err for options
 * or input that cannot run (an unknown key, a bad HexFEN or move, a suite
 * line for no rules selected, no fixtures found). Notes of the fixture
 * runner (a fixture file that does not parse) go to stderr.
 */
char *hx_check_verify(const char *options, hx_check_engine_fn engine, void *ctx, int *failed,
                      int *pending, hx_error *err);

void hx_check_free(char *text);

#endif
