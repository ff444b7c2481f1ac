/*
 * fuzz_smoke.c - runs a fuzz target without a fuzzing engine, so ctest
 * exercises it with any compiler: every seed file once, then COUNT inputs
 * made from the seeds by a few deterministic mutations (byte changes,
 * insertions, deletions, truncation, splicing two seeds).
 *
 *     fuzz_smoke COUNT SEED_FILE...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_SEEDS = 64, MAX_INPUT = 4096 };

typedef struct seed {
    uint8_t data[MAX_INPUT];
    size_t size;
} seed;

static uint64_t state = 0x243F6A8885A308D3ull;

static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void mutate(uint8_t *buf, size_t *size, const seed *seeds, int nseeds)
{
    size_t n = *size;
    int kind = (int)(next() % 5);
    size_t at = n ? next() % n : 0;
    if (kind == 0 && n) /* change a byte */
        buf[at] = (uint8_t)next();
    else if (kind == 1 && n + 1 < MAX_INPUT) { /* insert a byte */
        memmove(buf + at + 1, buf + at, n - at);
        buf[at] = (uint8_t)(next() % 3 ? next() : '\n');
        n++;
    } else if (kind == 2 && n) { /* delete a run */
        size_t len = 1 + next() % (n - at);
        memmove(buf + at, buf + at + len, n - at - len);
        n -= len;
    } else if (kind == 3) { /* truncate */
        n = at;
    } else { /* splice the tail of another seed */
        const seed *o = &seeds[next() % (uint64_t)nseeds];
        size_t from = o->size ? next() % o->size : 0, len = o->size - from;
        if (at + len > MAX_INPUT)
            len = MAX_INPUT - at;
        memcpy(buf + at, o->data + from, len);
        n = at + len;
    }
    *size = n;
}

static int load(const char *path, seed *s)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz_smoke: cannot open %s\n", path);
        return -1;
    }
    s->size = fread(s->data, 1, MAX_INPUT, f);
    fclose(f);
    return 0;
}

static void run(const uint8_t *data, size_t size)
{
    uint8_t *exact = malloc(size ? size : 1); /* exactly size bytes, for ASan */
    if (!exact)
        return;
    memcpy(exact, data, size);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
}

int main(int argc, char **argv)
{
    static seed seeds[MAX_SEEDS];
    static uint8_t buf[MAX_INPUT];
    int nseeds = 0;
    long count = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
    for (int i = 2; i < argc && nseeds < MAX_SEEDS; i++)
        if (load(argv[i], &seeds[nseeds++]) != 0)
            return 2;
    if (nseeds == 0) {
        fprintf(stderr, "usage: fuzz_smoke COUNT SEED_FILE...\n");
        return 2;
    }
    for (int i = 0; i < nseeds; i++)
        run(seeds[i].data, seeds[i].size);
    for (long k = 0; k < count; k++) {
        const seed *s = &seeds[next() % (uint64_t)nseeds];
        size_t size = s->size;
        memcpy(buf, s->data, size);
        for (int m = 1 + (int)(next() % 3); m > 0; m--)
            mutate(buf, &size, seeds, nseeds);
        run(buf, size);
    }
    printf("fuzz_smoke: %d seeds and %ld mutated inputs, no finding\n", nseeds, count);
    return 0;
}
