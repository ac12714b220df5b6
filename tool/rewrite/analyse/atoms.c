/* atoms.c - the atom table. Atoms are compared by kind and text, except that an identifier seen both as an
 * opaque text (a VLA bound) and as a symbol (a variable in a subscript) is one atom: see atom_add. */
#define _XOPEN_SOURCE 700
#include "analyse/atoms.h"
#include "support/strbuf.h"

#include <ctype.h>
#include <string.h>

static int is_identifier(const char *s) {
  if (!isalpha((unsigned char)*s) && *s != '_')
    return 0;
  while (isalnum((unsigned char)*s) || *s == '_')
    s++;
  return *s == '\0';
}

int atom_add(analysis *an, atom_kind kind, const char *text, int var) {
  for (size_t i = 0; i < an->natoms; i++)
    if (an->atoms[i].kind == kind && an->atoms[i].var == var && strcmp(an->atoms[i].text, text) == 0)
      return (int)i;
  /* A VLA bound spelled as a variable (double g[rows][cols]) and that variable in a subscript or a loop
   * bound are one value at the loop, where both are evaluated: one atom, so row lengths cancel in the
   * footprints of g[r][c] for c < cols. The atom stays a SYMBOL so writes to the variable are still seen. */
  int text_or_symbol = kind == ATOM_TEXT || kind == ATOM_SYMBOL;
  for (size_t i = 0; i < an->natoms && text_or_symbol && is_identifier(text); i++) {
    atom *a = &an->atoms[i];
    if ((a->kind == ATOM_TEXT || a->kind == ATOM_SYMBOL) && a->kind != kind && strcmp(a->text, text) == 0) {
      if (kind == ATOM_SYMBOL) {
        a->kind = ATOM_SYMBOL;
        a->var = var;
      }
      return (int)i;
    }
  }
  atom a = {kind, xstrdup(text), var};
  VEC_PUSH(an->atoms, an->natoms, an->atoms_cap, a);
  return (int)an->natoms - 1;
}

const char *atom_spelling(int id, void *ctx) {
  const analysis *an = ctx;
  return an->atoms[id].text;
}
