#ifndef VG_FUZZER_DRIVER_H
#define VG_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver (compiler-rt, LLVM 11 and later), declared here because
 * no system header does. SwiftPM links executables with their own `main`
 * (renamed per module), so each harness's `main` hands over to libFuzzer
 * through this call instead of using libFuzzer's `main`. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
