/*
 * clock.c - the monotonic clock (clock.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "clock.h"

#include <time.h>

double hx_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
