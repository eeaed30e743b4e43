#ifndef CMALLOC_H
#define CMALLOC_H

/// Asks glibc to keep freed large buffers for reuse (no-op elsewhere):
/// batch renders then stop re-faulting fresh pages for every image.
/// Returns 1 when glibc took both settings, 0 elsewhere or when refused.
/// (`mallopt` and its constants are not visible to Swift through Glibc.)
int vg_malloc_keep_large_buffers(void);

#endif
