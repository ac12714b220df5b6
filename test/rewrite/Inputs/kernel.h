#ifndef KERNEL_H
#define KERNEL_H
struct point {
  double x, y;
};
static inline double norm2(struct point p) { return p.x * p.x + p.y * p.y; }
#define POINTS 777
#endif
