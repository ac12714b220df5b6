/* compile_db.h - compiler flags for a file from a build's compile_commands.json (-p <build dir>). */
#ifndef LSC_REWRITE_COMPILE_DB_H
#define LSC_REWRITE_COMPILE_DB_H

#include <stddef.h>

typedef struct compile_flags {
  char **args; /* the flags that matter to parsing: no compiler name, -c, -o X, source file or -- */
  size_t count, cap;
  char *directory; /* where the command runs; relative -I paths are relative to it */
} compile_flags;

typedef enum compile_db_status {
  COMPILE_DB_FOUND,
  COMPILE_DB_NO_ENTRY,
  COMPILE_DB_UNREADABLE
} compile_db_status;

/* abs_path must be absolute (the database stores absolute or directory-relative names). */
compile_db_status compile_db_lookup(const char *build_dir, const char *abs_path, compile_flags *out);
void compile_flags_free(compile_flags *f);

#endif
