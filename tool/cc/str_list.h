/* A growable list of owned strings: the argument vectors lsc-cc builds and runs. */
#ifndef LSC_CC_STR_LIST_H
#define LSC_CC_STR_LIST_H

#include <stddef.h>

typedef struct str_list {
  char **items; /* NULL-terminated, so it can be handed to execvp as is */
  size_t count;
  size_t capacity;
} str_list;

void str_list_push(str_list *list, const char *text);
void str_list_push_all(str_list *list, const str_list *other);
void str_list_free(str_list *list);

/* A new string: the concatenation of the parts. Aborts on out-of-memory, like every allocation here. */
char *str_concat(const char *first, const char *second);
char *str_copy(const char *text);
void *xrealloc(void *old, size_t size);

#endif
