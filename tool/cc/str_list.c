#include "str_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *xrealloc(void *old, size_t size) {
  void *fresh = realloc(old, size ? size : 1);
  if (!fresh) {
    /* A compiler driver that cannot allocate a few hundred bytes has nothing sensible left to do. */
    fputs("lsc-cc: error: out of memory\n", stderr);
    exit(1);
  }
  return fresh;
}

char *str_copy(const char *text) {
  size_t length = strlen(text);
  char *copy = xrealloc(NULL, length + 1);
  memcpy(copy, text, length + 1);
  return copy;
}

char *str_concat(const char *first, const char *second) {
  size_t first_length = strlen(first), second_length = strlen(second);
  char *joined = xrealloc(NULL, first_length + second_length + 1);
  memcpy(joined, first, first_length);
  memcpy(joined + first_length, second, second_length + 1);
  return joined;
}

void str_list_push(str_list *list, const char *text) {
  if (list->count + 1 >= list->capacity) {
    list->capacity = list->capacity ? list->capacity * 2 : 8;
    list->items = xrealloc(list->items, list->capacity * sizeof *list->items);
  }
  list->items[list->count++] = str_copy(text);
  list->items[list->count] = NULL;
}

void str_list_push_all(str_list *list, const str_list *other) {
  for (size_t i = 0; i < other->count; i++)
    str_list_push(list, other->items[i]);
}

void str_list_free(str_list *list) {
  for (size_t i = 0; i < list->count; i++)
    free(list->items[i]);
  free(list->items);
  list->items = NULL;
  list->count = list->capacity = 0;
}
