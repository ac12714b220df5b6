/* Mandelbrot set ([wu-hybrid] section 4.3, [yang-adaptive]): an irregular workload with almost no input data,
 * so the balance comes from scheduling alone. Rows near the set cost far more than rows outside it. */
#include <stdio.h>

#ifndef WIDTH
#define WIDTH 768
#endif
#ifndef HEIGHT
#define HEIGHT 512
#endif
#ifndef MAX_ITER
#define MAX_ITER 512
#endif

static int escape[HEIGHT][WIDTH];

int main(void) {
  const double x_min = -2.0, x_max = 0.6, y_min = -1.2, y_max = 1.2;

#pragma lsc parallel for schedule(fss) workload(irregular)
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++) {
      double cr = x_min + (x_max - x_min) * x / WIDTH;
      double ci = y_min + (y_max - y_min) * y / HEIGHT;
      double zr = 0.0, zi = 0.0;
      int n = 0;
      while (n < MAX_ITER && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2.0 * zr * zi + ci;
        zr = t;
        n++;
      }
      escape[y][x] = n;
    }

  long long total = 0, inside = 0;
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++) {
      total += (long long)escape[y][x] * ((x + 3 * y) % 5 + 1);
      inside += escape[y][x] == MAX_ITER;
    }
  printf("mandelbrot %dx%d max_iter %d: checksum %lld, %lld points inside\n", WIDTH, HEIGHT, MAX_ITER, total,
         inside);
  return 0;
}
