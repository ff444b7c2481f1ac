/*
 * input_file.c - opens an input file without blocking and refuses what is
 * not a regular file (input_file.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "input_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strutil.h"

static const char *kind_of(mode_t mode)
{
    return S_ISFIFO(mode)   ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
           : S_ISDIR(mode)  ? "a directory"
                            : "a special file";
}

FILE *hx_input_open(const char *path, hx_error *err)
{
    /* O_NONBLOCK only for the open (it returns at once on a FIFO); the
     * fstat of what was opened, not a stat of the name, decides. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        hx_error_path(err, "", path, ": %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    FILE *f = NULL;
    if (fstat(fd, &st) != 0)
        hx_error_path(err, "", path, ": %s", strerror(errno));
    else if (!S_ISREG(st.st_mode))
        hx_error_path(err, "", path, ": %s, not a regular file", kind_of(st.st_mode));
    else if (fcntl(fd, F_SETFL, 0) != 0 || !(f = fdopen(fd, "r")))
        hx_error_path(err, "", path, ": %s", strerror(errno));
    if (!f)
        close(fd);
    return f;
}
