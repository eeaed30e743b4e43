// Every frame of a GIF, composed on the canvas as browsers show it, over
// giflib's record API (never DGifSlurp): one canvas, one saved copy for
// "restore to previous", one row buffer, whatever the frame count.
#include "CGIF.h"
#include "gif_private.h"

#include <stdlib.h>
#include <string.h>

struct vg_gif_anim {
    vg_gif_source source;
    GifFileType *gif;
    uint32_t width, height;
    uint8_t *canvas;            // straight RGBA8
    uint8_t *saved;             // the canvas before a disposal-3 frame
    GifPixelType *line;         // 65535 entries: any frame row fits
    int dispose;                // the shown frame's disposal, applied before the next
    uint32_t left, top, right, bottom;  // its rectangle, clipped to the canvas
    int stopped;                // a code every later call returns
};

// What a Graphic Control Extension says about the frame after it.
typedef struct {
    int disposal;
    int delay;
    int transparent;
} vg_control;

int vg_gif_anim_open(const uint8_t *data, size_t length, uint64_t max_pixels, vg_gif_anim **out) {
    if (out == NULL) return VG_GIF_BAD_ARGUMENT;
    *out = NULL;
    vg_gif_info info;
    int rc = vg_gif_probe(data, length, max_pixels, &info);
    if (rc != VG_GIF_OK) return rc;
    vg_gif_anim *anim = calloc(1, sizeof *anim);
    if (anim == NULL) return VG_GIF_OUT_OF_MEMORY;
    anim->source = (vg_gif_source){data, length, 0, 0};
    anim->width = info.width;
    anim->height = info.height;
    anim->canvas = calloc((size_t)info.width * info.height, 4);
    anim->line = malloc(65536);
    int error = 0;
    if (anim->canvas != NULL && anim->line != NULL) anim->gif = DGifOpen(&anim->source, vg_gif_read, &error);
    if (anim->gif == NULL) {
        rc = anim->canvas == NULL || anim->line == NULL ? VG_GIF_OUT_OF_MEMORY : vg_gif_code(error, &anim->source);
        vg_gif_anim_close(anim);
        return rc;
    }
    *out = anim;
    return VG_GIF_OK;
}

void vg_gif_anim_close(vg_gif_anim *anim) {
    if (anim == NULL) return;
    int ignored = 0;
    if (anim->gif != NULL) DGifCloseFile(anim->gif, &ignored);
    free(anim->canvas);
    free(anim->saved);
    free(anim->line);
    free(anim);
}

// Disposal of the frame last shown: 2 clears its rectangle to transparent
// (as browsers do, not to the background colour), 3 restores what was
// under it; 0, 1 and unknown values keep it.
static void vg_dispose(vg_gif_anim *anim) {
    size_t row = (size_t)anim->width * 4, span = (size_t)(anim->right - anim->left) * 4;
    for (uint32_t y = anim->top; y < anim->bottom && span > 0; y++) {
        size_t at = y * row + (size_t)anim->left * 4;
        if (anim->dispose == 2) memset(anim->canvas + at, 0, span);
        if (anim->dispose == 3 && anim->saved != NULL) memcpy(anim->canvas + at, anim->saved + at, span);
    }
    anim->dispose = 0;
}

static int vg_error(const vg_gif_anim *anim) { return vg_gif_code(anim->gif->Error, &anim->source); }

// Reads an extension; a Graphic Control Extension fills `control`.
static int vg_extension(vg_gif_anim *anim, vg_control *control) {
    int code = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(anim->gif, &code, &block) == GIF_ERROR) return vg_error(anim);
    if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
        control->disposal = (block[1] >> 2) & 7;
        control->delay = block[2] | block[3] << 8;
        control->transparent = (block[1] & 0x01) ? (int)block[4] : -1;
    }
    while (block != NULL) {
        if (DGifGetExtensionNext(anim->gif, &block) == GIF_ERROR) return vg_error(anim);
    }
    return VG_GIF_OK;
}

typedef struct {
    vg_gif_anim *anim;
    const ColorMapObject *map;
    int transparent;
    uint32_t left, top;
} vg_frame_rows;

