/*
 * process.h - runs an outside program without letting it hang or crash the
 * harness: fork/exec with pipes, poll with deadlines, a cap on the bytes
 * read, and a kill of the whole process group at the end.
 *
 * The program always runs in a process group of its own (it is the group
 * leader), so that hx_proc_stop() also ends whatever it started (a shell
 * script's children, a background job holding the pipe open).
 */
#ifndef HEXREF_HARNESS_PROCESS_H
#define HEXREF_HARNESS_PROCESS_H

#include <stddef.h>
#include <sys/types.h>

#include "hexref.h"

/* stderr kept of one query: its start (KEEP bytes) and its end (the last
 * TAIL bytes after the start: a traceback's last line is what it says);
 * TEXT holds both as hx_proc_stderr writes them. */
enum { HX_PROC_ERR_KEEP = 2048, HX_PROC_ERR_TAIL = 4096,
       HX_PROC_ERR_TEXT = HX_PROC_ERR_KEEP + HX_PROC_ERR_TAIL + 96 };

typedef struct hx_proc {
    pid_t pid;                /* 0 when no process is running */
    int in_fd, out_fd, err_fd; /* our pipe ends; -1 when closed */
    char *buf;                 /* stdout bytes read and not yet taken */
    size_t start, len, cap;    /* buf[start, len) is unread */
    size_t total;              /* stdout bytes since hx_proc_reset_counts */
    int out_eof, err_eof;
    char err_text[HX_PROC_ERR_KEEP]; /* start of stderr since the reset */
    size_t err_len;
    size_t err_dropped;        /* stderr bytes beyond err_text */
    char err_tail[HX_PROC_ERR_TAIL]; /* ring: the last of those bytes */
    size_t err_tail_pos;       /* where the next byte goes in err_tail */
    int exited, wstatus;       /* set once the process has ended */
} hx_proc;

/*
 * Makes hexref end everything it started when it is told to stop: on
 * SIGINT, SIGTERM and SIGHUP it kills every child's process group and every
 * process it adopted as a child subreaper (prctl; set here), reaps them, and
 * exits with 128+signal. A signal ignored when hexref started stays ignored.
 * hx_proc_start calls it; commands that run engines call it first so that
 * a signal before the first engine exits the same way. Idempotent.
 */
void hx_proc_guard_signals(void);

/* Monotonic clock, seconds. */
double hx_proc_now(void);

/*
 * Starts argv[0] (a path, not searched in PATH) with argv and envp. stdin is
 * a pipe when with_stdin, else /dev/null. Returns 0, or -1 with err.
 */
int hx_proc_start(hx_proc *p, char *const argv[], char *const envp[], int with_stdin,
                  hx_error *err);

/* Forgets the bytes counted so far and the stderr text kept so far. */
void hx_proc_reset_counts(hx_proc *p);

/* Writes all of s to the program's stdin. Returns HX_WRITE_OK, or
 * HX_WRITE_CLOSED if the program closed its stdin (or is gone), or
 * HX_WRITE_TIMEOUT if the deadline passed first: a caller reports the two
 * apart (an engine that stops reading is a timeout, not a closed output). */
enum { HX_WRITE_OK = 0, HX_WRITE_CLOSED = -1, HX_WRITE_TIMEOUT = -2 };
int hx_proc_write(hx_proc *p, const char *s, double deadline);

enum { HX_LINE_OK = 1, HX_LINE_EOF = 0, HX_LINE_TIMEOUT = -1, HX_LINE_CAP = -2,
       HX_LINE_ERROR = -3 };

/*
 * Next line of stdout (without its '\n' or a trailing '\r'), valid until the
 * next call. At end of file a last unterminated line is returned once, then
 * HX_LINE_EOF. Fails with HX_LINE_TIMEOUT after the deadline and HX_LINE_CAP
 * once more than cap bytes were read since the last reset.
 */
int hx_proc_read_line(hx_proc *p, double deadline, size_t cap, char **line, size_t *len);

/* Reads the stderr bytes already written (never waits): what an engine
 * wrote before the last line of its answer is kept with the answer. */
void hx_proc_drain_stderr(hx_proc *p);

/* The stderr kept since the reset into out (cap bytes): its start, then,
 * if more came, "[... N bytes ...]" and its last HX_PROC_ERR_TAIL bytes
 * (from a line start where one is in them). */
void hx_proc_stderr(const hx_proc *p, char *out, size_t cap);

/* Waits for the program to exit until the deadline, draining its output.
 * Returns 0 if it exited (see exited/wstatus), -1 on timeout. */
int hx_proc_wait(hx_proc *p, double deadline);

/* Kills the process group (SIGKILL), reaps the program, closes the pipes and
 * frees the buffer. Safe to call twice. */
void hx_proc_stop(hx_proc *p);

/* "exited with status 3", "killed by signal 11 (Segmentation fault)". */
void hx_proc_describe_exit(int wstatus, char *out, size_t cap);

#endif
