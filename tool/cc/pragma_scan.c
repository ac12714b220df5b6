#include "pragma_scan.h"

#include "str_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cursor {
  const char *text;
  size_t at, end;
} cursor;

static int is_identifier_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int looking_at(const cursor *cur, const char *word) {
  size_t length = strlen(word);
  return cur->end - cur->at >= length && memcmp(cur->text + cur->at, word, length) == 0;
}

/* Line splices go first, as in translation phase 2, so `#pra\<newline>gma` is still a pragma. */
static size_t remove_line_splices(char *text, size_t length) {
  size_t kept = 0;
  for (size_t i = 0; i < length; i++) {
    if (text[i] == '\\' && i + 1 < length && text[i + 1] == '\n') {
      i++;
      continue;
    }
    if (text[i] == '\\' && i + 2 < length && text[i + 1] == '\r' && text[i + 2] == '\n') {
      i += 2;
      continue;
    }
    text[kept++] = text[i];
  }
  return kept;
}

static void skip_comment(cursor *cur) {
  if (looking_at(cur, "//")) {
    while (cur->at < cur->end && cur->text[cur->at] != '\n')
      cur->at++;
    return;
  }
  cur->at += 2;
  while (cur->at < cur->end && !looking_at(cur, "*/"))
    cur->at++;
  cur->at = cur->at < cur->end ? cur->at + 2 : cur->end;
}

static int at_comment(const cursor *cur) {
  return looking_at(cur, "/*") || looking_at(cur, "//");
}

/* Whitespace and comments; newlines only when `cross_lines` (a directive ends at its newline). */
static void skip_blanks(cursor *cur, int cross_lines) {
  while (cur->at < cur->end) {
    char c = cur->text[cur->at];
    if (is_blank(c) || (cross_lines && c == '\n'))
      cur->at++;
    else if (at_comment(cur))
      skip_comment(cur);
    else
      return;
  }
}

/* A string or character literal, from its opening quote; an unterminated one ends at the newline. */
static void skip_literal(cursor *cur) {
  char quote = cur->text[cur->at++];
  while (cur->at < cur->end && cur->text[cur->at] != quote && cur->text[cur->at] != '\n')
    cur->at += cur->text[cur->at] == '\\' && cur->at + 1 < cur->end ? 2 : 1;
  if (cur->at < cur->end && cur->text[cur->at] == quote)
    cur->at++;
}

static int take_word(cursor *cur, const char *word) {
  size_t length = strlen(word);
  if (!looking_at(cur, word) ||
      (cur->at + length < cur->end && is_identifier_char(cur->text[cur->at + length])))
    return 0;
  cur->at += length;
  return 1;
}

static void skip_identifier(cursor *cur) {
  while (cur->at < cur->end && is_identifier_char(cur->text[cur->at]))
    cur->at++;
}

/* After the `#` that starts a line. */
static int directive_is_lsc_pragma(cursor *cur) {
  skip_blanks(cur, 0);
  if (!take_word(cur, "pragma"))
    return 0;
  skip_blanks(cur, 0);
  return take_word(cur, "lsc");
}

/* After the identifier `_Pragma`: ( string-literal ), whose text starts with the word lsc. */
static int operator_is_lsc_pragma(cursor *cur) {
  skip_blanks(cur, 1);
  if (cur->at >= cur->end || cur->text[cur->at] != '(')
    return 0;
  cur->at++;
  skip_blanks(cur, 1);
  if (!take_word(cur, "L"))
    (void)(take_word(cur, "u8") || take_word(cur, "u") || take_word(cur, "U"));
  if (cur->at >= cur->end || cur->text[cur->at] != '"')
    return 0;
  cur->at++;
  while (cur->at < cur->end && is_blank(cur->text[cur->at]))
    cur->at++;
  return take_word(cur, "lsc");
}

static int scan(cursor *cur) {
  int at_line_start = 1;
  while (cur->at < cur->end) {
    char c = cur->text[cur->at];
    if (c == '\n') {
      at_line_start = 1;
      cur->at++;
    } else if (is_blank(c)) {
      cur->at++;
    } else if (at_comment(cur)) {
      skip_comment(cur);
    } else if (c == '"' || c == '\'') {
      skip_literal(cur);
      at_line_start = 0;
    } else if (c == '#' && at_line_start) {
      cur->at++;
      if (directive_is_lsc_pragma(cur))
        return 1;
      at_line_start = 0;
    } else if (is_identifier_char(c)) {
      /* Numbers are skipped whole too, so the digits and letters of 0x1f never start a word. */
      int is_operator = take_word(cur, "_Pragma");
      if (is_operator && operator_is_lsc_pragma(cur))
        return 1;
      if (!is_operator)
        skip_identifier(cur);
      at_line_start = 0;
    } else {
      cur->at++;
      at_line_start = 0;
    }
  }
  return 0;
}

int text_has_lsc_pragma(const char *text, size_t length) {
  char *spliced = xrealloc(NULL, length + 1);
  memcpy(spliced, text, length);
  cursor cur = {spliced, 0, remove_line_splices(spliced, length)};
  int found = scan(&cur);
  free(spliced);
  return found;
}

int file_has_lsc_pragma(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return -1;
  char *text = NULL;
  size_t length = 0, capacity = 0, got;
  do {
    if (length == capacity) {
      capacity = capacity ? capacity * 2 : 65536;
      text = xrealloc(text, capacity);
    }
    got = fread(text + length, 1, capacity - length, file);
    length += got;
  } while (got > 0);
  int failed = ferror(file);
  fclose(file);
  int found = failed ? -1 : text_has_lsc_pragma(text, length);
  free(text);
  return found;
}
