// A schedule name the runtime does not know (validated by lsc_schedule_parse).
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void) {
  int a[10];
#pragma lsc parallel for schedule(fastest)
  for (int i = 0; i < 10; i++)
    a[i] = i;
  return a[0];
}

// ERR: {{.*}}bad_schedule.c:[[@LINE-6]]:35: error: invalid schedule 'fastest': unknown schedule 'fastest'; expected one of: static[,k], cyclic, block_cyclic[(k)], pss, css[(k)], gss[(min)], fss[(x)], tss[(F,L)], fiss[(B)], tfss[(F,L)], dcss[(k)], dgss[(min)], dfss[(x)], dtss[(F,L)], fsc[(h,sigma)], mfsc, fac[(mu,sigma)], fac2, wf, tap[(mu,sigma,a)], viss[(k)], pls[(swr)], rnd[(min,max)], static_steal[(k)], bold[(mu,sigma,h)], awf, awf_b, awf_c, awf_d, awf_e, af (each [(min)]), dynamic[,k], guided[,k], runtime, auto
// ERR-NEXT: #pragma lsc parallel for schedule(fastest)
// ERR-NEXT:                                   ^
// ERR-NEXT: 1 error generated.
