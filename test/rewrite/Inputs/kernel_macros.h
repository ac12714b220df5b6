/* kernel_macros.h - sizes and helper macros the way benchmark suites write them in a kernel's header. */
#define NI 60
#define NJ 40
#define BOUND(N, n) n
#define SV(x) x
#define IDX(a, i) a[i]
#define IS_EVEN(v) ((v) % 2 == 0)
#define SCALE SV
#define LAST_ROW(n) ((n) - 1)
#define UPPER_NI BOUND(NI, ni)
