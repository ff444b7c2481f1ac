/*
 * no_processes.c - what hexref.wasm has instead of the harness files that
 * wasm32-wasi cannot build (harness/CMakeLists.txt leaves out process.c,
 * the process sessions and the threaded oracle): the monotonic clock the
 * runners time their checks with, and the two ways of opening an engine
 * that is not in-process, each an error that says why. The JavaScript
 * package checks only engines that are functions (check_host.c); an engine
 * that must stay a process is checked by the hexref command (docs/js.md).
 */
#include <stdio.h>
#include <time.h>

#include "process.h"
#include "session.h"

double hx_proc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static hx_session *unavailable(const char *what, hx_error *err)
{
    snprintf(err->message, sizeof err->message,
             "%s not available in WebAssembly (use the hexref command)", what);
    return NULL;
}

hx_session *hx_session_open_engine(const hx_session_config *cfg, hx_error *err)
{
    (void)cfg;
    return unavailable("engines behind a process are", err);
}

hx_session *hx_session_open_oracle(const char *variant, const char *profile, hx_error *err)
{
    (void)variant, (void)profile;
    return unavailable("the oracle is", err);
}
