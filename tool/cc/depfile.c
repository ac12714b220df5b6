#include "depfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of -MF (separate or joined), or NULL. */
static const char *dependency_file_flag(const cc_options *options) {
  const char *found = NULL;
  for (size_t i = 0; i < options->item_count; i++) {
    const str_list *words = &options->items[i].words;
    if (options->items[i].kind != CC_ITEM_COMPILE_FLAG || strncmp(words->items[0], "-MF", 3) != 0)
      continue;
    found = words->items[0][3] ? words->items[0] + 3 : words->count > 1 ? words->items[1] : NULL;
  }
  return found;
}

static int has_flag(const cc_options *options, const char *flag) {
  for (size_t i = 0; i < options->item_count; i++)
    if (options->items[i].kind == CC_ITEM_COMPILE_FLAG && strcmp(options->items[i].words.items[0], flag) == 0)
      return 1;
  return 0;
}

char *dependency_file_of(const cc_options *options, const char *output) {
  int alongside = has_flag(options, "-MD") || has_flag(options, "-MMD"); /* written next to the object */
  int instead = has_flag(options, "-M") || has_flag(options, "-MM");     /* written instead of compiling */
  if (!alongside && !instead)
    return NULL;
  const char *named = dependency_file_flag(options);
  if (named)
    return str_copy(named);
  if (!output)
    return NULL;
  if (instead)
    return str_copy(output);
  /* As the compiler does: the object's name with its suffix replaced by .d. */
  char *base = str_copy(output);
  char *dot = strrchr(base, '.');
  char *slash = strrchr(base, '/');
  if (dot && (!slash || dot > slash))
    *dot = '\0';
  char *path = str_concat(base, ".d");
  free(base);
  return path;
}

static char *read_whole(FILE *file, size_t *length) {
  char *text = NULL;
  size_t capacity = 0, got;
  *length = 0;
  do {
    if (*length == capacity) {
      capacity = capacity ? capacity * 2 : 4096;
      text = xrealloc(text, capacity + 1);
    }
    got = fread(text + *length, 1, capacity - *length, file);
    *length += got;
  } while (got > 0);
  text[*length] = '\0';
  return text;
}

/* A file name as the compiler spells it in a make rule: blanks and # behind a backslash, $ doubled. */
static char *as_make_word(const char *name) {
  char *word = xrealloc(NULL, 2 * strlen(name) + 1), *out = word;
  for (; *name; name++) {
    if (*name == ' ' || *name == '\t' || *name == '#')
      *out++ = '\\';
    else if (*name == '$')
      *out++ = '$';
    *out++ = *name;
  }
  *out = '\0';
  return word;
}

static int replace_in_file(const char *path, const char *copy, const char *original);

int name_original_in_dependency_file(const char *path, const char *copy, const char *original) {
  char *copy_word = as_make_word(copy), *original_word = as_make_word(original);
  int status = replace_in_file(path, copy_word, original_word);
  free(copy_word);
  free(original_word);
  return status;
}

static int replace_in_file(const char *path, const char *copy, const char *original) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "lsc-cc: error: cannot read dependency file '%s': %s\n", path, strerror(errno));
    return -1;
  }
  size_t length;
  char *text = read_whole(file, &length);
  fclose(file);

  size_t copy_length = strlen(copy);
  str_list pieces = {0}; /* the text, cut at each occurrence of `copy` */
  const char *rest = text;
  for (const char *hit; (hit = strstr(rest, copy)); rest = hit + copy_length) {
    char *piece = str_copy(rest);
    piece[hit - rest] = '\0';
    str_list_push(&pieces, piece);
    free(piece);
  }
  int failed = 0;
  file = fopen(path, "wb");
  if (!file) {
    failed = 1;
  } else {
    for (size_t i = 0; i < pieces.count; i++)
      fprintf(file, "%s%s", pieces.items[i], original);
    fputs(rest, file);
    failed = fclose(file) != 0;
  }
  if (failed)
    fprintf(stderr, "lsc-cc: error: cannot rewrite dependency file '%s': %s\n", path, strerror(errno));
  str_list_free(&pieces);
  free(text);
  return failed ? -1 : 0;
}
