/* data_region.c - the entry points of the data directives (lsc.h, "Data regions"), on rank 0, the only rank
 * that runs the program's own code. Each keeps the present table; a directive that names a range no region
 * holds (or one that half-overlaps a held one) is a mistake in the program, reported with the directive's
 * place and the item's name. A range's first enter starts its data directory (exec/region.h), where the
 * loops leave what they write on the ranks that computed it; its last exit and `update host` bring the
 * newest bytes home to rank 0, and `update workers` makes rank 0's bytes the newest again. */
#include "data/present.h"
#include "exec/region.h"
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
    int fresh = !lsc_present_find(&present, items[i].base, items[i].bytes);
    lsc_present_status st = lsc_present_enter(&present, items[i].base, items[i].bytes, items[i].name);
    if (st == LSC_PRESENT_OVERLAP)
      refuse(site, "data", &items[i],
             "its elements overlap an array another region holds, without being the same elements");
    if (st == LSC_PRESENT_NO_MEMORY || (fresh && lsc_region_track(items[i].base, items[i].bytes) != 0))
      lsc_fatal("out of memory for the present table");
  }
}

int lsc_data_enter_inferred(const lsc_data_site *site, const lsc_data_item *items, int n) {
  check_site(site, "lsc_data_enter_inferred");
  for (int i = 0; i < n; i++) {
    const lsc_present_range *r = lsc_present_overlapping(&present, items[i].base, items[i].bytes);
    if (r && !(r->base == (uintptr_t)items[i].base && r->bytes == items[i].bytes))
      return 0;
  }
  lsc_data_enter(site, items, n);
  return 1;
}

void lsc_data_exit(const lsc_data_site *site, const lsc_data_item *items, int n) {
  check_site(site, "lsc_data_exit");
  for (int i = 0; i < n; i++) {
    const lsc_present_range *r = lsc_present_find(&present, items[i].base, items[i].bytes);
    int last = r && r->holders == 1 && r->base == (uintptr_t)items[i].base && r->bytes == items[i].bytes;
    if (lsc_present_exit(&present, items[i].base, items[i].bytes) != LSC_PRESENT_OK)
      refuse(site, "exit data", &items[i], "no data region holds these elements");
    if (last)
      lsc_region_untrack(items[i].base, items[i].bytes);
  }
}

void lsc_data_update(const lsc_data_site *site, const lsc_data_item *items, int n) {
  check_site(site, "lsc_data_update");
  for (int i = 0; i < n; i++) {
    if (!lsc_present_find(&present, items[i].base, items[i].bytes))
      refuse(site, "update", &items[i], "no data region holds these elements; update works inside a region");
    if (items[i].kind == LSC_DATA_WORKERS)
      lsc_region_reset(items[i].base, items[i].bytes);
    else
      lsc_region_home(items[i].base, items[i].bytes);
  }
}

void lsc_data_touch(const void *base, size_t bytes) {
  lsc_region_touch(base, bytes);
}

int lsc_data_present(const void *base, size_t bytes) {
  return lsc_present_find(&present, base, bytes) != NULL;
}