// One row of indices onto the canvas: the transparent index leaves the
// canvas as it is; without a colour map (or past it) an index is opaque black.
static void vg_draw_row(void *context, uint32_t y, const GifPixelType *line) {
    const vg_frame_rows *rows = context;
    const vg_gif_anim *anim = rows->anim;
    uint32_t cy = rows->top + y, width = (uint32_t)anim->gif->Image.Width;
    if (cy >= anim->height) return;
    uint8_t *pixel = anim->canvas + ((size_t)cy * anim->width + rows->left) * 4;
    for (uint32_t x = 0; x < width && rows->left + x < anim->width; x++, pixel += 4) {
        int index = line[x];
        if (index == rows->transparent) continue;
        const ColorMapObject *map = rows->map;
        const GifColorType *color = map != NULL && map->Colors != NULL && index < map->ColorCount ? &map->Colors[index] : NULL;
        pixel[0] = color != NULL ? color->Red : 0;
        pixel[1] = color != NULL ? color->Green : 0;
        pixel[2] = color != NULL ? color->Blue : 0;
        pixel[3] = 255;
    }
}

// Skips the image data of a frame with no pixels.
static int vg_skip_image(vg_gif_anim *anim) {
    int size = 0;
    GifByteType *block = NULL;
    if (DGifGetCode(anim->gif, &size, &block) == GIF_ERROR) return vg_error(anim);
    while (block != NULL) {
        if (DGifGetCodeNext(anim->gif, &block) == GIF_ERROR) return vg_error(anim);
    }
    return VG_GIF_OK;
}

// Reads the image descriptor and draws the frame; remembers its disposal.
static int vg_frame(vg_gif_anim *anim, const vg_control *control) {
    GifFileType *gif = anim->gif;
    if (DGifGetImageDesc(gif) == GIF_ERROR) return vg_error(anim);
    const GifImageDesc *desc = &gif->Image;
    if (desc->Left < 0 || desc->Top < 0 || desc->Width < 0 || desc->Height < 0) return VG_GIF_MALFORMED;
    uint32_t left = (uint32_t)desc->Left, top = (uint32_t)desc->Top;
    anim->left = left < anim->width ? left : anim->width;
    anim->top = top < anim->height ? top : anim->height;
    anim->right = left + (uint32_t)desc->Width < anim->width ? left + (uint32_t)desc->Width : anim->width;
    anim->bottom = top + (uint32_t)desc->Height < anim->height ? top + (uint32_t)desc->Height : anim->height;
    if (anim->right < anim->left) anim->right = anim->left;
    if (anim->bottom < anim->top) anim->bottom = anim->top;
    if (control->disposal == 3) {
        size_t bytes = (size_t)anim->width * anim->height * 4;
        if (anim->saved == NULL) anim->saved = malloc(bytes);
        if (anim->saved == NULL) return VG_GIF_OUT_OF_MEMORY;
        memcpy(anim->saved, anim->canvas, bytes);
    }
    anim->dispose = control->disposal;
    if (desc->Width == 0 || desc->Height == 0) return vg_skip_image(anim);
    vg_frame_rows rows = {anim, desc->ColorMap != NULL ? desc->ColorMap : gif->SColorMap, control->transparent, left, top};
    return vg_gif_read_lines(gif, (uint32_t)desc->Width, (uint32_t)desc->Height, desc->Interlace, anim->line,
                             vg_draw_row, &rows);
}

int vg_gif_anim_next(vg_gif_anim *anim, uint8_t *out, size_t out_length, int *duration_ms) {
    if (anim == NULL || out == NULL || duration_ms == NULL) return VG_GIF_BAD_ARGUMENT;
    size_t bytes = (size_t)anim->width * anim->height * 4;
    if (out_length < bytes) return VG_GIF_BAD_ARGUMENT;
    if (anim->stopped != VG_GIF_OK) return anim->stopped;
    vg_dispose(anim);
    vg_control control = {0, 0, -1};
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        int rc = DGifGetRecordType(anim->gif, &type) == GIF_ERROR ? vg_error(anim) : VG_GIF_OK;
        if (rc == VG_GIF_OK && type == EXTENSION_RECORD_TYPE) rc = vg_extension(anim, &control);
        else if (rc == VG_GIF_OK && type == IMAGE_DESC_RECORD_TYPE) rc = vg_frame(anim, &control);
        else if (rc == VG_GIF_OK) rc = type == TERMINATE_RECORD_TYPE ? VG_GIF_END : VG_GIF_MALFORMED;
        if (rc != VG_GIF_OK) {
            anim->stopped = rc;
            return rc;
        }
        if (type == IMAGE_DESC_RECORD_TYPE) break;
    }
    memcpy(out, anim->canvas, bytes);
    *duration_ms = control.delay * 10;
    return VG_GIF_OK;
}
