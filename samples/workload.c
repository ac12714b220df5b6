/* The simulated workload loops of [chang-alpha] section 3.3.2: iteration i of the increasing loop does i + 1
 * units of work (b = 1, h = 1), the decreasing loop runs the same iterations in reverse cost order, and the
 * random loop draws each iteration's cost from a fixed pseudo-random sequence. A unit is a small matrix
 * product (the thesis' `donothing(msize)`). workload(...) tells the alpha phase where a% of the work ends.
 */
#include <stdio.h>

#ifndef ITERATIONS
#define ITERATIONS 360
#endif
#ifndef MSIZE
#define MSIZE 12
#endif

static double increasing[ITERATIONS], decreasing[ITERATIONS], irregular[ITERATIONS];

/* One unit of work: an msize x msize matrix product of matrices derived from (i, unit). */
static double unit_of_work(int i, int unit) {
  double x[MSIZE][MSIZE], y[MSIZE][MSIZE], trace = 0.0;
  for (int r = 0; r < MSIZE; r++)
    for (int c = 0; c < MSIZE; c++) {
      x[r][c] = (double)((r * 7 + c * 3 + i) % 13) / 13.0;
      y[r][c] = (double)((r * 5 + c * 11 + unit) % 17) / 17.0;
    }
  for (int r = 0; r < MSIZE; r++)
    for (int c = 0; c < MSIZE; c++) {
      double s = 0.0;
      for (int k = 0; k < MSIZE; k++)
        s += x[r][k] * y[k][c];
      trace += r == c ? s : 0.0;
    }
  return trace;
}

static int random_units(int i) {
  unsigned h = (unsigned)i * 2654435761u;
  h ^= h >> 15;
  return (int)(h % (2 * ITERATIONS)) + 1;
}

int main(void) {
#pragma lsc parallel for schedule(gss) alpha(75) workload(increasing(1, 1))
  for (int i = 0; i < ITERATIONS; i++) {
    double acc = 0.0;
    for (int u = 0; u <= i; u++)
      acc += unit_of_work(i, u);
    increasing[i] = acc;
  }

#pragma lsc parallel for schedule(gss) alpha(75) workload(decreasing(1, 1))
  for (int i = 0; i < ITERATIONS; i++) {
    double acc = 0.0;
    for (int u = 0; u < ITERATIONS - i; u++)
      acc += unit_of_work(i, u);
    decreasing[i] = acc;
  }

#pragma lsc parallel for schedule(fss) workload(irregular)
  for (int i = 0; i < ITERATIONS; i++) {
    double acc = 0.0;
    int units = random_units(i);
    for (int u = 0; u < units; u++)
      acc += unit_of_work(i, u);
    irregular[i] = acc;
  }

  double sum_inc = 0.0, sum_dec = 0.0, sum_irr = 0.0;
  for (int i = 0; i < ITERATIONS; i++) {
    sum_inc += increasing[i] * (i % 3 + 1);
    sum_dec += decreasing[i] * (i % 3 + 1);
    sum_irr += irregular[i] * (i % 3 + 1);
  }
  printf("workload I=%d msize=%d: increasing %.6f decreasing %.6f random %.6f\n", ITERATIONS, MSIZE, sum_inc,
         sum_dec, sum_irr);
  return 0;
}
