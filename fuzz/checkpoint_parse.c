/*
 * checkpoint_parse.c - arbitrary bytes through the parser of a perft
 * checkpoint's `done JOB COUNT CHECK` line (cli/perft_lines.h,
 * docs/perft.md "Checkpoint format").
 *
 * Input: the line without its newline, checked against a fixed header
 * (FUZZ_HEADER, FUZZ_JOBS jobs). The line is either rejected with a message,
 * or accepted, and then: JOB is below the job count, the line is within
 * merge's byte grammar, and it is byte for byte the line perft writes for
 * those values (one spelling per value, so an edited line cannot pass as
 * another valid one). Whatever the input, the line written for values
 * taken from its first 16 bytes parses back to them. ASan and UBSan watch
 * the parser's reads of the exact-size copy.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perft_lines.h"

static const char FUZZ_HEADER[] = "hexref perft checkpoint 2\nfuzz header\n";
enum { FUZZ_JOBS = 1000 };

static uint64_t header_hash(void)
{
    return pl_hash_bytes(PL_HASH_START, FUZZ_HEADER, strlen(FUZZ_HEADER));
}

/* The line perft writes (perft_watch.c's format) for job and count. */
static int write_line(char *out, size_t cap, uint64_t job, uint64_t count)
{
    return snprintf(out, cap, "done %" PRIu64 " %" PRIu64 " %016" PRIx64, job, count,
                    pl_done_check(header_hash(), job, count));
}

static void round_trip(const uint8_t *data, size_t size)
{
    uint64_t values[2] = {0, 0}, job = 0, count = 0;
    memcpy(values, data, size < sizeof values ? size : sizeof values);
    char line[96];
    int len = write_line(line, sizeof line, values[0] % FUZZ_JOBS, values[1]);
    const char *problem = pl_parse_done(line, (size_t)len, header_hash(), FUZZ_JOBS, &job, &count);
    if (problem || job != values[0] % FUZZ_JOBS || count != values[1]) {
        fprintf(stderr, "checkpoint_parse: '%s' does not read back: %s\n", line, problem ? problem : "other values");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    uint64_t job = 0, count = 0;
    const char *problem = pl_parse_done(text, size, header_hash(), FUZZ_JOBS, &job, &count);
    if (problem && !problem[0])
        abort(); /* a rejection names its problem */
    if (!problem) {
        char line[96];
        int len = write_line(line, sizeof line, job, count);
        if (job >= FUZZ_JOBS || pl_bad_byte(text, size) >= 0 || (size_t)len != size ||
            memcmp(line, text, size) != 0) {
            fprintf(stderr, "checkpoint_parse: accepted '%.*s', perft writes '%s'\n", (int)size, text, line);
            abort();
        }
    }
    round_trip(data, size);
    free(text);
    return 0;
}
