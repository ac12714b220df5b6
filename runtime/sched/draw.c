/* draw.c - the scheme layer's reproducible random numbers (sched_internal.h): RND's chunk sizes, and
 * schedule(auto)'s cost profiles and feedback noise, which must be the same in every run so a choice can be
 * repeated. splitmix64 (Steele, Lea & Flood): a 64-bit state stepped by a constant and mixed; every seed is
 * good. Normal draws by Box-Muller from two of its uniforms. */
#include "sched_internal.h"

#include <math.h>

uint64_t lsc_draw_next(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* In (0, 1): the top 53 bits, offset by half a step so log() never sees 0. */
static double uniform(uint64_t *state) {
  return ((double)(lsc_draw_next(state) >> 11) + 0.5) / 9007199254740992.0;
}

double lsc_draw_normal(uint64_t *state) {
  double u = uniform(state), v = uniform(state);
  return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}
