/* body_scan.h - the variables step: one walk over the loop body that fills the result's variables, their
 * uses, the array accesses and the inner loop frames, and refuses what a single construct rules out (jumps
 * out of the loop, writes to the induction variable, pointer values, forbidden calls and updates). */
#ifndef LSC_REWRITE_ANALYSE_BODY_SCAN_H
#define LSC_REWRITE_ANALYSE_BODY_SCAN_H

#include "analyse/result.h"

void scan_body(analysis *an);

#endif
