/*
 * perft_lines.h - the checked line formats of perft's checkpoint and of
 * merge's result lines (docs/perft.md, "Checkpoint format" and "Splitting a
 * perft into jobs"): the line hash, strict numbers, the byte grammar and the
 * two line parsers. Pure functions without I/O, shared by perft_watch.c,
 * cmd_merge.c and the fuzz targets checkpoint_parse and result_parse.
 */
#ifndef HEXREF_PERFT_LINES_H
#define HEXREF_PERFT_LINES_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a 64 from PL_HASH_START over bytes, continued from h ... */
#define PL_HASH_START 0xcbf29ce484222325ULL
uint64_t pl_hash_bytes(uint64_t h, const char *text, size_t len);
/* ... finished by SplitMix64's finaliser. */
uint64_t pl_hash_finish(uint64_t h);
/* Both over a NUL-terminated text. */
uint64_t pl_line_hash(const char *text);

/* Decimal digits only, no leading zero, below 2^64: 0, or -1. */
int pl_parse_decimal(const char *text, size_t len, uint64_t *out);
/* Exactly 16 lower-case hex digits: 0, or -1. */
int pl_parse_hex16(const char *text, size_t len, uint64_t *out);

/* The index of the first byte outside printable ASCII and TAB, or -1;
 * pl_byte_name says what it is ("a NUL byte", "a carriage return", ...). */
long pl_bad_byte(const char *text, size_t len);
const char *pl_byte_name(unsigned char c);

/* A checkpoint's `done JOB COUNT CHECK` line (len bytes, no newline):
 * CHECK covers the header (header_hash: pl_hash_bytes of the header lines
 * from PL_HASH_START) and "done JOB COUNT". NULL with *job and *count set,
 * or the problem. */
uint64_t pl_done_check(uint64_t header_hash, uint64_t job, uint64_t count);
const char *pl_parse_done(const char *text, size_t len, uint64_t header_hash, uint64_t njobs,
                          uint64_t *job, uint64_t *count);

/* A result line `ID/N@FP<TAB>COUNT<TAB>CHECK` (len bytes, no newline):
 * CHECK is pl_line_hash of "ID/N@FP<TAB>COUNT". NULL with the id (not
 * NUL-terminated) and count set, or the problem. */
uint64_t pl_result_check(const char *id, size_t id_len, uint64_t count);
int pl_is_job_id(const char *text, size_t len);
const char *pl_parse_result(const char *text, size_t len, const char **id, size_t *id_len,
                            uint64_t *count);

#endif
