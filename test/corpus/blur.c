// blur: a separable box blur of an 8-bit grey image, as image-processing code writes it: a horizontal pass
// into an integer buffer, then a vertical pass back to 8 bits, with the radius a macro and clamped edges.
// Both passes are DOALL over rows; arrays are variable-length parameters of run-time height and width.
// RUN: %corpus-run %s %t
#include <stdio.h>
#include <stdlib.h>

#define HEIGHT 48
#define WIDTH 64
#define RADIUS 2
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

static void make_image(int h, int w, unsigned char img[h][w]) {
  int y, x;
  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      img[y][x] = (unsigned char)((x * x + 3 * y * x + 7 * y) % 256);
}

static void blur(int h, int w, unsigned char img[h][w], int tmp[h][w], unsigned char out[h][w]) {
  int y, x, d;
#pragma lsc parallel for private(x, d)
  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++) {
      int acc = 0;
      for (d = -RADIUS; d <= RADIUS; d++)
        acc += img[y][CLAMP(x + d, 0, w - 1)];
      tmp[y][x] = acc;
    }
#pragma lsc parallel for private(x, d)
  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++) {
      int acc = 0;
      for (d = -RADIUS; d <= RADIUS; d++)
        acc += tmp[CLAMP(y + d, 0, h - 1)][x];
      out[y][x] = (unsigned char)(acc / ((2 * RADIUS + 1) * (2 * RADIUS + 1)));
    }
}

static void print_image(int h, int w, unsigned char out[h][w]) {
  int y, x;
  for (y = 0; y < h; y++) {
    for (x = 0; x < w; x++)
      printf("%3u ", out[y][x]);
    printf("\n");
  }
}

int main(void) {
  int h = HEIGHT, w = WIDTH;
  unsigned char(*img)[WIDTH] = malloc(sizeof(unsigned char[HEIGHT][WIDTH]));
  int(*tmp)[WIDTH] = malloc(sizeof(int[HEIGHT][WIDTH]));
  unsigned char(*out)[WIDTH] = malloc(sizeof(unsigned char[HEIGHT][WIDTH]));
  if (!img || !tmp || !out)
    return 1;
  make_image(h, w, img);
  blur(h, w, img, tmp, out);
  print_image(h, w, out);
  free(img);
  free(tmp);
  free(out);
  return 0;
}
