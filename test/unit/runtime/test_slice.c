/* Slice unions (hull or exact pieces, clipping, empty iterations, huge coefficients), strided slices and
 * lists of slices (columns, a row and a column), packing, mirrors. */
#include "data/mirror.h"
#include "data/pack.h"
#include "data/slice.h"
#include "unit.h"

#include <stdlib.h>

static lsc_span_list list;

static void expect_spans(const lsc_slice *s, int64_t lo, int64_t hi, int64_t extent, const int64_t *pairs,
                         size_t count, int line) {
  CHECK_EQ_INT(lsc_slice_union(s, lo, hi, extent, &list), 0);
  if (list.count != count) {
    UNIT_FAIL_AT("line %d: %zu spans, expected %zu", line, list.count, count);
    return;
  }
  for (size_t i = 0; i < count; i++)
    if (list.spans[i].start != pairs[2 * i] || list.spans[i].end != pairs[2 * i + 1])
      UNIT_FAIL_AT("line %d: span %zu is [%lld, %lld), expected [%lld, %lld)", line, i,
                   (long long)list.spans[i].start, (long long)list.spans[i].end, (long long)pairs[2 * i],
                   (long long)pairs[2 * i + 1]);
}
#define EXPECT(s, lo, hi, ext, ...)                                                                          \
  do {                                                                                                       \
    const int64_t pairs_[] = {__VA_ARGS__};                                                                  \
    expect_spans(&(s), lo, hi, ext, pairs_, sizeof pairs_ / sizeof pairs_[0] / 2, __LINE__);                 \
  } while (0)
#define EXPECT_EMPTY(s, lo, hi, ext)                                                                         \
  do {                                                                                                       \
    CHECK_EQ_INT(lsc_slice_union(&(s), lo, hi, ext, &list), 0);                                              \
    CHECK_EQ_INT(list.count, 0);                                                                             \
  } while (0)

static void test_rows_are_one_hull(void) {
  lsc_slice rows = {10, 0, 10, 10, 0, 0, 0}; /* row k of a 10-column matrix */
  EXPECT(rows, 2, 5, 100, 20, 50);
  EXPECT(rows, 0, 10, 100, 0, 100);
  CHECK_EQ_INT(lsc_span_list_elements(&list), 100);
}

static void test_overlapping_window_is_hull(void) {
  lsc_slice window = {1, -1, 1, 2, 0, 0, 0}; /* [k-1, k+2): stencil */
  EXPECT(window, 0, 5, 100, 0, 6);           /* clipped below at 0 */
  EXPECT(window, 97, 100, 100, 96, 100);     /* clipped above at the extent */
}

static void test_strided_slices_are_pieces(void) {
  lsc_slice every_third = {3, 0, 3, 1, 0, 0, 0};
  EXPECT(every_third, 2, 5, 100, 6, 7, 9, 10, 12, 13);
  lsc_slice pairs = {4, 1, 4, 3, 0, 0, 0};
  EXPECT(pairs, 0, 2, 100, 1, 3, 5, 7);
}

static void test_touching_ranges_merge(void) {
  lsc_slice exact = {2, 0, 2, 2, 0, 0, 0}; /* [2k, 2k+2): ranges touch */
  EXPECT(exact, 3, 6, 100, 6, 12);
}

static void test_decreasing_slices(void) {
  lsc_slice reversed = {-1, 9, -1, 10, 0, 0, 0}; /* element 9-k */
  EXPECT(reversed, 0, 3, 10, 7, 10);
  lsc_slice reversed_strided = {-3, 30, -3, 31, 0, 0, 0};
  EXPECT(reversed_strided, 0, 3, 100, 30, 31, 27, 28, 24, 25);
}

static void test_empty_iterations_are_skipped(void) {
  lsc_slice triangle = {0, 0, 1, -2, 0, 0, 0}; /* [0, k-2): empty for k <= 2 */
  EXPECT_EMPTY(triangle, 0, 3, 100);
  EXPECT(triangle, 0, 6, 100, 0, 3);           /* k = 5 reaches furthest */
  lsc_slice shrinking = {1, 0, 0, 4, 0, 0, 0}; /* [k, 4): empty from k = 4 */
  EXPECT(shrinking, 2, 9, 100, 2, 4);
  lsc_slice nothing = {0, 0, 0, 0, 0, 0, 0};
  EXPECT_EMPTY(nothing, 0, 10, 100);
}

