/* present.h - the present table of the data regions (lsc.h, "Data regions"): byte ranges of rank 0's memory
 * that enclosing regions hold, each with the number of regions holding it. Pure: no MPI. */
#ifndef LSC_DATA_PRESENT_H
#define LSC_DATA_PRESENT_H

#include <stddef.h>
#include <stdint.h>

typedef struct lsc_present_range {
  uintptr_t base;
  size_t bytes;
  int holders;      /* regions holding it */
  const char *name; /* the first item that made it present */
} lsc_present_range;

typedef struct lsc_present_table {
  lsc_present_range *ranges;
  size_t count, cap;
} lsc_present_table;

typedef enum lsc_present_status {
  LSC_PRESENT_OK,
  LSC_PRESENT_OVERLAP,     /* a range that overlaps a present one without being it      */
  LSC_PRESENT_NOT_PRESENT, /* an exit or update of a range no region holds              */
  LSC_PRESENT_NO_MEMORY
} lsc_present_status;

/* Enter: the range is held once more (added on its first holder). */
lsc_present_status lsc_present_enter(lsc_present_table *t, const void *base, size_t bytes, const char *name);
/* Exit: held once less, removed with its last holder. */
lsc_present_status lsc_present_exit(lsc_present_table *t, const void *base, size_t bytes);
/* The present range that contains [base, base + bytes) whole, or NULL. */
const lsc_present_range *lsc_present_find(const lsc_present_table *t, const void *base, size_t bytes);
/* The present range that overlaps [base, base + bytes), or NULL (for messages). */
const lsc_present_range *lsc_present_overlapping(const lsc_present_table *t, const void *base, size_t bytes);
void lsc_present_free(lsc_present_table *t);

#endif
