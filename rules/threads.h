/*
 * threads.h - the POSIX thread calls the library makes, or, in a build
 * without threads (HEXREF_NO_THREADS: the WebAssembly package, whose
 * target has no pthread.h), single-threaded stand-ins of the same names.
 *
 * The stand-ins keep every caller as it is: a once-flag runs its function
 * on the first call, a mutex has nothing to exclude, and pthread_create
 * fails as it may on any system (EAGAIN), so hx_perft_deep counts on the
 * calling thread alone, as it already does when no thread can be started.
 */
#ifndef HEXREF_THREADS_H
#define HEXREF_THREADS_H

#ifndef HEXREF_NO_THREADS
#include <pthread.h>
#else
#include <errno.h>

typedef int pthread_once_t;
#define PTHREAD_ONCE_INIT 0
static inline int pthread_once(pthread_once_t *done, void (*run)(void))
{
    if (!*done) {
        *done = 1;
        run();
    }
    return 0;
}

typedef int pthread_mutex_t;
static inline int pthread_mutex_init(pthread_mutex_t *m, const void *attr)
{
    (void)attr;
    *m = 0;
    return 0;
}
static inline int pthread_mutex_lock(pthread_mutex_t *m) { return (void)m, 0; }
static inline int pthread_mutex_unlock(pthread_mutex_t *m) { return (void)m, 0; }
static inline int pthread_mutex_destroy(pthread_mutex_t *m) { return (void)m, 0; }

typedef int pthread_t;
static inline int pthread_create(pthread_t *id, const void *attr, void *(*run)(void *), void *arg)
{
    (void)id, (void)attr, (void)run, (void)arg;
    return EAGAIN;
}
static inline int pthread_join(pthread_t id, void **result)
{
    (void)id, (void)result;
    return 0;
}
#endif

#endif
