#define SIZE (BASE * 2)
