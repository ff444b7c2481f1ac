/*
 * strvec.c - a growing list of owned strings, for the fixture parser and
 * runner.
 */
#include "strvec.h"

#include <stdlib.h>
#include <string.h>

#include "strutil.h"


/* Takes ownership of s (NULL means out of memory). */
int sv_push_own(strvec *sv, char *s)
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

void sv_free(strvec *sv)
{
    for (int i = 0; i < sv->n; i++)
        free(sv->v[i]);
    free(sv->v);
    sv->v = NULL;
    sv->n = sv->cap = 0;
}

int sv_has(const strvec *sv, const char *s)
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

void sv_sort(strvec *sv)
{
    if (sv->n > 1)
        qsort(sv->v, (size_t)sv->n, sizeof *sv->v, cmp_str);
}

/* Splits s on blanks (space, tab) into sv. Returns -1 on out of memory. */
int sv_split(strvec *sv, const char *s)
{
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        const char *b = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (sv_push_own(sv, hx_strndup(b, (size_t)(s - b))) != 0)
            return -1;
    }
    return 0;
}

