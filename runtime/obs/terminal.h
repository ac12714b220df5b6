/* terminal.h - where LSC_PROGRESS=1 may draw its line: rank 0's stderr when it is a terminal, else, under an
 * MPI launcher, the controlling terminal when the launcher's own stderr is that terminal (the user did not
 * redirect it), else nowhere. */
#ifndef LSC_OBS_TERMINAL_H
#define LSC_OBS_TERMINAL_H

#include <stdio.h>

/* The stream to draw on, or NULL; decided once per process. launched: an MPI launcher started this process.
 */
FILE *lsc_progress_terminal(int launched);

/* The rule itself, for the tests: whether a process whose stderr is not a terminal may write to its
 * controlling terminal, given the launcher flag, whether its stderr is a pipe, its controlling terminal's
 * device number (0: none) and its parent's stderr (is a character device, its device number). */
int lsc_terminal_allowed(int launched, int stderr_is_pipe, unsigned long long tty, int parent_is_chr,
                         unsigned long long parent_rdev);

#endif
