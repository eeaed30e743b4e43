#ifndef VG_CPU_PRIVATE_H
#define VG_CPU_PRIVATE_H

// Whether the processor runs the AVX2 kernels: detected in a constructor
// at load time, so reading it from any thread is race-free.
int vg_cpu_has_avx2(void);

#endif
