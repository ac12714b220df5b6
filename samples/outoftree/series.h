/* Problem size of series.c; a header beside the source, so builds must keep `#include "series.h"` working
 * after the file is rewritten into a build folder. */
#ifndef SERIES_H
#define SERIES_H

#ifndef ROWS
#define ROWS 2000
#endif
#define BASE_TERMS 20000

#endif
