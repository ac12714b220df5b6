// Data directives lsc refuses, each with the way out: a pointer (an array parameter too) without a section,
// a scalar, a const array written back, a section of two dimensions, a statement neither block nor loop, a
// break and a goto leaving the region, a data directive inside a parallel loop, a directive without a clause.
// RUN: rm -f %t.out
// RUN: not %lsc-rewrite %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t.out
#define N 64
static const double table[N] = {1};
double grid[N][N];

void items(double *p, int n, double s) {
#pragma lsc data copy(p, s) copyout(table) copyin(grid[0:N][0:N])
  {
    p[0] = s + n;
  }
}

void statement(double *p, int n) {
#pragma lsc data copy(p[0:n])
  p[0] = 1;
}

void jumps(double *p, int n) {
  for (int k = 0; k < n; k++) {
#pragma lsc data copy(p[0:n])
    {
      if (p[k] > 0)
        break;
      if (p[k] < 0)
        goto out;
    }
  }
out:
  p[0] = 0;
}

void inside(double *p, int n) {
#pragma lsc parallel for
  for (int i = 0; i < n; i++) {
#pragma lsc update host(p[0:n])
    p[i] = i;
  }
}

void no_clause(void) {
#pragma lsc update
}

// ERR: data_region_refused.c:12:23: error: 'p' is a pointer: lsc cannot tell how many elements it points to; give them as a section, 'p[0:n]'
// ERR: data_region_refused.c:12:26: error: 's' is not an array; data clauses name arrays (each loop captures the scalars it reads)
// ERR: data_region_refused.c:12:37: error: 'table' is const: nothing can write it back; name it in 'copyin(table)'
// ERR: data_region_refused.c:12:51: error: a data clause takes whole rows: 'grid[lo:len]', a section of the first dimension only
// ERR: data_region_refused.c:20:3: error: '#pragma lsc data' must be followed by a block '{ ... }' or a loop: the region is that statement
// ERR: data_region_refused.c:19:1: note: the data directive is here
// ERR: data_region_refused.c:28:9: error: this 'break' leaves the data region, whose end brings the arrays back to rank 0; end the region inside the loop, or put the loop inside the region
// ERR: data_region_refused.c:30:9: error: this 'goto' leaves the data region, whose end brings the arrays back to rank 0
// ERR: data_region_refused.c:40:1: error: '#pragma lsc update' cannot be inside a parallel loop: put it around the loop
// ERR: data_region_refused.c:38:1: note: the parallel loop
// ERR: data_region_refused.c:46:13: error: '#pragma lsc update' needs a data clause: 'host(a)' (the ranks' newest elements back to rank 0) or 'workers(a)' (rank 0's elements out to the ranks)

// A parameter declared as an array is a pointer: sizeof would measure the pointer.
void array_parameter(int n, double rows[N][N]) {
#pragma lsc data copy(rows)
  {
    rows[0][0] = n;
  }
}
// ERR: data_region_refused.c:63:23: error: 'rows' is a pointer: lsc cannot tell how many elements it points to; give them as a section, 'rows[0:n]'
