/*
 * datadir.c - where the hexref command finds its data: the fixtures, the
 * perft suites and the rules documents.
 *
 * The data sits at ../share/hexref relative to the executable, so an
 * installed tree (bin/hexref, share/hexref/) keeps working wherever it is
 * moved. The build tree gets the same layout: CMake makes
 * BUILD/share/hexref/ hold links into the source tree (cli/CMakeLists.txt),
 * which is the only way the build-tree binary reaches the sources. The
 * environment variable HEXREF_DATA overrides both.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif
#ifndef HEXREF_DATA_FROM_BIN /* set by cli/CMakeLists.txt from the install layout */
#define HEXREF_DATA_FROM_BIN "../share/hexref"
#endif

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The directory of the running executable, from /proc/self/exe. */
static int exe_dir(char *out, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return -1;
    out[n] = '\0';
    char *slash = strrchr(out, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    return 0;
}

int cli_data_path(const char *what, char *out, size_t size)
{
    char base[PATH_MAX];
    const char *env = getenv("HEXREF_DATA");
    const char *origin;
    if (env && *env) {
        snprintf(base, sizeof base, "%s", env);
        origin = "HEXREF_DATA";
    } else {
        if (exe_dir(base, sizeof base) != 0)
            return cli_bad_input("cannot find the data directory: /proc/self/exe is unreadable; "
                                 "set HEXREF_DATA to the folder that holds fixtures/");
        size_t len = strlen(base);
        snprintf(base + len, sizeof base - len, "/%s", HEXREF_DATA_FROM_BIN);
        origin = "beside the executable";
    }
    if (!is_dir(base))
        return cli_bad_input("cannot find the data directory %s (%s); set HEXREF_DATA to the folder "
                             "that holds fixtures/, perft-suites/ and rules/", base, origin);
    char joined[PATH_MAX];
    if ((size_t)snprintf(joined, sizeof joined, "%s/%s", base, what) >= sizeof joined)
        return cli_bad_input("data path too long: %s/%s", base, what);
    char real[PATH_MAX];
    if (!realpath(joined, real))
        return cli_bad_input("data directory %s has no %s (%s)", base, what, origin);
    if ((size_t)snprintf(out, size, "%s", real) >= size)
        return cli_bad_input("data path too long: %s", real);
    return 0;
}

const char *const *cli_fixture_paths(const cli_opts *o, char dir[CLI_PATH_MAX], const char *slot[1], int *n)
{
    if (o->nargs) {
        *n = o->nargs;
        return o->args;
    }
    if (cli_data_path("fixtures", dir, CLI_PATH_MAX) != 0)
        return NULL;
    slot[0] = dir;
    *n = 1;
    return slot;
}
