/*
 * perft_lines.c - checked line formats of checkpoints and results
 * (perft_lines.h, docs/perft.md).
 */
#include "perft_lines.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

uint64_t pl_hash_bytes(uint64_t h, const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ULL;
    return h;
}

uint64_t pl_hash_finish(uint64_t h)
{
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}

uint64_t pl_line_hash(const char *text)
{
    return pl_hash_finish(pl_hash_bytes(PL_HASH_START, text, strlen(text)));
}

int pl_parse_decimal(const char *text, size_t len, uint64_t *out)
{
    *out = 0;
    if (!len || len > 20 || (text[0] == '0' && len > 1))
        return -1;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)((unsigned char)text[i] - '0');
        if (d > 9 || *out > (UINT64_MAX - d) / 10)
            return -1;
        *out = *out * 10 + d;
    }
    return 0;
}

int pl_parse_hex16(const char *text, size_t len, uint64_t *out)
{
    static const char digits[] = "0123456789abcdef";
    *out = 0;
    if (len != 16)
        return -1;
    for (size_t i = 0; i < 16; i++) {
        const char *d = text[i] ? strchr(digits, text[i]) : NULL;
        if (!d)
            return -1;
        *out = *out << 4 | (uint64_t)(d - digits);
    }
    return 0;
}

long pl_bad_byte(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c != '\t' && (c < 0x20 || c >= 0x7f))
            return (long)i;
    }
    return -1;
}

const char *pl_byte_name(unsigned char c)
{
    return c == 0 ? "a NUL byte" : c == '\r' ? "a carriage return" : c >= 0x80 ? "a non-ASCII byte"
                                                                               : "a control byte";
}

/* The fields of text split at sep: their count (at most max; one more
 * field is counted as max + 1). */
static int fields(const char *text, size_t len, char sep, const char **f, size_t *flen, int max)
{
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++)
        if (i == len || text[i] == sep) {
            if (n == max)
                return max + 1;
            f[n] = text + start;
            flen[n++] = i - start;
            start = i + 1;
        }
    return n;
}

uint64_t pl_done_check(uint64_t header_hash, uint64_t job, uint64_t count)
{
    char text[64];
    int len = snprintf(text, sizeof text, "done %" PRIu64 " %" PRIu64, job, count);
    return pl_hash_finish(pl_hash_bytes(header_hash, text, (size_t)len));
}

const char *pl_parse_done(const char *text, size_t len, uint64_t header_hash, uint64_t njobs,
                          uint64_t *job, uint64_t *count)
{
    const char *f[4];
    size_t flen[4];
    uint64_t check = 0;
    if (fields(text, len, ' ', f, flen, 4) != 4 || flen[0] != 4 || memcmp(f[0], "done", 4) ||
        pl_parse_decimal(f[1], flen[1], job) || *job >= njobs ||
        pl_parse_decimal(f[2], flen[2], count) || pl_parse_hex16(f[3], flen[3], &check))
        return "malformed line: expected 'done JOB COUNT CHECK' (decimal JOB below the job "
               "count, decimal COUNT, 16 hex digits)";
    if (check != pl_done_check(header_hash, *job, *count))
        return "the line's check does not match it (an edited, torn or copied line): remove "
               "the checkpoint to count afresh";
    return NULL;
}

uint64_t pl_result_check(const char *id, size_t id_len, uint64_t count)
{
    char number[24];
    int len = snprintf(number, sizeof number, "\t%" PRIu64, count);
    return pl_hash_finish(pl_hash_bytes(pl_hash_bytes(PL_HASH_START, id, id_len), number, (size_t)len));
}

int pl_is_job_id(const char *text, size_t len)
{
    const char *f[2], *g[2];
    size_t flen[2], glen[2];
    uint64_t n = 0, fp = 0;
    if (fields(text, len, '@', f, flen, 2) != 2 || fields(f[0], flen[0], '/', g, glen, 2) != 2)
        return 0;
    return !pl_parse_decimal(g[0], glen[0], &n) && !pl_parse_decimal(g[1], glen[1], &n) &&
           !pl_parse_hex16(f[1], flen[1], &fp);
}

const char *pl_parse_result(const char *text, size_t len, const char **id, size_t *id_len,
                            uint64_t *count)
{
    const char *f[3];
    size_t flen[3];
    uint64_t check = 0;
    int n = fields(text, len, '\t', f, flen, 3);
    if (n == 2)
        return "a result without its check (ID/N@FP<TAB>COUNT, the format before perft --job): "
               "count the job again with perft --job ID/N@FP";
    if (n != 3 || !pl_is_job_id(f[0], flen[0]))
        return "expected a result ID/N@FP<TAB>COUNT<TAB>CHECK, as perft --job prints it";
    if (pl_parse_decimal(f[1], flen[1], count))
        return "bad count";
    if (pl_parse_hex16(f[2], flen[2], &check) || check != pl_result_check(f[0], flen[0], *count))
        return "the result's check does not match its line (an edited or torn result: count "
               "that job again)";
    *id = f[0];
    *id_len = flen[0];
    return NULL;
}