static void test_out_of_range_and_huge(void) {
  lsc_slice beyond = {1, 200, 1, 201, 0, 0, 0};
  EXPECT_EMPTY(beyond, 0, 10, 100);
  lsc_slice row = {1, 0, 1, 1, 0, 0, 0};
  EXPECT_EMPTY(row, 5, 5, 100); /* empty chunk */
  EXPECT_EMPTY(row, 0, 5, 0);   /* empty array */
  lsc_slice huge = {INT64_MAX, 0, INT64_MAX, INT64_MAX, 0, 0, 0};
  EXPECT(huge, 0, 1, 100, 0, 100);
  EXPECT_EMPTY(huge, 1, 3, 100);
  lsc_slice negative = {INT64_MIN / 2, 0, INT64_MIN / 2, 5, 0, 0, 0};
  EXPECT(negative, 0, 1, 100, 0, 5);
}

static void test_max_end(void) {
  lsc_slice rows = {10, 0, 10, 10, 0, 0, 0};
  CHECK_EQ_INT(lsc_slice_max_end(&rows, 7), 70);
  CHECK_EQ_INT(lsc_slice_max_end(&rows, 0), 0);
  lsc_slice reversed = {-1, 9, -1, 10, 0, 0, 0};
  CHECK_EQ_INT(lsc_slice_max_end(&reversed, 10), 10);
  lsc_slice huge = {INT64_MAX, 0, INT64_MAX, 1, 0, 0, 0};
  CHECK_EQ_INT(lsc_slice_max_end(&huge, 4), INT64_MAX);
}

static void test_pack_round_trip(void) {
  int src[20], dst[20] = {0};
  for (int i = 0; i < 20; i++)
    src[i] = 100 + i;
  lsc_slice every_third = {3, 1, 3, 2, 0, 0, 0};
  CHECK_EQ_INT(lsc_slice_union(&every_third, 0, 5, 20, &list), 0);
  lsc_buffer b = {0};
  CHECK_EQ_INT(lsc_pack_spans(&b, src, sizeof(int), &list), 0);
  CHECK_EQ_INT(b.len, 5 * sizeof(int));
  lsc_reader r = lsc_reader_of(b.data, b.len);
  CHECK_EQ_INT(lsc_unpack_spans(&r, dst, sizeof(int), &list), 0);
  for (int i = 0; i < 20; i++)
    CHECK_EQ_INT(dst[i], i % 3 == 1 && i < 15 ? 100 + i : 0);
  lsc_reader short_reader = lsc_reader_of(b.data, b.len - 1);
  CHECK_EQ_INT(lsc_unpack_spans(&short_reader, dst, sizeof(int), &list), -1);
  lsc_buffer_free(&b);
}

static void test_reader_bounds(void) {
  unsigned char bytes[12] = {1};
  lsc_reader r = lsc_reader_of(bytes, sizeof bytes);
  CHECK_EQ_INT(lsc_read_i64(&r), 1);
  CHECK(!r.short_read);
  CHECK_EQ_INT(lsc_read_i64(&r), 0); /* only 4 bytes left: zero, and the reader remembers */
  CHECK(r.short_read);
  CHECK(lsc_read_skip(&r, 0) == NULL);
  lsc_buffer b = {0};
  CHECK(lsc_buffer_grow(&b, 0) != NULL); /* an empty message still has a place */
  CHECK_EQ_INT(lsc_buffer_put_f64(&b, 2.5), 0);
  lsc_reader rb = lsc_reader_of(b.data, b.len);
  CHECK(lsc_read_f64(&rb) == 2.5);
  lsc_buffer_free(&b);
}

