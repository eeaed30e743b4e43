// Writing GIF89a through giflib's stream encoder into a growing memory buffer.
#include "CGIF.h"

#include <gif_lib.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    int failed;
} vg_gif_buffer;

static int vg_gif_write(GifFileType *gif, const GifByteType *bytes, int count) {
    vg_gif_buffer *buffer = gif->UserData;
    if (count <= 0) return count;
    if (buffer->length + (size_t)count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + (size_t)count) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            buffer->failed = 1;
            return 0;
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, (size_t)count);
    buffer->length += (size_t)count;
    return count;
}

static int vg_gif_valid(const vg_gif_screen *screen, const vg_gif_frame *frames, int frame_count,
                        size_t indices_length) {
    if (screen->width == 0 || screen->height == 0 || screen->width > 65535 || screen->height > 65535) return 0;
    int size = screen->palette_size;
    if (size < 2 || size > 256 || (size & (size - 1)) != 0 || screen->palette_rgb == NULL) return 0;
    if (screen->transparent_index >= size || screen->loop_count > 65535 || frame_count < 1) return 0;
    for (int i = 0; i < frame_count; i++) {
        const vg_gif_frame *f = &frames[i];
        if (f->width == 0 || f->height == 0 || f->left + f->width > screen->width ||
            f->top + f->height > screen->height) return 0;
        if (f->offset > indices_length || (size_t)f->width * f->height > indices_length - f->offset) return 0;
        if (f->delay_centiseconds < 0 || f->delay_centiseconds > 65535) return 0;
        if (f->disposal < 0 || f->disposal > 3) return 0;
    }
    return 1;
}

// NETSCAPE2.0: sub-block 1 holds the loop count, little-endian (0 = forever).
static int vg_gif_put_loop(GifFileType *gif, int loop_count) {
    GifByteType count[3] = {1, (GifByteType)(loop_count & 0xFF), (GifByteType)(loop_count >> 8)};
    return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
           EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK &&
           EGifPutExtensionBlock(gif, 3, count) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
}

static int vg_gif_put_frame(GifFileType *gif, const vg_gif_screen *screen, const vg_gif_frame *frame,
                            const uint8_t *indices, int control) {
    if (control) {
        GraphicsControlBlock block = {
            .DisposalMode = frame->disposal,
            .UserInputFlag = false,
            .DelayTime = frame->delay_centiseconds,
            .TransparentColor = screen->transparent_index < 0 ? NO_TRANSPARENT_COLOR : screen->transparent_index};
        GifByteType extension[4];
        size_t length = EGifGCBToExtension(&block, extension);
        if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) != GIF_OK) return 0;
    }
    if (EGifPutImageDesc(gif, (int)frame->left, (int)frame->top, (int)frame->width, (int)frame->height, false,
                         NULL) != GIF_OK) return 0;
    for (uint32_t row = 0; row < frame->height; row++) {
        // giflib's line argument is not const; it only reads it.
        GifPixelType *line = (GifPixelType *)(indices + frame->offset + (size_t)row * frame->width);
        if (EGifPutLine(gif, line, (int)frame->width) != GIF_OK) return 0;
    }
    return 1;
}

static int vg_gif_put_all(GifFileType *gif, const vg_gif_screen *screen, const vg_gif_frame *frames,
                          int frame_count, const uint8_t *indices) {
    ColorMapObject *map = GifMakeMapObject(screen->palette_size, (const GifColorType *)screen->palette_rgb);
    if (map == NULL) return VG_GIF_ENCODE_OUT_OF_MEMORY;
    EGifSetGifVersion(gif, true);
    int background = screen->transparent_index < 0 ? 0 : screen->transparent_index;
    int ok = EGifPutScreenDesc(gif, (int)screen->width, (int)screen->height, 8, background, map) == GIF_OK;
    GifFreeMapObject(map);
    if (ok && screen->loop_count >= 0) ok = vg_gif_put_loop(gif, screen->loop_count);
    int control = frame_count > 1 || screen->transparent_index >= 0;
    for (int i = 0; ok && i < frame_count; i++) ok = vg_gif_put_frame(gif, screen, &frames[i], indices, control);
    return ok ? VG_GIF_ENCODE_OK : VG_GIF_ENCODE_FAILED;
}

int vg_gif_encode(const vg_gif_screen *screen, const vg_gif_frame *frames, int frame_count,
                  const uint8_t *indices, size_t indices_length, uint8_t **out, size_t *out_length) {
    if (screen == NULL || frames == NULL || indices == NULL || out == NULL || out_length == NULL) {
        return VG_GIF_ENCODE_BAD_ARGUMENT;
    }
    *out = NULL;
    *out_length = 0;
    if (!vg_gif_valid(screen, frames, frame_count, indices_length)) return VG_GIF_ENCODE_BAD_ARGUMENT;
    vg_gif_buffer buffer = {0};
    int error = 0;
    GifFileType *gif = EGifOpen(&buffer, vg_gif_write, &error);
    if (gif == NULL) return VG_GIF_ENCODE_OUT_OF_MEMORY;
    int rc = vg_gif_put_all(gif, screen, frames, frame_count, indices);
    // Closing writes the trailer and frees giflib's state, on success or not.
    if (EGifCloseFile(gif, &error) != GIF_OK && rc == VG_GIF_ENCODE_OK) rc = VG_GIF_ENCODE_FAILED;
    if (buffer.failed) rc = VG_GIF_ENCODE_OUT_OF_MEMORY;
    if (rc != VG_GIF_ENCODE_OK) {
        free(buffer.bytes);
        return rc;
    }
    *out = buffer.bytes;
    *out_length = buffer.length;
    return VG_GIF_ENCODE_OK;
}

void vg_gif_free(void *pointer) { free(pointer); }
