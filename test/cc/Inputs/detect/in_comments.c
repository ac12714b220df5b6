/* #pragma lsc parallel for: documentation only
#pragma lsc parallel for
*/
// #pragma lsc parallel for
int a[4];
