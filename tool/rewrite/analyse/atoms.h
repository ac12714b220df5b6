/* atoms.h - the atoms of an analysis: the names its polynomials are written in (the logical iteration, the
 * induction variable, inner loop variables, loop-invariant symbols and opaque texts). One table per loop,
 * shared by every step; an atom is added once and found again by kind and spelling. */
#ifndef LSC_REWRITE_ANALYSE_ATOMS_H
#define LSC_REWRITE_ANALYSE_ATOMS_H

#include "analyse/result.h"

/* The index of the atom (kind, text, var), added when new. */
int atom_add(analysis *an, atom_kind kind, const char *text, int var);
/* The C spelling of an atom, for poly_print (ctx: the analysis). */
const char *atom_spelling(int atom, void *ctx);

#endif
