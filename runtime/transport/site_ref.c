#include "transport/site_ref.h"

#include <link.h>
#include <stddef.h>

/* FNV-1a over the file name and the line: cheap, and a different site has a different value in practice. */
uint64_t lsc_site_check(const lsc_site *site) {
  uint64_t h = 1469598103934665603ULL;
  for (const char *p = site->file ? site->file : ""; *p; p++)
    h = (h ^ (unsigned char)*p) * 1099511628211ULL;
  for (int i = 0; i < 4; i++)
    h = (h ^ ((unsigned)site->line >> (8 * i) & 0xff)) * 1099511628211ULL;
  return h;
}

typedef struct module_search {
  uintptr_t address; /* find: the site's address; resolve: filled in */
  lsc_site_ref ref;
  int64_t index;
  int found;
} module_search;

static int segment_holds(const struct dl_phdr_info *info, uintptr_t address, size_t bytes) {
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && address >= start && address - start + bytes <= ph->p_memsz)
      return 1;
  }
  return 0;
}

static int find_module(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  module_search *s = data;
  if (segment_holds(info, s->address, sizeof(lsc_site))) {
    s->ref.module = s->index;
    s->ref.offset = (uint64_t)(s->address - info->dlpi_addr);
    s->found = 1;
    return 1;
  }
  s->index++;
  return 0;
}

int lsc_site_ref_of(const lsc_site *site, lsc_site_ref *out) {
  module_search s = {(uintptr_t)site, {0, 0, 0}, 0, 0};
  dl_iterate_phdr(find_module, &s);
  if (!s.found)
    return -1;
  *out = s.ref;
  out->check = lsc_site_check(site);
  return 0;
}

static int locate_in_module(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  module_search *s = data;
  if (s->index++ != s->ref.module)
    return 0;
  uintptr_t address = info->dlpi_addr + (uintptr_t)s->ref.offset;
  if (segment_holds(info, address, sizeof(lsc_site))) {
    s->address = address;
    s->found = 1;
  }
  return 1;
}

const lsc_site *lsc_site_resolve(const lsc_site_ref *ref, const char **why) {
  module_search s = {0, *ref, 0, 0};
  dl_iterate_phdr(locate_in_module, &s);
  if (!s.found) {
    *why = "no loaded module holds that address";
    return NULL;
  }
  const lsc_site *site = (const lsc_site *)s.address;
  int magic_ok = site->magic == LSC_SITE_MAGIC || site->magic == LSC_PIPELINE_SITE_MAGIC;
  if (!magic_ok || site->abi != LSC_ABI_VERSION || lsc_site_check(site) != ref->check) {
    *why = "the address does not hold the same loop site (is every rank running the same executable?)";
    return NULL;
  }
  return site;
}
