#ifndef CAVIF_AVIF_ENCODE_H
#define CAVIF_AVIF_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Encoding's own result code (the others are CAVIF.h's VG_AVIF_*).
enum {
    VG_AVIF_NO_ENCODER = 8      /* this libavif was built without libaom */
};

/// Fixed settings of one AVIF encode (see avif_encode.c for why each is pinned).
typedef struct {
    int quality;   /* 1...100, clamped; ignored when lossless */
    int lossless;  /* quantizer 0, 4:4:4, identity matrix: pixels round-trip exactly */
    int speed;     /* libaom cpu-used 0 (slowest) ... 10, clamped */
} vg_avif_encode_options;

/// The AV1 quantizer (0...63) a quality 1...100 maps to, as libavif >= 1.0
/// and Pillow map it: round((100 - quality) * 63 / 100).
int vg_avif_quantizer(int quality);

/// True when the quality is encoded with full-resolution chroma (4:4:4).
int vg_avif_uses_444(vg_avif_encode_options options);

/// The name of the AV1 encoder libavif uses here ("aom"), or NULL when this
/// libavif was built without it or could not be loaded.
const char *vg_avif_encoder_name(void);

/// Encodes straight (not premultiplied) RGBA8, `width * 4` bytes a row, as an
/// 8-bit AVIF still image. `opaque` drops the alpha plane. On VG_AVIF_OK,
/// `*output` holds `*output_length` bytes the caller frees with vg_avif_free.
int vg_avif_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height, int opaque,
                         vg_avif_encode_options options, uint8_t **output, size_t *output_length);

/// Frees bytes returned by vg_avif_encode_rgba8 (NULL is ignored).
void vg_avif_free(uint8_t *bytes);

#ifdef __cplusplus
}
#endif

#endif
