/* subscript_check.c - the checked run (LSC_CHECK_BOUNDS, lsc.h): the flag lsc_subscript reads, and its
 * error. A subscript outside its dimension breaks the rule a proof rested on, so the run cannot be trusted:
 * the program stops, naming the place, the array, the subscript and its value. Also the check, always on,
 * that a reduction section of run-time length fits the array's declared size (it costs one compare per
 * loop instance). */
#include "fatal.h"

#include "lsc.h"

#include <ctype.h>
#include <stdio.h>

int lsc_check_bounds = 0;

void lsc_subscript_outside(int64_t value, int64_t dim, const lsc_subscript_site *where) {
  /* A dimension spelled by a name or an expression gets its value too: "[0, NJ) (NJ = 70)". */
  char value_of[96] = "";
  const char *c = where->dim;
  while (isdigit((unsigned char)*c))
    c++;
  if (*c)
    snprintf(value_of, sizeof value_of, " (%s = %lld)", where->dim, (long long)dim);
  lsc_fatal("%s:%d: subscript '%s' (%lld) of '%s' is outside its dimension [0, %s)%s; lsc proved this loop "
            "parallel by C's rule that subscripts stay inside their dimension",
            where->file, where->line, where->subscript, (long long)value, where->array, where->dim, value_of);
}

void lsc_section_outside(int64_t len, int64_t declared, const lsc_subscript_site *where) {
  lsc_fatal("%s:%d: the section '%s[0:%s]' of the reduction has %lld elements; '%s' is declared with %lld",
            where->file, where->line, where->array, where->subscript, (long long)len, where->array,
            (long long)declared);
}
