/* warning_groups.h - every warning lsc-rewrite can give, by the name that -W<name>, -Wno-<name>,
 * -Werror=<name> and -Wno-error=<name> take (printed as `[-W<name>]` after the message, as clang does).
 * One row per group: WARNING_GROUP(ENUM, "name", "what it warns about"); the names start with `lsc-` so that
 * lsc-cc can tell them from the compiler's own warning flags. */
#ifndef LSC_REWRITE_WARNING_GROUPS_H
#define LSC_REWRITE_WARNING_GROUPS_H

#define LSC_WARNING_GROUPS(WARNING_GROUP)                                                                    \
  WARNING_GROUP(WARN_UNUSED_CLAUSE_ITEM, "lsc-unused-clause-item",                                           \
                "a variable or function named in a clause that the loop never uses")                         \
  WARNING_GROUP(WARN_IO_IN_LOOP, "lsc-io-in-loop", "a call that does I/O from a parallel loop's body")       \
  WARNING_GROUP(WARN_ENDLESS_LOOP, "lsc-endless-loop",                                                       \
                "a loop header whose condition never becomes false (stopped at run time)")                   \
  WARNING_GROUP(WARN_IV_OVERFLOW, "lsc-iv-overflow",                                                         \
                "a signed induction variable whose header constants overflow its type")                      \
  WARNING_GROUP(WARN_GLOBAL_POINTERS, "lsc-global-pointers",                                                 \
                "a global table of pointers that workers use as initialised at start-up")                    \
  WARNING_GROUP(WARN_COMPILE_DB, "lsc-compile-db", "a file missing from compile_commands.json")

typedef enum warning_group {
  WARN_NONE = -1,
#define LSC_WARNING_ENUM(e, name, what) e,
  LSC_WARNING_GROUPS(LSC_WARNING_ENUM)
#undef LSC_WARNING_ENUM
      WARN_GROUP_COUNT
} warning_group;

typedef struct warning_group_info {
  const char *name, *what;
} warning_group_info;

extern const warning_group_info warning_groups[WARN_GROUP_COUNT];

/* The group called `name` (without -W), or WARN_NONE. */
warning_group warning_group_named(const char *name);

#endif
