#define _XOPEN_SOURCE 700
#include "support/section_expr.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
  const char *s;
  section_ident_atom lookup;
  void *ctx;
  int failed;
} reader;

static void skip_blanks(reader *r) {
  while (isspace((unsigned char)*r->s))
    r->s++;
}

static poly parse_sum(reader *r);

static poly parse_factor(reader *r) {
  skip_blanks(r);
  if (*r->s == '-') {
    r->s++;
    poly f = parse_factor(r);
    return poly_scale(&f, -1);
  }
  if (*r->s == '+') {
    r->s++;
    return parse_factor(r);
  }
  if (*r->s == '(') {
    r->s++;
    poly inner = parse_sum(r);
    skip_blanks(r);
    if (*r->s != ')')
      r->failed = 1;
    else
      r->s++;
    return inner;
  }
  if (isdigit((unsigned char)*r->s)) {
    char *end;
    errno = 0;
    long long v = strtoll(r->s, &end, 0);
    if (errno || isalnum((unsigned char)*end) || *end == '.' || *end == '_')
      r->failed = 1; /* suffixes, floats and overflow are not section bounds we can reason about */
    r->s = end;
    return poly_const(v);
  }
  if (isalpha((unsigned char)*r->s) || *r->s == '_') {
    const char *start = r->s;
    while (isalnum((unsigned char)*r->s) || *r->s == '_')
      r->s++;
    char name[256];
    size_t n = (size_t)(r->s - start);
    if (n >= sizeof name) {
      r->failed = 1;
      return poly_invalid();
    }
    memcpy(name, start, n);
    name[n] = '\0';
    int atom = r->lookup(name, r->ctx);
    if (atom < 0)
      r->failed = 1;
    return atom < 0 ? poly_invalid() : poly_atom(atom);
  }
  r->failed = 1;
  return poly_invalid();
}

static poly parse_product(reader *r) {
  poly p = parse_factor(r);
  for (;;) {
    skip_blanks(r);
    if (*r->s != '*' || r->failed)
      return p;
    r->s++;
    poly f = parse_factor(r);
    p = poly_mul(&p, &f);
  }
}

static poly parse_sum(reader *r) {
  poly p = parse_product(r);
  for (;;) {
    skip_blanks(r);
    if ((*r->s != '+' && *r->s != '-') || r->failed)
      return p;
    char op = *r->s++;
    poly t = parse_product(r);
    p = op == '+' ? poly_add(&p, &t) : poly_sub(&p, &t);
  }
}

int section_expr_parse(const char *text, section_ident_atom lookup, void *ctx, poly *out) {
  reader r = {text, lookup, ctx, 0};
  poly p = parse_sum(&r);
  skip_blanks(&r);
  if (r.failed || *r.s || !p.valid)
    return -1;
  *out = p;
  return 0;
}

int section_expr_mentions(const char *text, const char *name) {
  size_t n = strlen(name);
  for (const char *s = text; *s;) {
    if (isalpha((unsigned char)*s) || *s == '_') {
      const char *start = s;
      while (isalnum((unsigned char)*s) || *s == '_')
        s++;
      if ((size_t)(s - start) == n && memcmp(start, name, n) == 0)
        return 1;
    } else if (isdigit((unsigned char)*s)) {
      while (isalnum((unsigned char)*s) || *s == '_' || *s == '.')
        s++;
    } else {
      s++;
    }
  }
  return 0;
}
