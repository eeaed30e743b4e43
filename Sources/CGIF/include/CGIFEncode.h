#ifndef CGIF_ENCODE_H
#define CGIF_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the GIF writer.
enum {
    VG_GIF_ENCODE_OK = 0,
    VG_GIF_ENCODE_BAD_ARGUMENT = 1,  /* a size, palette or frame rectangle out of range */
    VG_GIF_ENCODE_OUT_OF_MEMORY = 2,
    VG_GIF_ENCODE_FAILED = 3         /* giflib refused a record */
};

/// One frame: a rectangle of palette indices on the canvas.
typedef struct {
    uint32_t left, top, width, height;
    size_t offset;                   /* where its width * height indices start, row by row */
    int delay_centiseconds;          /* 0...65535 */
    int disposal;                    /* 1 leave in place, 2 clear to transparent */
} vg_gif_frame;

/// The file: a logical screen of `width` x `height` with one global colour
/// map of `palette_size` RGB entries (a power of two, 2...256), the
/// palette index drawn as transparent (-1: none), the NETSCAPE2.0 loop
/// count (-1: no loop record, the animation plays once), and the frames.
typedef struct {
    uint32_t width, height;
    const uint8_t *palette_rgb;
    int palette_size;
    int transparent_index;
    int loop_count;
} vg_gif_screen;

/// Writes a GIF89a with giflib's encoder into memory: the screen, the loop
/// record, then per frame a Graphic Control Extension (when animated or
/// transparent) and the LZW-compressed indices. Pure: the same input gives
/// the same bytes. Free `*out` with vg_gif_free.
int vg_gif_encode(const vg_gif_screen *screen, const vg_gif_frame *frames, int frame_count,
                  const uint8_t *indices, size_t indices_length, uint8_t **out, size_t *out_length);

void vg_gif_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
