#include <stdio.h>
static int
gnu_style(void)
{
  return 0;
}
int (*get_handler(int x))(int) { return 0; }
char **names(const char *p) { return 0; }
struct point { int x; int y; };
typedef struct { int a; } anon_t;
enum color { RED, GREEN };
union u { int a; float b; };
#define MAX(a, b) ((a) > (b) ? (a) : (b))
int proto(int);
