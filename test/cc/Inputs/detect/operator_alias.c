#define P _Pragma
int a[4];
void f(void) {
  P("lsc parallel for")
  for (int i = 0; i < 4; i++)
    a[i] = i;
}
