/* pragma_scan.c - a C tokenizer just deep enough to tell whether a source, with the headers it includes,
 * may hold an lsc pragma: line splices first (translation phase 2), then comments, string and character
 * literals skipped, directives recognised at the start of a line. It records what it meets: `#pragma lsc`,
 * `_Pragma("lsc ...")`, a stringizing `_Pragma(#x)` (a macro that makes a pragma of its argument) and the
 * identifier `lsc` (the words such a macro may take), and the names of the headers included. Headers are
 * followed as the compiler searches them (quoted: the including file's folder, -iquote, then the -I folders;
 * angled: the -I folders), once each, so a pragma or a pragma macro in the user's own header routes the file
 * to lsc-rewrite, which rewrites it or says why not. The compiler's own system folders are not searched:
 * they hold no lsc pragma. */
#include "pragma_scan.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct scan_result {
  int pragma;      /* #pragma lsc, or _Pragma("lsc ...") */
  int stringizing; /* _Pragma(#x), or _Pragma alone (an alias): a macro that makes a pragma of what it gets */
  int lsc_word;    /* the identifier lsc, or a string literal starting with it */
  str_list quoted, angled;
} scan_result;

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

/* At a string literal's opening quote: does its text start with the word lsc? */
static int literal_starts_with_lsc(const cursor *cur) {
  cursor look = *cur;
  look.at++;
  while (look.at < look.end && is_blank(look.text[look.at]))
    look.at++;
  return take_word(&look, "lsc");
}

static void skip_identifier(cursor *cur) {
  while (cur->at < cur->end && is_identifier_char(cur->text[cur->at]))
    cur->at++;
}

/* `#include "name"` or `<name>` (also include_next, import), after the directive's word. */
static void include_name(cursor *cur, scan_result *out) {
  skip_blanks(cur, 0);
  if (cur->at >= cur->end || (cur->text[cur->at] != '"' && cur->text[cur->at] != '<'))
    return; /* a computed include (#include MACRO): its name is not known without the preprocessor */
  char close = cur->text[cur->at] == '"' ? '"' : '>';
  size_t start = ++cur->at;
  while (cur->at < cur->end && cur->text[cur->at] != close && cur->text[cur->at] != '\n')
    cur->at++;
  if (cur->at >= cur->end || cur->text[cur->at] != close)
    return;
  char *name = xrealloc(NULL, cur->at - start + 1);
  memcpy(name, cur->text + start, cur->at - start);
  name[cur->at - start] = '\0';
  str_list_push(close == '"' ? &out->quoted : &out->angled, name);
  free(name);
  cur->at++;
}

/* After the `#` that starts a line. */
static void directive(cursor *cur, scan_result *out) {
  skip_blanks(cur, 0);
  if (take_word(cur, "pragma")) {
    skip_blanks(cur, 0);
    out->pragma |= take_word(cur, "lsc");
  } else if (take_word(cur, "include") || take_word(cur, "include_next") || take_word(cur, "import")) {
    include_name(cur, out);
  }
}

/* After the identifier `_Pragma`: ( string-literal ) whose text starts with the word lsc, or ( #param ). */
static void pragma_operator(cursor *cur, scan_result *out) {
  skip_blanks(cur, 1);
  if (cur->at >= cur->end || cur->text[cur->at] != '(') {
    out->stringizing = 1; /* `#define P _Pragma`: an alias of the operator, its string comes at each use */
    return;
  }
  cur->at++;
  skip_blanks(cur, 1);
  if (cur->at < cur->end && cur->text[cur->at] == '#') {
    out->stringizing = 1;
    return;
  }
  if (!take_word(cur, "L"))
    (void)(take_word(cur, "u8") || take_word(cur, "u") || take_word(cur, "U"));
  if (cur->at >= cur->end || cur->text[cur->at] != '"')
    return;
  cur->at++;
  while (cur->at < cur->end && is_blank(cur->text[cur->at]))
    cur->at++;
  out->pragma |= take_word(cur, "lsc");
}

