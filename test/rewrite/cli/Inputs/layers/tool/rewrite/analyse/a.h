#include "analyse/b.h"
int a(void);
