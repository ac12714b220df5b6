/* The project's pragma macro: a file that uses it has lsc pragmas without spelling one. */
#define PAR _Pragma("lsc parallel for")