static void scan(cursor *cur, scan_result *out) {
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
      /* "lsc ..." may be the words of a pragma made by a macro that aliases _Pragma itself. */
      out->lsc_word |= c == '"' && literal_starts_with_lsc(cur);
      skip_literal(cur);
      at_line_start = 0;
    } else if ((c == '#' || looking_at(cur, "%:")) && at_line_start) {
      cur->at += c == '#' ? 1 : 2; /* %: is the digraph of # */
      directive(cur, out);
      at_line_start = 0;
    } else if (is_identifier_char(c)) {
      /* Numbers are skipped whole too, so the digits and letters of 0x1f never start a word. */
      if (take_word(cur, "_Pragma"))
        pragma_operator(cur, out);
      else if (take_word(cur, "lsc"))
        out->lsc_word = 1;
      else
        skip_identifier(cur);
      at_line_start = 0;
    } else {
      cur->at++;
      at_line_start = 0;
    }
  }
}

static void scan_text(const char *text, size_t length, scan_result *out) {
  char *spliced = xrealloc(NULL, length + 1);
  memcpy(spliced, text, length);
  cursor cur = {spliced, 0, remove_line_splices(spliced, length)};
  scan(&cur, out);
  free(spliced);
}

static void scan_result_free(scan_result *r) {
  str_list_free(&r->quoted);
  str_list_free(&r->angled);
}

int text_has_lsc_pragma(const char *text, size_t length) {
  scan_result r;
  memset(&r, 0, sizeof r);
  scan_text(text, length, &r);
  scan_result_free(&r);
  return r.pragma || (r.stringizing && r.lsc_word);
}

/* The bytes of a file, or NULL when it cannot be read. */
static char *read_file(const char *path, size_t *out_length) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
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
  if (failed) {
    free(text);
    return NULL;
  }
  *out_length = length;
  return text ? text : xrealloc(NULL, 1);
}

typedef struct closure {
  const include_search *search;
  str_list visited; /* real paths of the files scanned */
  int pragma, stringizing, lsc_word;
} closure;

static int is_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f)
    fclose(f);
  return f != NULL;
}

/* dir/name when it names a file (fresh string), else NULL. */
static char *in_folder(const char *dir, const char *name) {
  char *slash = str_concat(dir, "/");
  char *path = str_concat(slash, name);
  free(slash);
  if (is_file(path))
    return path;
  free(path);
  return NULL;
}

static char *folder_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return str_copy(".");
  char *dir = str_copy(path);
  dir[slash == path ? 1 : slash - path] = '\0';
  return dir;
}

static char *resolve(const closure *c, const char *includer, const char *name, int quoted) {
  if (name[0] == '/')
    return is_file(name) ? str_copy(name) : NULL;
  char *found = NULL;
  if (quoted) {
    char *dir = folder_of(includer);
    found = in_folder(dir, name);
    free(dir);
    for (size_t i = 0; !found && i < c->search->quote_dirs.count; i++)
      found = in_folder(c->search->quote_dirs.items[i], name);
  }
  for (size_t i = 0; !found && i < c->search->dirs.count; i++)
    found = in_folder(c->search->dirs.items[i], name);
  return found;
}

/* Scans path and, depth first, the headers it includes; -1 when path cannot be read. */
static int scan_closure(closure *c, const char *path, int depth) {
  char real[PATH_MAX];
  if (!realpath(path, real))
    snprintf(real, sizeof real, "%s", path);
  for (size_t i = 0; i < c->visited.count; i++)
    if (strcmp(c->visited.items[i], real) == 0)
      return 0;
  str_list_push(&c->visited, real);
  size_t length = 0;
  char *text = read_file(path, &length);
  if (!text)
    return -1;
  scan_result r;
  memset(&r, 0, sizeof r);
  scan_text(text, length, &r);
  free(text);
  c->pragma |= r.pragma;
  c->stringizing |= r.stringizing;
  c->lsc_word |= r.lsc_word;
  for (int quoted = 1; quoted >= 0 && depth < 200; quoted--) {
    const str_list *names = quoted ? &r.quoted : &r.angled;
    for (size_t i = 0; i < names->count && !c->pragma; i++) {
      char *header = resolve(c, path, names->items[i], quoted);
      if (header)
        (void)scan_closure(c, header, depth + 1);
      free(header);
    }
  }
  scan_result_free(&r);
  return 0;
}

int source_has_lsc_pragma(const char *path, const include_search *search) {
  closure c;
  memset(&c, 0, sizeof c);
  c.search = search;
  int status = scan_closure(&c, path, 0);
  for (size_t i = 0; status == 0 && i < search->forced.count; i++)
    (void)scan_closure(&c, search->forced.items[i], 1);
  str_list_free(&c.visited);
  if (status < 0)
    return -1;
  return c.pragma || (c.stringizing && c.lsc_word);
}
