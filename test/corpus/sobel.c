// sobel: edge magnitude of an integer image with the two 3x3 Sobel masks, |gx| + |gy| clamped to 255,
// interior pixels only. The row loop is DOALL; the image is a pointer to rows of a run-time width, as
// image code passes it (int w, const int (*in)[w]).
// Accepted since issue 13 item 1: the reads of rows y-1..y+1 move as whole rows of the VLA pointer
// (docs/pragma.md, "Arrays of arrays").
// RUN: %corpus-run %s %t
#include <stdio.h>
#include <stdlib.h>

#define H 50
#define W 70

static void make_image(int h, int w, int (*img)[w]) {
  int y, x;
  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      img[y][x] = ((x / 8 + y / 6) % 2) * 200 + (x * y) % 37;
}

static void sobel(int h, int w, const int (*in)[w], int (*out)[w]) {
  int y, x;
#pragma lsc parallel for private(x)
  for (y = 1; y < h - 1; y++)
    for (x = 1; x < w - 1; x++) {
      int gx = -in[y - 1][x - 1] - 2 * in[y][x - 1] - in[y + 1][x - 1] + in[y - 1][x + 1] + 2 * in[y][x + 1] +
               in[y + 1][x + 1];
      int gy = -in[y - 1][x - 1] - 2 * in[y - 1][x] - in[y - 1][x + 1] + in[y + 1][x - 1] + 2 * in[y + 1][x] +
               in[y + 1][x + 1];
      int mag = abs(gx) + abs(gy);
      out[y][x] = mag > 255 ? 255 : mag;
    }
}

int main(void) {
  int h = H, w = W, y, x;
  int(*img)[W] = malloc(sizeof(int[H][W]));
  int(*edge)[W] = calloc(H, sizeof(int[W]));
  if (!img || !edge)
    return 1;
  make_image(h, w, img);
  sobel(h, w, (const int(*)[W])img, edge);
  for (y = 0; y < h; y++) {
    for (x = 0; x < w; x++)
      printf("%d ", edge[y][x]);
    printf("\n");
  }
  free(img);
  free(edge);
  return 0;
}
