// First-frame GIF decoding over giflib's record API: records are walked one
// by one (never DGifSlurp), so nothing past the first frame is read or
// allocated. giflib reports errors in GifFile->Error; every one becomes a
// VG_GIF_* code here, and giflib never prints or exits on this path.
#include "CGIF.h"
#include "gif_private.h"

#include <stdlib.h>
#include <string.h>

#define VG_STRINGIFY2(x) #x
#define VG_STRINGIFY(x) VG_STRINGIFY2(x)

int vg_gif_read(GifFileType *gif, GifByteType *buffer, int count) {
    vg_gif_source *source = gif->UserData;
    if (count <= 0) return 0;
    if (source->at >= source->length) {
        if (source->padded) return 0;
        source->padded = 1;
        buffer[0] = 0;
        return 1;
    }
    size_t n = source->length - source->at;
    if (n > (size_t)count) n = (size_t)count;
    memcpy(buffer, source->data + source->at, n);
    source->at += n;
    return (int)n;
}

// giflib's error code as a result code. giflib names a short read in
// several ways (a missing screen descriptor, no code at all) and calls an
// LZW code size over 8 a failed read: a failure with every byte consumed is
// a cut-off file, any other is corrupt.
int vg_gif_code(int giflib_error, const vg_gif_source *source) {
    switch (giflib_error) {
    case D_GIF_ERR_NOT_GIF_FILE: return VG_GIF_NOT_GIF;
    case D_GIF_ERR_NOT_ENOUGH_MEM: return VG_GIF_OUT_OF_MEMORY;
    default: break;
    }
    if (source->at >= source->length) return VG_GIF_TRUNCATED;
    return VG_GIF_MALFORMED;
}

static int vg_error(const GifFileType *gif) { return vg_gif_code(gif->Error, gif->UserData); }

int vg_gif_sniff(const uint8_t *data, size_t length) {
    return data != NULL && length >= 6 &&
           (memcmp(data, "GIF87a", 6) == 0 || memcmp(data, "GIF89a", 6) == 0);
}

static void vg_close(GifFileType *gif) {
    int ignored = 0;
    if (gif != NULL) DGifCloseFile(gif, &ignored);
}

// Reads one extension; a Graphic Control Extension sets `*transparent`
// (the last one before the frame applies to it).
static int vg_read_extension(GifFileType *gif, int *transparent) {
    int code = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return vg_error(gif);
    if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
        *transparent = (block[1] & 0x01) ? (int)block[4] : -1;
    }
    while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return vg_error(gif);
    }
    return VG_GIF_OK;
}

// Walks records up to the first image descriptor and reads it.
static int vg_find_first_frame(GifFileType *gif, int *transparent) {
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return vg_error(gif);
        int rc;
        switch (type) {
        case IMAGE_DESC_RECORD_TYPE:
            return DGifGetImageDesc(gif) == GIF_ERROR ? vg_error(gif) : VG_GIF_OK;
        case EXTENSION_RECORD_TYPE:
            rc = vg_read_extension(gif, transparent);
            if (rc != VG_GIF_OK) return rc;
            break;
        case TERMINATE_RECORD_TYPE: return VG_GIF_NO_IMAGE;
        default: return VG_GIF_MALFORMED;
        }
    }
}

// The canvas: the logical screen, grown (as browsers do) to hold a first
// frame that reaches past it.
static int vg_fill_frame(const GifFileType *gif, uint64_t max_pixels, int transparent, vg_gif_info *info) {
    const GifImageDesc *frame = &gif->Image;
    if (frame->Left < 0 || frame->Top < 0 || frame->Width < 0 || frame->Height < 0) return VG_GIF_MALFORMED;
    info->frame_left = (uint32_t)frame->Left;
    info->frame_top = (uint32_t)frame->Top;
    info->frame_width = (uint32_t)frame->Width;
    info->frame_height = (uint32_t)frame->Height;
    uint32_t right = info->frame_left + info->frame_width, bottom = info->frame_top + info->frame_height;
    info->width = right > info->screen_width ? right : info->screen_width;
    info->height = bottom > info->screen_height ? bottom : info->screen_height;
    if ((uint64_t)info->width * info->height > max_pixels) return VG_GIF_TOO_LARGE;
    if (info->width == 0 || info->height == 0) return VG_GIF_MALFORMED;
    // Without a colour map every index is opaque black (what Chromium's
    // decoder, Wuffs, gives such a frame).
    const ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    info->interlaced = frame->Interlace ? 1 : 0;
    info->local_color_map = frame->ColorMap != NULL;
    info->color_count = map != NULL && map->Colors != NULL ? map->ColorCount : 0;
    info->transparent_index = transparent;
    return VG_GIF_OK;
}

// Fills `info` and, on success, hands back giflib's handle positioned at the
// first frame's pixels (the caller closes it). `source` must outlive it.
static int vg_open(vg_gif_source *source, uint64_t max_pixels, vg_gif_info *info, GifFileType **out_gif) {
    if (info == NULL) return VG_GIF_BAD_ARGUMENT;
    memset(info, 0, sizeof *info);
    info->transparent_index = -1;
    if (!vg_gif_sniff(source->data, source->length)) return VG_GIF_NOT_GIF;
    if (source->length < 13) return VG_GIF_TRUNCATED;  // signature + logical screen descriptor
    // The screen size straight from the header, before giflib allocates anything.
    info->width = info->screen_width = (uint32_t)source->data[6] | (uint32_t)source->data[7] << 8;
    info->height = info->screen_height = (uint32_t)source->data[8] | (uint32_t)source->data[9] << 8;
    if ((uint64_t)info->width * info->height > max_pixels) return VG_GIF_TOO_LARGE;
    int error = 0;
    GifFileType *gif = DGifOpen(source, vg_gif_read, &error);
    if (gif == NULL) return vg_gif_code(error, source);
    int transparent = -1;
    int rc = vg_find_first_frame(gif, &transparent);
    if (rc == VG_GIF_OK) rc = vg_fill_frame(gif, max_pixels, transparent, info);
    // An LZW code takes at least one bit and stands for at most 4096 pixels:
    // a frame claiming more pixels than the rest of the data can hold is cut off.
    if (rc == VG_GIF_OK &&
        (uint64_t)info->frame_width * info->frame_height > (uint64_t)(source->length - source->at) * 8 * 4096) {
        rc = VG_GIF_TRUNCATED;
    }
    if (rc != VG_GIF_OK) {
        vg_close(gif);
        return rc;
    }
    *out_gif = gif;
    return VG_GIF_OK;
}

