// #line directives: warnings in the rewritten file point at the user's lines and columns, in the outlined
// body, after the replaced loop and in a function after the outlined code.
// RUN: %lsc-rewrite %s -o %t.lsc.c
// RUN: not %lsc-build %t %t.lsc.c %lsc-libs 2>&1 | FileCheck %s
static int before(void) {
  int unused_before;
  return 0;
}

int main(void) {
  int v[64];
#pragma lsc parallel for
  for (int i = 0; i < 64; i++) {
    int unused_in_body;
    v[i] = i;
  }
  int unused_after;
  return v[3] + before();
}

// CHECK-DAG: {{.*}}line_mapping.c:6:7: error: unused variable 'unused_before'
// CHECK-DAG: {{.*}}line_mapping.c:14:9: error: unused variable 'unused_in_body'
// CHECK-DAG: {{.*}}line_mapping.c:17:7: error: unused variable 'unused_after'
