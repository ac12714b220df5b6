double ext(double);
static double g[50];
int main(void) {
  double out[50], s = 0;
  int n = 50;
#pragma lsc parallel for schedule(gss) reduction(+: s)
  for (int i = 0; i < n; i++) {
    out[i] = ext(g[i]);
    s += out[i] * n;
  }
  return (int)s;
}
