int main(void) {
  int a[10], s = 0;
#pragma lsc parallel for
  for (int i = 0; i < 10; i++)
    s ^= a[i];
  return s;
}
