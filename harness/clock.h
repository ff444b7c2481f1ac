/*
 * clock.h - the one monotonic clock of the harness and the command line.
 */
#ifndef HEXREF_HARNESS_CLOCK_H
#define HEXREF_HARNESS_CLOCK_H

/* Seconds on a monotonic clock (CLOCK_MONOTONIC); only differences mean anything. */
double hx_now(void);

#endif