int vg_gif_probe(const uint8_t *data, size_t length, uint64_t max_pixels, vg_gif_info *info) {
    vg_gif_source source = {data, length, 0, 0};
    GifFileType *gif = NULL;
    int rc = vg_open(&source, max_pixels, info, &gif);
    vg_close(gif);
    return rc;
}

// One row of palette indices to RGBA on the canvas. The transparent index
// is written transparent; an index past the colour map (or any index when
// there is none) is opaque black.
static void vg_put_row(const vg_gif_info *info, const ColorMapObject *map, const GifPixelType *line,
                       uint32_t y, uint8_t *out) {
    uint8_t *pixel = out + ((size_t)(info->frame_top + y) * info->width + info->frame_left) * 4;
    for (uint32_t x = 0; x < info->frame_width; x++, pixel += 4) {
        int index = line[x];
        const GifColorType *color =
            map != NULL && map->Colors != NULL && index < map->ColorCount ? &map->Colors[index] : NULL;
        pixel[0] = color != NULL ? color->Red : 0;
        pixel[1] = color != NULL ? color->Green : 0;
        pixel[2] = color != NULL ? color->Blue : 0;
        pixel[3] = 255;
        if (index == info->transparent_index) memset(pixel, 0, 4);
    }
}

// Clears the canvas around the frame (done after the frame decoded, so a
// failing decode never touches pages it will not use).
static void vg_clear_around_frame(const vg_gif_info *info, uint8_t *out) {
    size_t row = (size_t)info->width * 4;
    uint32_t bottom = info->frame_top + info->frame_height, right = info->frame_left + info->frame_width;
    for (uint32_t y = 0; y < info->height; y++) {
        uint8_t *line = out + y * row;
        if (y < info->frame_top || y >= bottom || info->frame_width == 0) {
            memset(line, 0, row);
            continue;
        }
        memset(line, 0, (size_t)info->frame_left * 4);
        memset(line + (size_t)right * 4, 0, (size_t)(info->width - right) * 4);
    }
}

int vg_gif_read_lines(GifFileType *gif, uint32_t width, uint32_t height, int interlaced,
                      GifPixelType *line, vg_gif_row_fn put, void *context) {
    static const uint32_t start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
    int passes = interlaced ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        uint32_t first = interlaced ? start[pass] : 0, stride = interlaced ? step[pass] : 1;
        for (uint32_t y = first; y < height; y += stride) {
            if (DGifGetLine(gif, line, (int)width) == GIF_ERROR) return vg_gif_code(gif->Error, gif->UserData);
            put(context, y, line);
        }
    }
    return VG_GIF_OK;
}

typedef struct {
    const vg_gif_info *info;
    const ColorMapObject *map;
    uint8_t *out;
} vg_first_frame_rows;

static void vg_put_first_frame_row(void *context, uint32_t y, const GifPixelType *line) {
    const vg_first_frame_rows *rows = context;
    vg_put_row(rows->info, rows->map, line, y, rows->out);
}

// True when some canvas pixel stayed transparent.
static int vg_any_transparent(const uint8_t *out, size_t pixels) {
    for (size_t i = 0; i < pixels; i++) {
        if (out[i * 4 + 3] != 255) return 1;
    }
    return 0;
}

int vg_gif_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels,
                        uint8_t *out, size_t out_length, int *has_alpha) {
    if (out == NULL || has_alpha == NULL) return VG_GIF_BAD_ARGUMENT;
    vg_gif_source source = {data, length, 0, 0};
    vg_gif_info info;
    GifFileType *gif = NULL;
    int rc = vg_open(&source, max_pixels, &info, &gif);
    if (rc != VG_GIF_OK) return rc;
    size_t pixels = (size_t)info.width * info.height;
    if (pixels * 4 > out_length) {
        vg_close(gif);
        return VG_GIF_BAD_ARGUMENT;
    }
    GifPixelType *line = NULL;
    if (info.frame_width > 0 && info.frame_height > 0) {
        line = malloc(info.frame_width);
        const ColorMapObject *map = gif->Image.ColorMap != NULL ? gif->Image.ColorMap : gif->SColorMap;
        vg_first_frame_rows rows = {&info, map, out};
        rc = line == NULL ? VG_GIF_OUT_OF_MEMORY
                          : vg_gif_read_lines(gif, info.frame_width, info.frame_height, info.interlaced, line,
                                              vg_put_first_frame_row, &rows);
    }
    free(line);
    vg_close(gif);
    if (rc != VG_GIF_OK) return rc;
    vg_clear_around_frame(&info, out);
    *has_alpha = vg_any_transparent(out, pixels);
    return VG_GIF_OK;
}

const char *vg_gif_version(void) {
    return VG_STRINGIFY(GIFLIB_MAJOR) "." VG_STRINGIFY(GIFLIB_MINOR) "." VG_STRINGIFY(GIFLIB_RELEASE);
}
