/* A stringizing pragma macro: it makes a pragma of whatever words it is given. */
#define DO_PRAGMA(words) _Pragma(#words)
