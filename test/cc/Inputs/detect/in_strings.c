const char *help = "#pragma lsc parallel for";
const char *op = "_Pragma(\"lsc parallel for\")";
char hash = '#';
