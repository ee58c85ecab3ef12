#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H

#include <stddef.h>

/// The usable size of the heap block at `pointer` (glibc's malloc_usable_size), or 0 where unknown.
size_t cms_usable_size(const void *pointer);

/// The bytes of heap currently in use, chunk overhead included (glibc's mallinfo2().uordblks), or 0.
size_t cms_heap_in_use(void);

#endif
