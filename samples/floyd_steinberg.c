/* Floyd-Steinberg error diffusion of a generated grey image to black and white, the kernel [ciorba-hopt]
 * measured its model on. Written in "pull" form: a pixel adds the shares of the errors its four
 * already-visited neighbours left, 7/16 from the left, 3/16 from above right, 5/16 from above, 1/16 from
 * above left. The nest's dependence distances are therefore (0,1), (1,-1), (1,0) and (1,1); docs/pipeline.md
 * explains why (1,-1) still allows a pipeline over chunks of rows. Plain sequential C; prints a checksum. */
#include <stdio.h>

#ifndef HEIGHT
#define HEIGHT 360 /* rows, the scheduling dimension */
#endif
#ifndef WIDTH
#define WIDTH 480 /* columns, the synchronization dimension */
#endif

/* Row 0 and columns 0 and WIDTH + 1 are a zero border, so every pixel reads its neighbours' errors without
 * a test: the loops run over rows 1..HEIGHT and columns 1..WIDTH. */
static int grey[HEIGHT + 1][WIDTH + 2];
static int quant_error[HEIGHT + 1][WIDTH + 2];
static unsigned char white[HEIGHT + 1][WIDTH + 2];

int main(void) {
  /* a diagonal ramp with a few rings: every grey level appears, so the dithering has work everywhere */
  for (int y = 1; y <= HEIGHT; y++)
    for (int x = 1; x <= WIDTH; x++) {
      int ramp = (x * 160 / WIDTH + y * 95 / HEIGHT) % 256;
      int dx = x - WIDTH / 2, dy = y - HEIGHT / 2;
      int ring = (dx * dx + dy * dy) / 97 % 7 == 0 ? 40 : 0;
      grey[y][x] = ramp + ring > 255 ? 255 : ramp + ring;
    }

#pragma lsc pipeline for schedule(dfss) sync(auto)
  for (int y = 1; y <= HEIGHT; y++)
    for (int x = 1; x <= WIDTH; x++) {
      int wanted = grey[y][x] + (7 * quant_error[y][x - 1] + 3 * quant_error[y - 1][x + 1] +
                                 5 * quant_error[y - 1][x] + quant_error[y - 1][x - 1]) /
                                    16;
      int level = wanted < 128 ? 0 : 255;
      white[y][x] = level == 255;
      quant_error[y][x] = wanted - level;
    }

  long whites = 0;
  long long checksum = 0;
  for (int y = 1; y <= HEIGHT; y++)
    for (int x = 1; x <= WIDTH; x++) {
      whites += white[y][x];
      checksum += (long long)white[y][x] * ((x * 31 + y * 17) % 101 + 1) + quant_error[y][x] * (x % 3 + 1);
    }
  printf("floyd_steinberg %dx%d: %ld white pixels, checksum %lld\n", WIDTH, HEIGHT, whites, checksum);
  return 0;
}
