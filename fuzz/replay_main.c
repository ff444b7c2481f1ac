/*
 * replay_main.c - runs a fuzz target over files, without any fuzzing
 * engine, so that corpora and regression inputs replay under ctest with any
 * compiler (gcc included).
 *
 *     replay_movegen_diff FILE_OR_DIR...
 *
 * Every regular file (directories are read one level deep, in name order,
 * skipping dot files) is passed once to LLVMFuzzerTestOneInput. A failing
 * input aborts, exactly as under libFuzzer; otherwise it prints how many
 * inputs ran and exits 0. A path that does not exist is an error, so a
 * mistyped corpus directory cannot pass silently.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

enum { MAX_INPUT = 1 << 20 };

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    uint8_t *data = malloc(MAX_INPUT);
    size_t size = data ? fread(data, 1, MAX_INPUT, f) : 0;
    fclose(f);
    if (!data)
        return -1;
    /* A private copy of exactly `size` bytes, so ASan sees overreads. */
    uint8_t *exact = malloc(size ? size : 1);
    if (exact) {
        memcpy(exact, data, size);
        fprintf(stderr, "replay: %s (%zu bytes)\n", path, size);
        LLVMFuzzerTestOneInput(exact, size);
    }
    free(exact);
    free(data);
    return exact ? 0 : -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of dir, sorted, as "dir/name" strings (caller frees). */
static int list_dir(const char *dir, char ***out)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char **names = NULL;
    int n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **grown = realloc(names, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if ((names[n] = malloc(len)) != NULL)
            snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    *out = names;
    return n;
}

static int run_path(const char *path, int *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s does not exist\n", path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        *count += 1;
        return run_file(path);
    }
    char **names = NULL;
    int n = list_dir(path, &names), rc = n < 0 ? -1 : 0;
    for (int i = 0; i < n; i++) {
        struct stat fs;
        if (stat(names[i], &fs) == 0 && S_ISREG(fs.st_mode)) {
            *count += 1;
            rc |= run_file(names[i]);
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    int count = 0, rc = 0;
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        rc |= run_path(argv[i], &count);
    printf("replay: %d input%s, %s\n", count, count == 1 ? "" : "s", rc ? "ERRORS" : "all passed");
    return rc ? 1 : 0;
}
