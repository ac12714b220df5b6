/* Running and showing the commands lsc-cc drives. */
#ifndef LSC_CC_COMMAND_H
#define LSC_CC_COMMAND_H

#include <stdio.h>

/* One line, each word quoted for a POSIX shell when it needs it, so --show output can be pasted back. */
void print_command(FILE *out, char *const *argv);

/* Runs argv[0] (searched in PATH) and waits. Returns its exit status, 128 + the signal that killed it, or
 * 127 (with a message) when it cannot be started. Ctrl-C reaches the child; lsc-cc outlives it so it can
 * remove its temporary files. */
int run_command(char *const *argv);

#endif
