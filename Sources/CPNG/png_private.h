// Shared by the PNG shim's translation units; not part of the module's interface.
#ifndef CPNG_PRIVATE_H
#define CPNG_PRIVATE_H

#include "CPNG.h"

#include <png.h>

/// Copies `message` into the caller's buffer (truncated, always terminated).
void vg_png_set_error(char *err, size_t err_length, const char *message);

/// libpng's warning hook: warnings (bad ancillary chunks, dropped chunks,
/// sRGB profile notes) are not errors and are not printed.
void vg_png_warning_fn(png_structp png, png_const_charp message);

/// The writer of png_encode_direct.c: the bytes of vg_png_encode_libpng for
/// 8-bit RGB or RGBA with a non-empty filter mask; VG_PNG_OUT_OF_MEMORY on failure.
int vg_png_encode_direct(const uint8_t *pixels, uint32_t width, uint32_t height, int input_stride_channels,
                         int channels, vg_png_encode_options options, vg_buffer *out);

#endif
