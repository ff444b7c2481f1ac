/*
 * output_file.c - opens and finishes output files by the rules of
 * output_file.h: a regular file through a temporary file and a rename,
 * anything else in place, a symlink followed.
 */
#define _POSIX_C_SOURCE 200809L

#include "output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strutil.h"

enum { MAX_LINKS = 40 }; /* as the kernel's own limit on a path's symlinks */

static int fail(hx_error *err, const char *name, int reason)
{
    hx_error_path(err, "cannot write ", name, ": %s",
                  reason ? strerror(reason) : "a write failed");
    return -1;
}

static char *directory_of(const char *path)
{
    char *copy = hx_strdup(path);
    char *dir = copy ? hx_strdup(dirname(copy)) : NULL;
    free(copy);
    return dir;
}

/* The path a chain of symlinks ends at (path itself if it is none), even
 * when that end does not exist yet: a dangling link's target is where a
 * new file goes. malloc'ed, or NULL with errno set. */
static char *follow_links(const char *path)
{
    char *p = hx_strdup(path);
    for (int i = 0; p && i < MAX_LINKS; i++) {
        struct stat st;
        if (lstat(p, &st) != 0)
            return errno == ENOENT ? p : (free(p), NULL);
        if (!S_ISLNK(st.st_mode))
            return p;
        char link[PATH_MAX];
        ssize_t n = readlink(p, link, sizeof link - 1);
        if (n < 0) {
            free(p);
            return NULL;
        }
        link[n] = '\0';
        char *dir = directory_of(p);
        char *next = link[0] == '/' ? hx_strdup(link) : dir ? hx_strfmt("%s/%s", dir, link) : NULL;
        free(dir);
        free(p);
        p = next;
    }
    if (p) { /* a loop of links */
        free(p);
        errno = ELOOP;
    } else {
        errno = ENOMEM;
    }
    return NULL;
}

/* A regular file that is already our stdout or stderr (say --junit
 * /dev/stdout > FILE) is written in place, appended to what the command
 * printed there, rather than replaced under the open descriptor. */
static int is_own_stream(const struct stat *st)
{
    for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++) {
        struct stat s;
        if (fstat(fd, &s) == 0 && s.st_dev == st->st_dev && s.st_ino == st->st_ino)
            return 1;
    }
    return 0;
}

/* 0: through a temporary file; 1: in place; -1 (errno) if path cannot be
 * looked at. stat follows every link, the kernel's /proc ones too. */
static int written_in_place(const char *path, struct stat *st)
{
    if (stat(path, st) != 0)
        return errno == ENOENT ? 0 : -1;
    return !S_ISREG(st->st_mode) || is_own_stream(st);
}

static int open_in_place(hx_output_file *out, const struct stat *st, hx_error *err)
{
    int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (S_ISREG(st->st_mode) ? O_APPEND : 0);
    int fd = open(out->name, flags);
    out->f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (out->f)
        return 0;
    int reason = errno;
    if (fd >= 0)
        close(fd);
    return fail(err, out->name, reason);
}

/* The temporary file gets the mode the target has, or a new file's. */
static mode_t mode_for(const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0)
        return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

static int open_temporary(hx_output_file *out, hx_error *err)
{
    out->target = follow_links(out->name);
    out->tmp = out->target ? hx_strfmt("%s.tmp-XXXXXX", out->target) : NULL;
    if (!out->tmp)
        return fail(err, out->name, errno ? errno : ENOMEM);
    int fd = mkstemp(out->tmp);
    if (fd >= 0 && fchmod(fd, mode_for(out->target)) == 0 && (out->f = fdopen(fd, "w")))
        return 0;
    int reason = errno;
    if (fd >= 0) {
        close(fd);
        unlink(out->tmp);
    }
    return fail(err, out->name, reason);
}

static void release(hx_output_file *out)
{
    free(out->target);
    free(out->tmp);
    out->target = out->tmp = NULL;
    out->f = NULL;
}

int hx_output_open(hx_output_file *out, const char *path, hx_error *err)
{
    memset(out, 0, sizeof *out);
    out->name = path;
    struct stat st;
    int in_place = written_in_place(path, &st);
    int rc = in_place < 0   ? fail(err, path, errno)
             : in_place > 0 ? open_in_place(out, &st, err)
                            : open_temporary(out, err);
    if (rc != 0)
        release(out);
    return rc;
}

int hx_output_commit(hx_output_file *out, hx_error *err)
{
    /* A write that failed earlier left its errno; a newer failure's
     * reason replaces it. */
    int failed = ferror(out->f), reason = failed ? errno : 0;
    errno = 0;
    if (fflush(out->f) != 0 || (out->tmp && fsync(fileno(out->f)) != 0))
        failed = 1, reason = errno;
    if (fclose(out->f) != 0 && !failed)
        failed = 1, reason = errno;
    out->f = NULL;
    if (!failed && out->tmp && rename(out->tmp, out->target) != 0)
        failed = 1, reason = errno;
    if (failed && out->tmp)
        unlink(out->tmp);
    release(out);
    return failed ? fail(err, out->name, reason) : 0;
}

void hx_output_abandon(hx_output_file *out)
{
    if (out->f)
        fclose(out->f);
    if (out->tmp)
        unlink(out->tmp);
    release(out);
}

int hx_output_writable(const char *path)
{
    struct stat st;
    int in_place = written_in_place(path, &st);
    if (in_place != 0)
        return in_place > 0 && access(path, W_OK) == 0;
    char *target = follow_links(path);
    char *dir = target ? directory_of(target) : NULL;
    int ok = dir && access(dir, W_OK) == 0;
    free(target);
    free(dir);
    return ok;
}
