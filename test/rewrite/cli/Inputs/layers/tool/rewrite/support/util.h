#include "plan/plan.h"
int support_fn(void);
