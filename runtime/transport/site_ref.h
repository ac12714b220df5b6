/* site_ref.h - naming a loop site so that another process of the same program finds its own copy.
 *
 * A site is static const data, so each process has it at (load address of its module + a fixed offset); only
 * the load address differs between processes (ASLR, PIE, liblsc.so). The reference is the module's position
 * in dl_iterate_phdr order plus the offset, and a check hash of the site's file and line that the receiver
 * verifies, so a mismatch is reported instead of running the wrong body. Nothing has to register sites at
 * start-up (with liblsc.so, liblsc's constructor runs before the program's own constructors).
 */
#ifndef LSC_TRANSPORT_SITE_REF_H
#define LSC_TRANSPORT_SITE_REF_H

#include "lsc.h"

#include <stdint.h>

typedef struct lsc_site_ref {
  int64_t module;
  uint64_t offset;
  uint64_t check;
} lsc_site_ref;

uint64_t lsc_site_check(const lsc_site *site);
/* 0 and *out filled, -1 when the address is in no loaded module. */
int lsc_site_ref_of(const lsc_site *site, lsc_site_ref *out);
/* The local site the reference names, or NULL (with why set) when it does not name a valid site here. A
 * pipelined nest's site (LSC_PIPELINE_SITE_MAGIC) resolves too: its lsc_site comes first. */
const lsc_site *lsc_site_resolve(const lsc_site_ref *ref, const char **why);

#endif
