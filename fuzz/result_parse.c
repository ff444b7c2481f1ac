/*
 * result_parse.c - arbitrary bytes through merge's parser of a result line
 * `ID/N@FP<TAB>COUNT<TAB>CHECK` (cli/perft_lines.h, docs/perft.md).
 *
 * Input: the line without its newline. It is either rejected with a
 * message, or accepted, and then: the id is a job id (pl_is_job_id), the
 * line is within merge's byte grammar (printable ASCII and TAB), and it is
 * byte for byte the line perft --job prints for that id and count. Whatever
 * the input, the line printed for its first 8 bytes as a count (under a
 * fixed id) parses back to it. ASan and UBSan watch the reads of the
 * exact-size copy.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perft_lines.h"

/* The line perft --job prints (cmd_count.c's format). */
static int write_line(char *out, size_t cap, const char *id, size_t id_len, uint64_t count)
{
    return snprintf(out, cap, "%.*s\t%" PRIu64 "\t%016" PRIx64, (int)id_len, id, count,
                    pl_result_check(id, id_len, count));
}

static void round_trip(const uint8_t *data, size_t size)
{
    static const char id[] = "17/947@0123456789abcdef";
    uint64_t value = 0, count = 0;
    memcpy(&value, data, size < sizeof value ? size : sizeof value);
    char line[128];
    const char *got = NULL;
    size_t got_len = 0;
    int len = write_line(line, sizeof line, id, strlen(id), value);
    const char *problem = pl_parse_result(line, (size_t)len, &got, &got_len, &count);
    if (problem || count != value || got_len != strlen(id) || memcmp(got, id, got_len)) {
        fprintf(stderr, "result_parse: '%s' does not read back: %s\n", line, problem ? problem : "other values");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    const char *id = NULL;
    size_t id_len = 0;
    uint64_t count = 0;
    const char *problem = pl_parse_result(text, size, &id, &id_len, &count);
    if (problem && !problem[0])
        abort();
    if (!problem) {
        char *line = malloc(size + 64);
        int len = line ? write_line(line, size + 64, id, id_len, count) : 0;
        if (line && (!pl_is_job_id(id, id_len) || pl_bad_byte(text, size) >= 0 ||
                     (size_t)len != size || memcmp(line, text, size) != 0)) {
            fprintf(stderr, "result_parse: accepted '%.*s', perft --job prints '%s'\n", (int)size, text, line);
            abort();
        }
        free(line);
    }
    round_trip(data, size);
    free(text);
    return 0;
}
