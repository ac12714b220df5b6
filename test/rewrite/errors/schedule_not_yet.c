// A technique with the wrong arguments is refused naming its form; a misspelt technique name gets a
// did-you-mean fix-it; auto takes no arguments. (schedule(auto) itself is accepted: rewrite/schedule_auto.c.)
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10], b[10], c[10];
#pragma lsc parallel for schedule(auto(2))
  for (int i = 0; i < 10; i++)
    a[i] = i;
#pragma lsc parallel for schedule(bold(1, 2))
  for (int i = 0; i < 10; i++)
    b[i] = i;
#pragma lsc parallel for schedule(static_stael(4))
  for (int i = 0; i < 10; i++)
    c[i] = i;
  return a[0] + b[0] + c[0];
}

// ERR: {{.*}}schedule_not_yet.c:8:35: error: invalid schedule 'auto(2)': auto takes no arguments; write 'auto'
// ERR: {{.*}}schedule_not_yet.c:11:35: error: invalid schedule 'bold(1,2)': bold takes bold(mu,sigma,h); got 2 arguments
// ERR: {{.*}}schedule_not_yet.c:14:35: error: invalid schedule 'static_stael(4)': unknown schedule 'static_stael'; did you mean 'static_steal'? expected one of: {{.*}}
// ERR: {{ *}}static_steal
// ERR: 3 errors generated.
