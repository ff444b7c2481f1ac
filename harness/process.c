/*
 * process.c - fork/exec with pipes, deadlines and process-group kills
 * (process.h). Only async-signal-safe calls run between fork and exec.
 */
#define _DEFAULT_SOURCE /* syscall(2), for getdents64 */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { CHUNK = 65536, MAX_LIVE = 64, MAX_ORPHANS = 256 };

/* The programs hx_proc runs now (their leaders): every other child of this
 * process is an orphan an engine left behind. One thread starts and stops
 * programs (the harness is single-threaded). The only state of the harness
 * kept between calls outside a structure the caller holds, and on purpose:
 * the handler of an ending signal (on_ending_signal) takes no argument, yet
 * must stop every engine still running, so the list is where it can read
 * it. */
static pid_t live[MAX_LIVE];
static int nlive;

static void set_live(pid_t pid, int on)
{
    for (int i = 0; i < nlive; i++)
        if (live[i] == pid) {
            if (!on)
                live[i] = live[--nlive];
            return;
        }
    if (on && nlive < MAX_LIVE)
        live[nlive++] = pid;
}

static int is_live(pid_t pid)
{
    for (int i = 0; i < nlive; i++)
        if (live[i] == pid)
            return 1;
    return 0;
}

/* Async-signal-safe text helpers for the /proc scan below: it also runs in
 * the handler of INT, TERM and HUP, where stdio and malloc are not allowed. */
static long parse_decimal(const char *s, const char **end)
{
    long v = 0;
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (*s++ - '0');
    *end = s;
    return v;
}

/* The parent of process `pid` (from /proc/PID/stat), or -1. */
static pid_t parent_of(long pid)
{
    char path[64] = "/proc/", text[512];
    char digits[24];
    int nd = 0, at = 6;
    do
        digits[nd++] = (char)('0' + pid % 10);
    while ((pid /= 10) > 0);
    while (nd > 0)
        path[at++] = digits[--nd];
    memcpy(path + at, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0)
        return -1;
    text[n] = '\0';
    const char *end = NULL; /* the name in parentheses may hold anything */
    for (const char *c = text; *c; c++)
        if (*c == ')')
            end = c;
    if (!end || end[1] != ' ' || !end[2] || end[3] != ' ')
        return -1;
    const char *after;
    long ppid = parse_decimal(end + 4, &after);
    return after > end + 4 ? (pid_t)ppid : -1;
}

