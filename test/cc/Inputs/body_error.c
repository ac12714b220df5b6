/* The loop body calls a function the compiler refuses to call. lsc-rewrite only parses (no code generation),
 * so it accepts the file; the compiler reports the call when it generates code, on the rewritten copy, and
 * the #line directives make it name this file and line. */
__attribute__((error("forbidden in this program"))) void forbidden(int i);

static double values[100];

int main(void) {
#pragma lsc parallel for
  for (int i = 0; i < 100; i++) {
    values[i] = i;
    forbidden(i);
  }
  return values[99] > 0.0 ? 0 : 1;
}
