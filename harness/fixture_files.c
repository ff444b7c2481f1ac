/*
 * fixture_files.c - finds the fixture files: a file argument as it is, a
 * directory as every *.fix file below it, in sorted order.
 */
#define _POSIX_C_SOURCE 200809L

#include "fixture_model.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "strutil.h"

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

int fx_collect(const char *path, strvec *files, FILE *out, int depth)
{
    struct stat st;
    if (stat(path, &st) != 0) { /* on stderr whatever the report's stream */
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return sv_push_own(files, hx_strdup(path)) == 0 ? 0 : -1;
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
        if (stat(names.v[i], &s2) != 0) {
            /* A .fix that cannot be looked at (a dangling symlink) is a
             * fixture file lost, not one to skip in silence. */
            if (!has_suffix(names.v[i], ".fix"))
                continue;
            fprintf(out, "%s: %s\n", names.v[i], strerror(errno));
            rc = -1;
        } else if (S_ISDIR(s2.st_mode))
            rc = fx_collect(names.v[i], files, out, depth + 1);
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

