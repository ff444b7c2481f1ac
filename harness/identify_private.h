/*
 * identify_private.h - what the two files of the identify runner share:
 * identify.c runs and compares, identify_result.c makes the comparison
 * into rule points and checks.
 */
#ifndef HEXREF_HARNESS_IDENTIFY_PRIVATE_H
#define HEXREF_HARNESS_IDENTIFY_PRIVATE_H

#include "identify.h"

/* One run of the runner. */
typedef struct identify_run {
    const hx_identify_config *cfg;
    const hx_identify_observer *obs;
    hx_identify_result *r;
} identify_run;

/* Each returns 0, or -1 when out of memory. */
/* r->points: one per (topic, readings followed) that tells profiles apart. */
int identify_points(hx_identify_result *r);
/* r->checks: one per fixture against the closest profile. */
int identify_checks(hx_identify_result *r);
/* r->checks: the one error check of an engine that never answered usably. */
int identify_unusable_check(hx_identify_result *r);

#endif
