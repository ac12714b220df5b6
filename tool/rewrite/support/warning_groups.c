/* warning_groups.c - the table of warning_groups.h, spelled out once. */
#include "support/warning_groups.h"

#include <string.h>

const warning_group_info warning_groups[WARN_GROUP_COUNT] = {
#define LSC_WARNING_INFO(e, name, what) [e] = {name, what},
    LSC_WARNING_GROUPS(LSC_WARNING_INFO)
#undef LSC_WARNING_INFO
};

warning_group warning_group_named(const char *name) {
  for (int g = 0; g < WARN_GROUP_COUNT; g++)
    if (strcmp(name, warning_groups[g].name) == 0)
      return (warning_group)g;
  return WARN_NONE;
}
