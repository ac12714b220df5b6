// An out section that every iteration shares: chunks would overwrite each other's results.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR --match-full-lines
// RUN: test ! -e %t.out
int main(void){
  int a[100], total[1] = {0};
#pragma lsc parallel for inout(total[0:1])
  for (int i = 0; i < 100; i++)
    a[i] = total[0] + i;
  return a[5];
}

// ERR: {{.*}}overlapping_out_section.c:[[@LINE-6]]:32: error: the sections of 'total' that different iterations may write overlap; each chunk's would overwrite the others' results
// ERR-NEXT: #pragma lsc parallel for inout(total[0:1])
// ERR-NEXT:                                ^
// ERR-NEXT: 1 error generated.
