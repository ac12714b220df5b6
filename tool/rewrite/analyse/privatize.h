/* privatize.h - the private-scalar step: for each scalar the body writes, whether a read may see another
 * iteration's value, whether every iteration writes it, and whether the function reads it after the loop. */
#ifndef LSC_REWRITE_ANALYSE_PRIVATIZE_H
#define LSC_REWRITE_ANALYSE_PRIVATIZE_H

#include "analyse/result.h"

/* Fills exposed, must_written and live_after of the scalars the body writes; after the walk (body_scan.c). */
void find_private_scalars(analysis *an);

#endif
