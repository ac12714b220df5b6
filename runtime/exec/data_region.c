/* data_region.c - the entry points of the data directives (lsc.h, "Data regions"), on rank 0, the only rank
 * that runs the program's own code. Each keeps the present table; a directive that names a range no region
 * holds (or one that half-overlaps a held one) is a mistake in the program, reported with the directive's
 * place and the item's name. Every loop still brings what it writes back to rank 0, so rank 0's memory is
 * always current and update has nothing to move. */
#include "data/present.h"
#include "fatal.h"

#include "lsc.h"

#include <stdio.h>

static lsc_present_table present;

static const char *kind_name(int kind) {
  static const char *const names[] = {"copy", "copyin", "copyout", "create", "delete", "host", "workers"};
  return kind >= 0 && kind <= LSC_DATA_WORKERS ? names[kind] : "?";
}

static void check_site(const lsc_data_site *site, const char *what) {
  if (!site || site->magic != LSC_DATA_SITE_MAGIC || site->abi != LSC_ABI_VERSION)
    lsc_fatal("%s: not a valid lsc_data_site (magic or ABI version %d)", what, LSC_ABI_VERSION);
}

static void refuse(const lsc_data_site *site, const char *directive, const lsc_data_item *it,
                   const char *why) {
  lsc_fatal("%s:%d: %s %s(%s): %s", site->file, site->line, directive, kind_name(it->kind), it->name, why);
}

void lsc_data_enter(const lsc_data_site *site, const lsc_data_item *items, int n) {
  check_site(site, "lsc_data_enter");
  for (int i = 0; i < n; i++) {
    lsc_present_status st = lsc_present_enter(&present, items[i].base, items[i].bytes, items[i].name);
    if (st == LSC_PRESENT_OVERLAP)
      refuse(site, "data", &items[i],
             "its elements overlap an array another region holds, without being the same elements");
    if (st == LSC_PRESENT_NO_MEMORY)
      lsc_fatal("out of memory for the present table");
  }
}

void lsc_data_exit(const lsc_data_site *site, const lsc_data_item *items, int n) {
  check_site(site, "lsc_data_exit");
  for (int i = 0; i < n; i++)
    if (lsc_present_exit(&present, items[i].base, items[i].bytes) != LSC_PRESENT_OK)
      refuse(site, "exit data", &items[i], "no data region holds these elements");
}

void lsc_data_update(const lsc_data_site *site, const lsc_data_item *items, int n) {
  check_site(site, "lsc_data_update");
  for (int i = 0; i < n; i++)
    if (!lsc_present_find(&present, items[i].base, items[i].bytes))
      refuse(site, "update", &items[i], "no data region holds these elements; update works inside a region");
}

int lsc_data_present(const void *base, size_t bytes) {
  return lsc_present_find(&present, base, bytes) != NULL;
}
