#include "support/poly.h"

#include <ctype.h>
#include <string.h>

poly poly_invalid(void) {
  poly p;
  memset(&p, 0, sizeof p);
  return p;
}

poly poly_const(int64_t c) {
  poly p = poly_invalid();
  p.valid = 1;
  if (c != 0) {
    p.nterms = 1;
    p.terms[0].coef = c;
  }
  return p;
}

poly poly_atom(int atom) {
  poly p = poly_const(1);
  p.terms[0].nfactors = 1;
  p.terms[0].factors[0] = atom;
  return p;
}

static int same_monomial(const poly_term *a, const poly_term *b) {
  return a->nfactors == b->nfactors && memcmp(a->factors, b->factors, sizeof(int) * (size_t)a->nfactors) == 0;
}

/* Adds coef * monomial(t) to p, merging equal monomials and dropping zeros. */
static void add_term(poly *p, const poly_term *t, int64_t coef) {
  if (!p->valid || coef == 0)
    return;
  for (int i = 0; i < p->nterms; i++) {
    if (!same_monomial(&p->terms[i], t))
      continue;
    if (__builtin_add_overflow(p->terms[i].coef, coef, &p->terms[i].coef)) {
      *p = poly_invalid();
      return;
    }
    if (p->terms[i].coef == 0)
      p->terms[i] = p->terms[--p->nterms];
    return;
  }
  if (p->nterms == POLY_MAX_TERMS) {
    *p = poly_invalid();
    return;
  }
  p->terms[p->nterms] = *t;
  p->terms[p->nterms++].coef = coef;
}

poly poly_add(const poly *a, const poly *b) {
  if (!a->valid || !b->valid)
    return poly_invalid();
  poly r = *a;
  for (int i = 0; i < b->nterms && r.valid; i++)
    add_term(&r, &b->terms[i], b->terms[i].coef);
  return r;
}

poly poly_scale(const poly *a, int64_t c) {
  if (!a->valid)
    return poly_invalid();
  poly r = poly_const(0);
  for (int i = 0; i < a->nterms && r.valid; i++) {
    int64_t coef;
    if (__builtin_mul_overflow(a->terms[i].coef, c, &coef))
      return poly_invalid();
    add_term(&r, &a->terms[i], coef);
  }
  return r;
}

poly poly_sub(const poly *a, const poly *b) {
  poly neg = poly_scale(b, -1);
  return poly_add(a, &neg);
}

static int multiply_terms(const poly_term *x, const poly_term *y, poly_term *out) {
  if (x->nfactors + y->nfactors > POLY_MAX_FACTORS || __builtin_mul_overflow(x->coef, y->coef, &out->coef))
    return -1;
  int i = 0, j = 0, n = 0;
  while (i < x->nfactors || j < y->nfactors) {
    if (j >= y->nfactors || (i < x->nfactors && x->factors[i] <= y->factors[j]))
      out->factors[n++] = x->factors[i++];
    else
      out->factors[n++] = y->factors[j++];
  }
  out->nfactors = n;
  return 0;
}

poly poly_mul(const poly *a, const poly *b) {
  if (!a->valid || !b->valid)
    return poly_invalid();
  poly r = poly_const(0);
  for (int i = 0; i < a->nterms; i++) {
    for (int j = 0; j < b->nterms; j++) {
      poly_term t;
      if (multiply_terms(&a->terms[i], &b->terms[j], &t) != 0)
        return poly_invalid();
      add_term(&r, &t, t.coef);
      if (!r.valid)
        return r;
    }
  }
  return r;
}

int poly_is_const(const poly *p, int64_t *value) {
  if (!p->valid)
    return 0;
  if (p->nterms == 0) {
    *value = 0;
    return 1;
  }
  if (p->nterms == 1 && p->terms[0].nfactors == 0) {
    *value = p->terms[0].coef;
    return 1;
  }
  return 0;
}

int poly_equal(const poly *a, const poly *b) {
  poly d = poly_sub(a, b);
  int64_t v;
  return d.valid && poly_is_const(&d, &v) && v == 0;
}

static int power_in(const poly_term *t, int atom) {
  int n = 0;
  for (int i = 0; i < t->nfactors; i++)
    n += t->factors[i] == atom;
  return n;
}

