/*
 * strvec.h - a growing list of owned strings (fixture profiles, moves,
 * file names).
 */
#ifndef HEXREF_HARNESS_STRVEC_H
#define HEXREF_HARNESS_STRVEC_H

typedef struct {
    char **v;
    int n, cap;
} strvec;

/* Takes ownership of s (NULL means out of memory: returns -1). */
int sv_push_own(strvec *sv, char *s);
void sv_free(strvec *sv);
int sv_has(const strvec *sv, const char *s);
void sv_sort(strvec *sv);
/* Splits s on blanks (space, tab) into sv. Returns -1 on out of memory. */
int sv_split(strvec *sv, const char *s);

#endif
