#define PARALLEL_FOR _Pragma ( "lsc parallel for" )
int a[4];
void f(void) {
  PARALLEL_FOR
  for (int i = 0; i < 4; i++)
    a[i] = i;
}
