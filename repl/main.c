#include <stdio.h>
int main(void) { puts("hule"); return 0; }
