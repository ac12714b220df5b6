/* directory.h - the data directory of one array a data region holds (lsc.h, "Data regions"): which rank
 * holds the newest copy of each byte range, and which loop instance and chunk wrote it. Rank 0 keeps one per
 * present range; the ranges cover the array whole, in order, so a lookup walks them from a start. Pure: no
 * MPI. */
#ifndef LSC_DATA_DIRECTORY_H
#define LSC_DATA_DIRECTORY_H

#include <stddef.h>
#include <stdint.h>

/* Bytes [lo, hi) of the array: the newest copy is on `rank`, written by chunk `chunk` (its first iteration)
 * of loop instance `instance`; -1, -1 for rank 0's own copy at the region's start or after an update.
 * `copies` has bit r set when rank r (< 64) holds the same bytes too, since it received them after that
 * write: it needs them not again. A write leaves the writer's copy alone. */
typedef struct lsc_dir_seg {
  uint64_t lo, hi;
  int rank;
  int64_t instance, chunk;
  uint64_t copies;
} lsc_dir_seg;

typedef struct lsc_dir_map {
  lsc_dir_seg *segs; /* sorted, adjacent, covering [0, bytes) */
  size_t count, cap;
  uint64_t bytes;
  lsc_dir_seg *scratch; /* for lsc_dir_set */
  size_t scratch_cap;
} lsc_dir_map;

/* All `bytes` on rank 0. Returns 0, or -1 when memory runs out. */
int lsc_dir_init(lsc_dir_map *d, uint64_t bytes);
/* Bytes [lo, hi) (clipped to the array) now newest on `rank`, from (instance, chunk). Neighbours with the
 * same holder and writer merge. Returns 0, or -1 when memory runs out. */
int lsc_dir_set(lsc_dir_map *d, uint64_t lo, uint64_t hi, int rank, int64_t instance, int64_t chunk);
/* Ranks that received [lo, hi) (or hold it already) add `rank` to their copies. Returns 0, or -1. */
int lsc_dir_share(lsc_dir_map *d, uint64_t lo, uint64_t hi, int rank);
/* Byte ranges for the calls below: sorted by lo, disjoint (touching is fine). */
typedef struct lsc_dir_range {
  uint64_t lo, hi;
} lsc_dir_range;
/* lsc_dir_set and lsc_dir_share over every range of a list in one pass over the directory: a chunk's
 * footprint is a range per row when its rows leave gaps (fdtd_2d's `j - 1` reads), and a call per range
 * rewrote the whole directory each time (rank 0 spent 35-50 us per assignment of 475 rows). Ranges out of
 * order fall back to one call each. Returns 0, or -1 when memory runs out. */
int lsc_dir_set_ranges(lsc_dir_map *d, const lsc_dir_range *r, size_t n, int rank, int64_t instance,
                       int64_t chunk);
int lsc_dir_share_ranges(lsc_dir_map *d, const lsc_dir_range *r, size_t n, int rank);
/* Whether `rank` holds a current copy of the range s. */
int lsc_dir_has(const lsc_dir_seg *s, int rank);
/* Whether `rank` holds a current copy of every byte of [lo, hi). */
int lsc_dir_all_held(const lsc_dir_map *d, uint64_t lo, uint64_t hi, int rank);
/* Whether byte `at` was written by chunk `chunk` of `instance` already: a result of that chunk arriving
 * again (a re-issued copy, a late duplicate) is then dropped, since the first result won. The one check. */
int lsc_dir_written_by(const lsc_dir_map *d, uint64_t at, int64_t instance, int64_t chunk);
/* The index of the first range that ends after `at` (count when none). */
size_t lsc_dir_find(const lsc_dir_map *d, uint64_t at);
/* Whether any byte of [lo, hi) has no current copy on rank 0. */
int lsc_dir_away(const lsc_dir_map *d, uint64_t lo, uint64_t hi);
void lsc_dir_free(lsc_dir_map *d);

#endif