/* A record of getdents64(2); glibc declares no such type. */
struct dirent64_record {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/* This process's children, from a scan of /proc (the per-thread children
 * lists need a kernel option not every kernel has); getdents64 rather than
 * readdir, so that it is async-signal-safe. */
static int list_children(pid_t *out, int cap)
{
    int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return 0;
    pid_t self = getpid();
    int n = 0;
    char buf[8192] __attribute__((aligned(8)));
    long got;
    while (n < cap && (got = syscall(SYS_getdents64, dir, buf, sizeof buf)) > 0) {
        for (long at = 0; at < got && n < cap;) {
            struct dirent64_record *e = (struct dirent64_record *)(void *)(buf + at);
            at += e->d_reclen;
            const char *end;
            long pid = parse_decimal(e->d_name, &end);
            if (end != e->d_name && *end == '\0' && parent_of(pid) == self)
                out[n++] = (pid_t)pid;
        }
    }
    close(dir);
    return n;
}

/* The children no hx_proc runs: orphans an engine left behind. */
static int list_orphans(pid_t *out, int cap)
{
    int n = list_children(out, cap), kept = 0;
    for (int i = 0; i < n; i++)
        if (!is_live(out[i]))
            out[kept++] = out[i];
    return kept;
}

/* hexref is a child subreaper (prctl), so whatever an engine started in a
 * session or group of its own (setsid) is handed to hexref when its parent
 * dies, instead of to init: kill and reap those. Repeated, because each
 * death hands over that process's own children. */
static void reap_orphans(void)
{
    pid_t found[MAX_ORPHANS];
    for (int round = 0; round < 1000; round++) {
        int n = list_orphans(found, MAX_ORPHANS);
        if (n == 0)
            return;
        for (int i = 0; i < n; i++) {
            kill(found[i], SIGKILL);
            while (waitpid(found[i], NULL, 0) < 0 && errno == EINTR)
                ;
        }
    }
}

/* Ends every child and, through them, every descendant: each group is
 * killed while its leader is still unreaped (so its id cannot have been
 * reused), and each death hands that process's children to hexref (the
 * subreaper), which finds them in the next round. Done when hexref has no
 * child left, i.e. no descendant at all. Async-signal-safe: it runs in the
 * handler of INT, TERM and HUP. Bounded, for a process stuck in the kernel. */
static void end_all_children(void)
{
    pid_t found[MAX_ORPHANS];
    for (int round = 0; round < 2000; round++) {
        int n = list_children(found, MAX_ORPHANS);
        if (n == 0)
            return;
        for (int i = 0; i < n; i++) {
            kill(-found[i], SIGKILL);
            kill(found[i], SIGKILL);
        }
        int reaped = 0;
        while (waitpid(-1, NULL, WNOHANG) > 0)
            reaped++;
        if (!reaped) {
            struct timespec ts = {0, 5000000};
            nanosleep(&ts, NULL);
        }
    }
}

static void on_ending_signal(int sig)
{
    end_all_children();
    _exit(128 + sig);
}

void hx_proc_guard_signals(void)
{
    static int installed; /* the handlers are the process's: installed once */
    if (installed)
        return;
    installed = 1;
    prctl(PR_SET_CHILD_SUBREAPER, 1); /* see reap_orphans */
    static const int ending[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_ending_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++)
        sigaddset(&sa.sa_mask, ending[i]); /* one handler at a time */
    for (int i = 0; i < 3; i++) {
        struct sigaction old;
        /* A signal ignored at start stays ignored (nohup, a background job). */
        if (sigaction(ending[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(ending[i], &sa, NULL);
    }
}

double hx_proc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Both ends close on exec, so one engine's pipes never leak into the next
 * engine (a leaked write end would keep a pipe from ever reaching EOF). */
static int make_pipe(int fd[2])
{
    if (pipe(fd) != 0)
        return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

static void close_pair(int fd[2])
{
    close_fd(&fd[0]);
    close_fd(&fd[1]);
}

static void run_child(char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd)
{
    setpgid(0, 0);
    /* hexref ignores SIGPIPE; an ignored signal would stay ignored across exec. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &sa, NULL);
    if (in_fd < 0)
        in_fd = open("/dev/null", O_RDONLY);
    if (in_fd < 0 || dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
        _exit(126);
    execve(argv[0], argv, envp);
    static const char msg[] = "hexref: cannot execute the engine's shell\n";
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    (void)ignored;
    _exit(127);
}

int hx_proc_start(hx_proc *p, char *const argv[], char *const envp[], int with_stdin,
                  hx_error *err)
{
    memset(p, 0, sizeof *p);
    p->in_fd = p->out_fd = p->err_fd = -1;
    hx_proc_guard_signals();
    int in[2] = {-1, -1}, out[2] = {-1, -1}, er[2] = {-1, -1};
    if ((with_stdin && make_pipe(in) != 0) || make_pipe(out) != 0 || make_pipe(er) != 0) {
        snprintf(err->message, sizeof err->message, "cannot create pipes: %s", strerror(errno));
        close_pair(in), close_pair(out), close_pair(er);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err->message, sizeof err->message, "cannot fork: %s", strerror(errno));
        close_pair(in), close_pair(out), close_pair(er);
        return -1;
    }
    if (pid == 0)
        run_child(argv, envp, in[0], out[1], er[1]);
    setpgid(pid, pid); /* also in the parent: no window where a kill misses it */
    set_live(pid, 1);
    close_fd(&in[0]), close_fd(&out[1]), close_fd(&er[1]);
    p->pid = pid;
    p->in_fd = in[1], p->out_fd = out[0], p->err_fd = er[0];
    for (int i = 0; i < 3; i++) {
        int fd = i == 0 ? p->in_fd : i == 1 ? p->out_fd : p->err_fd;
        if (fd >= 0)
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    return 0;
}

void hx_proc_reset_counts(hx_proc *p)
{
    p->total = 0;
    p->err_len = 0;
    p->err_dropped = 0;
    p->err_tail_pos = 0;
    p->err_text[0] = '\0';
}

static int read_stdout(hx_proc *p)
{
    if (p->start > 0) { /* taken lines are no longer needed */
        memmove(p->buf, p->buf + p->start, p->len - p->start);
        p->len -= p->start;
        p->start = 0;
    }
    if (p->cap - p->len < CHUNK + 1) {
        char *nb = realloc(p->buf, p->len + CHUNK + 1);
        if (!nb)
            return -1;
        p->buf = nb;
        p->cap = p->len + CHUNK + 1;
    }
    ssize_t n = read(p->out_fd, p->buf + p->len, CHUNK);
    if (n > 0) {
        p->len += (size_t)n;
        p->total += (size_t)n;
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        p->out_eof = 1;
    }
    return 0;
}

static void read_stderr(hx_proc *p)
{
    char tmp[4096];
    ssize_t n = read(p->err_fd, tmp, sizeof tmp);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        p->err_eof = 1;
        return;
    }
    if (n < 0)
        return;
    size_t room = sizeof p->err_text - 1 - p->err_len;
    size_t take = (size_t)n < room ? (size_t)n : room;
    memcpy(p->err_text + p->err_len, tmp, take);
    p->err_len += take;
    p->err_text[p->err_len] = '\0';
    for (size_t i = take; i < (size_t)n; i++) { /* the rest: into the ring of the last bytes */
        p->err_tail[p->err_tail_pos] = tmp[i];
        p->err_tail_pos = (p->err_tail_pos + 1) % sizeof p->err_tail;
    }
    p->err_dropped += (size_t)n - take;
}

void hx_proc_drain_stderr(hx_proc *p)
{
    for (int reads = 0; reads < 64 && !p->err_eof && p->err_fd >= 0; reads++) {
        struct pollfd fd = {p->err_fd, POLLIN, 0};
        if (poll(&fd, 1, 0) <= 0 || !(fd.revents & (POLLIN | POLLHUP | POLLERR)))
            return;
        read_stderr(p);
    }
}

void hx_proc_stderr(const hx_proc *p, char *out, size_t cap)
{
    size_t tail = p->err_dropped < sizeof p->err_tail ? p->err_dropped : sizeof p->err_tail;
    size_t from = (p->err_tail_pos + sizeof p->err_tail - tail) % sizeof p->err_tail;
    char last[HX_PROC_ERR_TAIL + 1];
    for (size_t i = 0; i < tail; i++)
        last[i] = p->err_tail[(from + i) % sizeof p->err_tail];
    last[tail] = '\0';
    const char *text = last;
    if (p->err_dropped > tail) { /* a gap: start the tail at a line */
        const char *nl = memchr(last, '\n', tail);
        if (nl && nl[1])
            text = nl + 1;
    }
    size_t skipped = p->err_dropped - strlen(text);
    if (skipped)
        snprintf(out, cap, "%s%s[... %zu bytes of stderr left out ...]\n%s", p->err_text,
                 p->err_len && p->err_text[p->err_len - 1] != '\n' ? "\n" : "", skipped, text);
    else
        snprintf(out, cap, "%s%s", p->err_text, text);
}

/* Waits for output until the deadline and reads what came. Returns 1 if
 * something happened (or nothing is left to wait for), 0 on timeout, -1 if
 * out of memory. stderr is always drained so the program never blocks on it. */
static int pump(hx_proc *p, double deadline)
{
    double left = deadline - hx_proc_now();
    if (left <= 0)
        return 0;
    struct pollfd fds[2];
    int n = 0;
    if (!p->out_eof && p->out_fd >= 0)
        fds[n++] = (struct pollfd){p->out_fd, POLLIN, 0};
    if (!p->err_eof && p->err_fd >= 0)
        fds[n++] = (struct pollfd){p->err_fd, POLLIN, 0};
    int ms = left > 1.0 ? 1000 : (int)(left * 1000) + 1;
    if (n == 0) {
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
        return 1;
    }
    int r = poll(fds, (nfds_t)n, ms);
    if (r <= 0)
        return r < 0 && errno != EINTR ? 0 : 1;
    for (int i = 0; i < n; i++) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        if (fds[i].fd == p->out_fd) {
            if (read_stdout(p) != 0)
                return -1;
        } else {
            read_stderr(p);
        }
    }
    return 1;
}

static int write_all(hx_proc *p, const char *s, double deadline)
{
    size_t left = strlen(s);
    while (left > 0) {
        if (p->in_fd < 0)
            return HX_WRITE_CLOSED;
        if (hx_proc_now() >= deadline)
            return HX_WRITE_TIMEOUT;
        ssize_t n = write(p->in_fd, s, left);
        if (n > 0) {
            s += n;
            left -= (size_t)n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            return HX_WRITE_CLOSED; /* EPIPE: the program is gone or closed its stdin */
        struct pollfd fd = {p->in_fd, POLLOUT, 0};
        poll(&fd, 1, 10);
    }
    return HX_WRITE_OK;
}

/* Writes with SIGPIPE ignored, so that a dead program gives EPIPE instead
 * of ending hexref; the caller's disposition is restored afterwards (a
 * SIGPIPE raised while ignored is discarded, not left pending). */
int hx_proc_write(hx_proc *p, const char *s, double deadline)
{
    struct sigaction ignore, saved;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &saved);
    int rc = write_all(p, s, deadline);
    sigaction(SIGPIPE, &saved, NULL);
    return rc;
}

int hx_proc_read_line(hx_proc *p, double deadline, size_t cap, char **line, size_t *len)
{
    for (;;) {
        char *from = p->buf ? p->buf + p->start : NULL;
        char *nl = from ? memchr(from, '\n', p->len - p->start) : NULL;
        if (nl || (p->out_eof && p->len > p->start)) {
            char *end = nl ? nl : p->buf + p->len; /* buf always has room for the NUL */
            *end = '\0';
            p->start = (size_t)(end - p->buf) + (nl ? 1 : 0);
            if (end > from && end[-1] == '\r')
                *--end = '\0';
            *line = from;
            *len = (size_t)(end - from);
            return HX_LINE_OK;
        }
        if (p->out_eof)
            return HX_LINE_EOF;
        if (p->total > cap)
            return HX_LINE_CAP;
        int r = pump(p, deadline);
        if (r == 0)
            return HX_LINE_TIMEOUT;
        if (r < 0)
            return HX_LINE_ERROR;
    }
}

/* Reaps the leader after killing what is left of its group: while the
 * leader is an unreaped zombie its group id cannot be reused, so the kill
 * cannot hit an unrelated process. */
static void reap(hx_proc *p)
{
    kill(-p->pid, SIGKILL);
    while (waitpid(p->pid, &p->wstatus, 0) < 0 && errno == EINTR)
        ;
    p->exited = 1;
    set_live(p->pid, 0);
    reap_orphans();
}

int hx_proc_wait(hx_proc *p, double deadline)
{
    while (p->pid > 0 && !p->exited) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            si.si_pid == p->pid) {
            reap(p);
            break;
        }
        double now = hx_proc_now();
        if (now >= deadline)
            return -1;
        double step = now + 0.02 < deadline ? now + 0.02 : deadline;
        if (pump(p, step) < 0)
            return -1;
    }
    return 0;
}

void hx_proc_stop(hx_proc *p)
{
    if (p->pid > 0 && !p->exited) {
        kill(p->pid, SIGKILL);
        reap(p);
    }
    close_fd(&p->in_fd);
    close_fd(&p->out_fd);
    close_fd(&p->err_fd);
    free(p->buf);
    p->buf = NULL;
    p->start = p->len = p->cap = 0;
}

void hx_proc_describe_exit(int wstatus, char *out, size_t cap)
{
    int code = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 0;
    if (WIFEXITED(wstatus) && code > 128 && code < 160) /* how sh reports a killed child */
        snprintf(out, cap, "exited with status %d (128+%d: a process killed by signal %d, %s)",
                 code, code - 128, code - 128, strsignal(code - 128));
    else if (WIFEXITED(wstatus))
        snprintf(out, cap, "exited with status %d%s", code,
                 code == 127 ? " (command not found?)" : code == 126 ? " (not executable?)" : "");
    else if (WIFSIGNALED(wstatus))
        snprintf(out, cap, "killed by signal %d (%s)", WTERMSIG(wstatus),
                 strsignal(WTERMSIG(wstatus)));
    else
        snprintf(out, cap, "ended with wait status %d", wstatus);
}
