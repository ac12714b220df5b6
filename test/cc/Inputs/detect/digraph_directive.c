%:pragma lsc parallel for
int a;
