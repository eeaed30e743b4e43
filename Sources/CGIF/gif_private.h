// Shared by the first-frame decoder (gif_decode.c) and the animation
// decoder (gif_anim_decode.c); not part of the module's public header.
#ifndef VG_GIF_PRIVATE_H
#define VG_GIF_PRIVATE_H

#include <gif_lib.h>
#include <stddef.h>
#include <stdint.h>

// The caller's bytes, read through giflib's input callback.
typedef struct {
    const uint8_t *data;
    size_t length;
    size_t at;
    int padded;   // the one zero byte after the end was handed out
} vg_gif_source;

// giflib's input callback over a vg_gif_source. Past the end it hands out
// one zero byte (a block terminator) before failing: giflib reads a
// frame's closing block when it returns the last row, so a file cut right
// after a frame's pixels keeps that frame, while a cut inside the pixels
// still fails (giflib refuses a terminator there).
int vg_gif_read(GifFileType *gif, GifByteType *buffer, int count);

// giflib's error code as a VG_GIF_* result code.
int vg_gif_code(int giflib_error, const vg_gif_source *source);

// Receives row `y` (0 = the frame's top) of palette indices.
typedef void (*vg_gif_row_fn)(void *context, uint32_t y, const GifPixelType *line);

// Reads a frame's rows in the order the file stores them (interlaced frames
// carry rows 0, 8, 16… then 4, 12… then 2, 6… then 1, 3…).
int vg_gif_read_lines(GifFileType *gif, uint32_t width, uint32_t height, int interlaced,
                      GifPixelType *line, vg_gif_row_fn put, void *context);

#endif
