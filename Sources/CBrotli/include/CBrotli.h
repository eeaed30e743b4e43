#ifndef CBROTLI_H
#define CBROTLI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Decompresses the Brotli stream `input` (WOFF2's table data) into `output`,
/// which holds `*output_length` bytes; `*output_length` becomes the bytes
/// written. Returns 1 on success, 0 when the stream is malformed or does not
/// fit, -1 when libbrotlidec could not be opened (vg_brotli_library_failure
/// says why). libbrotlidec is opened on first use, never at process start.
int vg_brotli_decompress(const uint8_t *input, size_t input_length, uint8_t *output, size_t *output_length);

/// Copies why libbrotlidec could not be opened into `out` (empty once it is
/// open); returns whether it is open.
int vg_brotli_library_failure(char *out, size_t length);

/// libbrotlidec's version as it packs it (major << 24 | minor << 12 | patch); 0 when it cannot be opened.
uint32_t vg_brotli_version(void);

#ifdef __cplusplus
}
#endif

#endif
