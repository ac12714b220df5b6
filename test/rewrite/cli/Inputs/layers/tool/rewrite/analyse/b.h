#include "analyse/a.h"
int b(void);
