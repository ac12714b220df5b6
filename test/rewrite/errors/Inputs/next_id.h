/* A helper in a header, as libraries ship them: a static inline function with a static local counter. */
#ifndef NEXT_ID_H
#define NEXT_ID_H
static inline int next_id(void) {
  static int id;
  return ++id;
}
#endif
