int c[64];
void fill_forced(void) {
  PAR
  for (int i = 0; i < 64; i++)
    c[i] = i;
}
