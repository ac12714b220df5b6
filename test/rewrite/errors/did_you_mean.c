// Misspelled or foreign names in a pragma get "did you mean" and a fix-it that replaces the word: clause
// names (typos, OpenMP's num_threads, abbreviations such as sched), schedule and workload names. With
// -fdiagnostics-parseable-fixits each fix-it is also printed for editors, as clang prints it. A name far
// from every known one gets no guess.
// RUN: not %lsc-rewrite %s -o %t.out -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: test ! -e %t.out
int main(void) {
  double a[64];
#pragma lsc parallel for sched(gss)
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma lsc parallel for num_threads(2)
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma lsc parallel for shcedule(fss)
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma lsc parallel for schedule(gsss(4))
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma lsc parallel for workload(increasng)
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma lsc parallel for frobnicate(1)
  for (int i = 0; i < 64; i++)
    a[i] = i;
  return (int)a[3];
}

// CHECK:{{.*}}did_you_mean.c:9:26: error: unknown clause 'sched' in '#pragma lsc parallel for'; did you mean 'schedule'?
// CHECK-NEXT:#pragma lsc parallel for sched(gss)
// CHECK-NEXT:                         ^~~~~
// CHECK-NEXT:                         schedule
// CHECK-NEXT:fix-it:"{{.*}}did_you_mean.c":{9:26-9:31}:"schedule"
// CHECK-NEXT:{{.*}}did_you_mean.c:12:26: error: unknown clause 'num_threads' in '#pragma lsc parallel for'; did you mean 'threads'?
// CHECK-NEXT:#pragma lsc parallel for num_threads(2)
// CHECK-NEXT:                         ^~~~~~~~~~~
// CHECK-NEXT:                         threads
// CHECK-NEXT:fix-it:"{{.*}}did_you_mean.c":{12:26-12:37}:"threads"
// CHECK-NEXT:{{.*}}did_you_mean.c:15:26: error: unknown clause 'shcedule' in '#pragma lsc parallel for'; did you mean 'schedule'?
// CHECK-NEXT:#pragma lsc parallel for shcedule(fss)
// CHECK-NEXT:                         ^~~~~~~~
// CHECK-NEXT:                         schedule
// CHECK-NEXT:fix-it:"{{.*}}did_you_mean.c":{15:26-15:34}:"schedule"
// CHECK-NEXT:{{.*}}did_you_mean.c:18:35: error: invalid schedule 'gsss(4)': unknown schedule 'gsss'; did you mean 'gss'? expected one of: {{.*}}
// CHECK-NEXT:#pragma lsc parallel for schedule(gsss(4))
// CHECK-NEXT:                                  ^~~~
// CHECK-NEXT:                                  gss
// CHECK-NEXT:fix-it:"{{.*}}did_you_mean.c":{18:35-18:39}:"gss"
// CHECK-NEXT:{{.*}}did_you_mean.c:21:35: error: invalid workload 'increasng': unknown workload 'increasng'; did you mean 'increasing'? expected one of: {{.*}}
// CHECK-NEXT:#pragma lsc parallel for workload(increasng)
// CHECK-NEXT:                                  ^~~~~~~~~
// CHECK-NEXT:                                  increasing
// CHECK-NEXT:fix-it:"{{.*}}did_you_mean.c":{21:35-21:44}:"increasing"
// CHECK-NEXT:{{.*}}did_you_mean.c:24:26: error: unknown clause 'frobnicate' in '#pragma lsc parallel for'
// CHECK-NEXT:#pragma lsc parallel for frobnicate(1)
// CHECK-NEXT:                         ^
// CHECK-NEXT:6 errors generated.
