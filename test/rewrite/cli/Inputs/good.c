int main(void) {
  int a[10];
#pragma lsc parallel for
  for (int i = 0; i < 10; i++)
    a[i] = i;
  return a[1];
}
