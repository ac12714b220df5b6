/* A stencil whose bounds are parameters: outlined, gcc -O2's cheapest cost model keeps its inner loop
 * scalar unless the body carries LSC_OUTLINED (outlined-vectorizes.test). */
void sweep(int n, double (*a)[256], double (*b)[256]) {
#pragma lsc parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
}
