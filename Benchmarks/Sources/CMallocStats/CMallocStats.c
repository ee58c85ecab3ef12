#include "CMallocStats.h"

#include <stdlib.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

size_t cms_usable_size(const void *pointer) { return malloc_usable_size((void *)pointer); }

size_t cms_heap_in_use(void) { return mallinfo2().uordblks; }
#else
size_t cms_usable_size(const void *pointer) { (void)pointer; return 0; }

size_t cms_heap_in_use(void) { return 0; }
#endif