/* A mirror starts where rank 0's array does in its page (data/mirror.h: the kernel's copies between the two
 * ran 3-4x slower 8-31 bytes apart); asked at another offset, it moves there with its bytes. */
static void test_mirror_page_offset(void) {
  lsc_mirror_set set = {0};
  CHECK_EQ_INT(lsc_mirror_set_resize(&set, 1), 0);
  unsigned char *m = lsc_mirror_get(&set, 0, 100000, 16);
  CHECK(m && LSC_PAGE_OFFSET_OF(m) == 16);
  m[0] = 7;
  m[99999] = 8;
  CHECK(lsc_mirror_get(&set, 0, 100000, 16 + 4096) == m); /* the same offset in its page: kept */
  unsigned char *moved = lsc_mirror_get(&set, 0, 100000, 48);
  CHECK(moved && LSC_PAGE_OFFSET_OF(moved) == 48 && moved[0] == 7 && moved[99999] == 8);
  CHECK(LSC_PAGE_OFFSET_OF(0x12345010u) == 16);
  lsc_mirror_set_free(&set);
}

static void test_mirrors_are_reused(void) {
  lsc_mirror_set set = {0};
  CHECK_EQ_INT(lsc_mirror_set_resize(&set, 2), 0);
  int *first = lsc_mirror_get(&set, 1, 4 * sizeof(int), 0);
  CHECK(first != NULL);
  for (int i = 0; i < 4; i++)
    CHECK_EQ_INT(first[i], 0);
  first[3] = 42;
  CHECK(lsc_mirror_get(&set, 1, 2 * sizeof(int), 0) == first); /* smaller: the same block */
  int *grown = lsc_mirror_get(&set, 1, 8 * sizeof(int), 0);
  CHECK_EQ_INT(grown[3], 42); /* growing keeps the contents and zero-fills the rest */
  CHECK_EQ_INT(grown[7], 0);
  CHECK(lsc_mirror_get(&set, 0, 0, 0) != NULL); /* an empty array still gets an address */
  CHECK(lsc_mirror_get(&set, 2, 8, 0) == NULL);
  CHECK(lsc_mirror_get(&set, -1, 8, 0) == NULL);
  CHECK_EQ_INT(lsc_mirror_set_resize(&set, 2), 0); /* same var count: mirrors kept */
  CHECK_EQ_INT(((int *)lsc_mirror_get(&set, 1, 8 * sizeof(int), 0))[3], 42);
  lsc_mirror_set_free(&set);
  CHECK_EQ_INT(set.count, 0);
}

/* Column k of a 4 x 5 row-major matrix: one element, every 5, 4 times. A chunk of columns moves one run per
 * row, sorted; a lone column its 4 elements. */
static void test_columns(void) {
  lsc_slice col = {1, 0, 1, 1, 5, 0, 4};
  EXPECT(col, 2, 3, 20, 2, 3, 7, 8, 12, 13, 17, 18);
  EXPECT(col, 1, 3, 20, 1, 3, 6, 8, 11, 13, 16, 18);
  EXPECT(col, 0, 5, 20, 0, 20); /* every column: the whole matrix, merged */
  CHECK_EQ_INT(lsc_slice_max_end(&col, 5), 20);
  lsc_slice clipped = {1, 0, 1, 1, 5, 0, 100}; /* a count past the array's end stops at it */
  EXPECT(clipped, 4, 5, 20, 4, 5, 9, 10, 14, 15, 19, 20);
  lsc_slice backwards = {1, 15, 1, 16, -5, 0, 4}; /* the same column walked from the last row up */
  EXPECT(backwards, 2, 3, 20, 2, 3, 7, 8, 12, 13, 17, 18);
  CHECK_EQ_INT(lsc_slice_max_end(&backwards, 5), 20);
}

/* Column k below the diagonal of a 4 x 4 matrix: element (k, k) on, every 4, 4 - k times. */
static void test_shrinking_column(void) {
  lsc_slice below = {5, 0, 5, 1, 4, -1, 4};
  EXPECT(below, 0, 1, 16, 0, 1, 4, 5, 8, 9, 12, 13);
  EXPECT(below, 2, 4, 16, 10, 11, 14, 16);
  EXPECT_EMPTY(below, 4, 6, 16); /* counts of 0 and -1 */
  int64_t least, greatest;
  CHECK(lsc_slice_bounds(&below, 4, &least, &greatest));
  CHECK(least <= 0 && greatest >= 16);
}

