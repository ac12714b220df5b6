/* suggest.h - fix-its for refusals whose way out is a clause: a note at the end of the pragma line with the
 * clause to add, printed under the line as clang prints fix-its (and as fix-it: lines for editors). */
#ifndef LSC_REWRITE_ANALYSE_SUGGEST_H
#define LSC_REWRITE_ANALYSE_SUGGEST_H

#include "analyse/result.h"

/* Records a note "add '<clause>' to the pragma"-like (`note`, printf-free text) at the end of the pragma
 * line with a fix-it inserting " <clause>"; without the fix-it when the pragma comes from a macro or has a
 * comment at its end (an insertion there would land in the wrong text). */
void an_suggest_clause(analysis *an, const char *note, const char *clause);

/* The reduction operator an update of `name` at `offset` spells ("+" for `s += x`, `s++`, `s -= x`,
 * `s = s + x`; "*", "&", "|", "^" likewise; "min"/"max" are not guessed), or NULL. */
const char *written_reduction_op(const source_file *sf, size_t offset, const char *name);

#endif