int poly_degree(const poly *p, int atom) {
  int d = 0;
  for (int i = 0; i < p->nterms; i++)
    if (power_in(&p->terms[i], atom) > d)
      d = power_in(&p->terms[i], atom);
  return d;
}

int poly_uses(const poly *p, int atom) {
  return poly_degree(p, atom) > 0;
}

poly poly_coeff(const poly *p, int atom) {
  if (!p->valid || poly_degree(p, atom) > 1)
    return poly_invalid();
  poly r = poly_const(0);
  for (int i = 0; i < p->nterms; i++) {
    if (!power_in(&p->terms[i], atom))
      continue;
    poly_term t = p->terms[i];
    int k = 0;
    for (int f = 0; f < p->terms[i].nfactors; f++)
      if (p->terms[i].factors[f] != atom)
        t.factors[k++] = p->terms[i].factors[f];
    t.nfactors = k;
    add_term(&r, &t, t.coef);
  }
  return r;
}

poly poly_rest(const poly *p, int atom) {
  if (!p->valid)
    return poly_invalid();
  poly r = poly_const(0);
  for (int i = 0; i < p->nterms; i++)
    if (!power_in(&p->terms[i], atom))
      add_term(&r, &p->terms[i], p->terms[i].coef);
  return r;
}

poly poly_subst(const poly *p, int atom, const poly *q) {
  if (!p->valid || !q->valid)
    return poly_invalid();
  poly r = poly_const(0);
  for (int i = 0; i < p->nterms; i++) {
    poly_term t = p->terms[i];
    int k = 0, power = 0;
    for (int f = 0; f < p->terms[i].nfactors; f++) {
      if (p->terms[i].factors[f] == atom)
        power++;
      else
        t.factors[k++] = p->terms[i].factors[f];
    }
    t.nfactors = k;
    poly term = poly_const(0);
    add_term(&term, &t, t.coef);
    for (int n = 0; n < power; n++)
      term = poly_mul(&term, q);
    r = poly_add(&r, &term);
    if (!r.valid)
      return r;
  }
  return r;
}

static int is_identifier(const char *s) {
  if (!isalpha((unsigned char)*s) && *s != '_')
    return 0;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_')
      return 0;
  return 1;
}

void poly_print(const poly *p, strbuf *out, poly_atom_text atom_text, void *ctx) {
  if (!p->valid || p->nterms == 0) {
    sb_puts(out, "0");
    return;
  }
  /* Constant term last, the way people write a*k + b. */
  for (int pass = 0, first = 1; pass < 2; pass++) {
    for (int i = 0; i < p->nterms; i++) {
      const poly_term *t = &p->terms[i];
      if ((t->nfactors == 0) != (pass == 1))
        continue;
      uint64_t mag = t->coef < 0 ? (uint64_t)0 - (uint64_t)t->coef : (uint64_t)t->coef;
      if (first)
        sb_puts(out, t->coef < 0 ? "-" : "");
      else
        sb_puts(out, t->coef < 0 ? " - " : " + ");
      first = 0;
      int wrote = 0;
      if (mag != 1 || t->nfactors == 0) {
        /* INT64_MIN has no positive int64_t spelling; the unsigned literal converts back to it. */
        sb_printf(out, "%llu", (unsigned long long)mag);
        wrote = 1;
      }
      for (int f = 0; f < t->nfactors; f++) {
        const char *text = atom_text(t->factors[f], ctx);
        sb_puts(out, wrote ? " * " : "");
        if (is_identifier(text))
          sb_printf(out, "(int64_t)%s", text);
        else
          sb_printf(out, "(int64_t)(%s)", text);
        wrote = 1;
      }
    }
  }
}

int64_t poly_gcd64(int64_t a, int64_t b) {
  /* Magnitudes as unsigned: llabs(INT64_MIN) would overflow. */
  uint64_t x = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
  uint64_t y = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
  while (y) {
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  /* 2^63 (both operands 0 or INT64_MIN) comes back as INT64_MIN: `c % g == 0` still tests divisibility. */
  return x == (uint64_t)1 << 63 ? INT64_MIN : (int64_t)x;
}
