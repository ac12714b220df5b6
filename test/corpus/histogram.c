// histogram: the grey-level histogram of an image and its cumulative distribution, as in histogram
// equalisation. The counting loop over rows adds into shared bins: an array reduction, which an OpenMP user
// writes reduction(+: hist[0:NBINS]). Integer counts give the same result in any order. The remapping loop
// afterwards is DOALL.
// Accepted since issue 13 item 8: 'reduction(+ : hist[0:NBINS])' reduces each bin.
// RUN: %corpus-run %s %t
#include <stdio.h>

#define HEIGHT 60
#define WIDTH 80
#define NBINS 256

static unsigned char img[HEIGHT][WIDTH], eq[HEIGHT][WIDTH];
static long hist[NBINS], cdf[NBINS];

static void make_image(void) {
  int y, x;
  for (y = 0; y < HEIGHT; y++)
    for (x = 0; x < WIDTH; x++)
      img[y][x] = (unsigned char)(((x * 13) ^ (y * 7)) % 97 + (y % 5) * 20);
}

static void equalise(void) {
  int y, x, b;
  for (b = 0; b < NBINS; b++)
    hist[b] = 0;
#pragma lsc parallel for private(x) reduction(+ : hist[0:NBINS])
  for (y = 0; y < HEIGHT; y++)
    for (x = 0; x < WIDTH; x++)
      hist[img[y][x]]++;
  cdf[0] = hist[0];
  for (b = 1; b < NBINS; b++)
    cdf[b] = cdf[b - 1] + hist[b];
#pragma lsc parallel for private(x)
  for (y = 0; y < HEIGHT; y++)
    for (x = 0; x < WIDTH; x++)
      eq[y][x] = (unsigned char)((cdf[img[y][x]] * (NBINS - 1)) / (HEIGHT * WIDTH));
}

int main(void) {
  int y, x, b;
  make_image();
  equalise();
  for (b = 0; b < NBINS; b++)
    printf("%d %ld\n", b, hist[b]);
  for (y = 0; y < HEIGHT; y++) {
    for (x = 0; x < WIDTH; x++)
      printf("%u ", eq[y][x]);
    printf("\n");
  }
  return 0;
}
