/* Pragma macros as a project would share them in a header: used in the .c file, they mark its loops. */
#ifndef LSC_MACROS_H
#define LSC_MACROS_H
#define LSC_PRAGMA(words) _Pragma(#words)
#define LSC_PARALLEL_FOR(sched) LSC_PRAGMA(lsc parallel for schedule(sched))
#endif
