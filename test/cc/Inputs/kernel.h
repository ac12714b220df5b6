#ifndef KERNEL_H
#define KERNEL_H

#define KERNEL_ROWS 3000
extern double cube_sum[KERNEL_ROWS];
void fill_cube_sums(void);

#endif
