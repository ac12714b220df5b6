int a[4];
void f(void) {
# /* a comment is whitespace */ pragma /* here too */ lsc parallel for
  for (int i = 0; i < 4; i++)
    a[i] = i;
}