/* A chunk's hull covers every span of its union, for any [lo, hi), and [0, n) is lsc_slice_bounds. */
static void test_hull_covers_union(void) {
  const lsc_slice shapes[] = {
      {10, 1, 10, 9, 0, 0, 0},    /* row k but its edge elements: a span per row */
      {10, -10, 10, 20, 0, 0, 0}, /* rows k - 1 .. k + 1 */
      {1, 0, 1, 1, 10, 0, 10},    /* column k */
      {5, 0, 5, 1, 4, -1, 4},     /* the shrinking column */
      {1, 15, 1, 16, -5, 0, 4},   /* a column walked upwards */
  };
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    for (int64_t lo = 0; lo < 6; lo++)
      for (int64_t hi = lo + 1; hi <= 6; hi++) {
        int64_t least, greatest;
        CHECK(lsc_slice_hull(&shapes[i], lo, hi, &least, &greatest));
        CHECK_EQ_INT(lsc_slice_union(&shapes[i], lo, hi, 100, &list), 0);
        for (size_t k = 0; k < list.count; k++)
          CHECK(list.spans[k].start >= least && list.spans[k].end <= greatest);
        if (lo == 0) {
          int64_t l0, g0;
          CHECK(lsc_slice_bounds(&shapes[i], hi, &l0, &g0));
          CHECK(l0 == least && g0 == greatest);
        }
      }
  int64_t least, greatest;
  CHECK(!lsc_slice_hull(&shapes[0], 3, 3, &least, &greatest)); /* no iterations */
}

/* Row k from the diagonal on and column k below it (a symmetric update), as one footprint: sorted, merged,
 * the shared diagonal element once. */
static void test_row_and_column_list(void) {
  lsc_slice row = {5, 0, 4, 4, 0, 0, 0}, col[1] = {{5, 0, 5, 1, 4, -1, 4}};
  CHECK_EQ_INT(lsc_slice_list_union(&row, col, 1, 1, 2, 16, &list), 0);
  const int64_t want[] = {5, 8, 9, 10, 13, 14};
  CHECK_EQ_INT(list.count, 3);
  for (size_t i = 0; i < list.count && i < 3; i++) {
    CHECK_EQ_INT(list.spans[i].start, want[2 * i]);
    CHECK_EQ_INT(list.spans[i].end, want[2 * i + 1]);
  }
  CHECK_EQ_INT(lsc_span_list_elements(&list), 5);
  /* Three stencil rows that touch: one span. */
  lsc_slice r0 = {4, 0, 4, 4, 0, 0, 0}, rest[2] = {{4, 4, 4, 8, 0, 0, 0}, {4, 8, 4, 12, 0, 0, 0}};
  CHECK_EQ_INT(lsc_slice_list_union(&r0, rest, 2, 1, 3, 100, &list), 0);
  CHECK_EQ_INT(list.count, 1);
  CHECK_EQ_INT(list.spans[0].start, 4);
  CHECK_EQ_INT(list.spans[0].end, 20);
}

int main(void) {
  RUN(test_columns);
  RUN(test_shrinking_column);
  RUN(test_hull_covers_union);
  RUN(test_row_and_column_list);
  RUN(test_rows_are_one_hull);
  RUN(test_overlapping_window_is_hull);
  RUN(test_strided_slices_are_pieces);
  RUN(test_touching_ranges_merge);
  RUN(test_decreasing_slices);
  RUN(test_empty_iterations_are_skipped);
  RUN(test_out_of_range_and_huge);
  RUN(test_max_end);
  RUN(test_pack_round_trip);
  RUN(test_reader_bounds);
  RUN(test_mirrors_are_reused);
  RUN(test_mirror_page_offset);
  lsc_span_list_free(&list);
  return unit_result();
}
