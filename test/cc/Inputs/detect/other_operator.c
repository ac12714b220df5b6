_Pragma("omp parallel for")
_Pragma("lscx")
int _Pragmatic; /* an identifier that starts like the operator */
