// Every libpng call of one decode stays inside one C function with
// its own setjmp, so libpng's longjmp never crosses a Swift frame.
#include "png_private.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    char *err;
    size_t err_length;
    uint32_t max_side;   /* libpng's per-side cap; 0 means VG_PNG_DEFAULT_MAX_SIDE */
    size_t skip_start;   /* a whole chunk libpng never sees (skip_end 0: none) */
    size_t skip_end;
} vg_reader;

void vg_png_set_error(char *err, size_t err_length, const char *message) {
    if (err == NULL || err_length == 0) return;
    strncpy(err, message, err_length - 1);
    err[err_length - 1] = '\0';
}

static void vg_error_fn(png_structp png, png_const_charp message) {
    vg_reader *io = (vg_reader *)png_get_error_ptr(png);
    if (io != NULL) vg_png_set_error(io->err, io->err_length, message);
    png_longjmp(png, 1);
}

void vg_png_warning_fn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; // warnings (bad ancillary chunks, sRGB profile notes) are not errors
}

static void vg_read_fn(png_structp png, png_bytep out, size_t count) {
    vg_reader *io = (vg_reader *)png_get_io_ptr(png);
    // libpng reads a chunk from its first byte, so a hidden chunk is met exactly at its start.
    if (io->skip_end != 0 && io->offset == io->skip_start) io->offset = io->skip_end;
    if (count > io->length - io->offset) {
        png_error(png, "unexpected end of data (file truncated)");
    }
    memcpy(out, io->data + io->offset, count);
    io->offset += count;
}

static int vg_check_signature(const uint8_t *data, size_t length, char *err, size_t err_length) {
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        vg_png_set_error(err, err_length, "not a PNG file (bad signature)");
        return VG_PNG_NOT_PNG;
    }
    return VG_PNG_OK;
}

static void vg_fill_info(png_structp png, png_infop info, vg_png_info *out) {
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);
    out->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    // A tRNS chunk counts only if libpng kept its entries: a palette file's
    // tRNS before its PLTE is dropped with a warning (as browsers drop it),
    // and a cancelled tRNS keeps its "valid" flag (libpng uses it to spot
    // duplicates), so the flag alone is not enough.
    int num_trans = 0;
    png_get_tRNS(png, info, NULL, &num_trans, NULL);
    out->has_alpha = (out->color_type & PNG_COLOR_MASK_ALPHA) != 0 || num_trans > 0;
    // libpng's text and sPLT handlers take one from the chunk cache (set to
    // VG_PNG_MAX_CACHED_CHUNKS by vg_harden) before reading, let alone
    // inflating; chunks skipped unread take none.
    png_uint_32 left = png_get_chunk_cache_max(png);
    out->text_chunks = left < VG_PNG_MAX_CACHED_CHUNKS ? VG_PNG_MAX_CACHED_CHUNKS - left : 0;
}

/// Ancillary chunks that never change a decoded pixel: libpng skips them
/// unread (CRC only), so text chunks are never inflated. iCCP and eXIf are
/// kept (colour conversion, orientation); tRNS and PLTE are pixels.
static const png_byte vg_ignored_chunks[] = {
    'b', 'K', 'G', 'D', 0, 'c', 'H', 'R', 'M', 0, 'g', 'A', 'M', 'A', 0, 'h', 'I', 'S', 'T', 0,
    'i', 'T', 'X', 't', 0, 'o', 'F', 'F', 's', 0, 'p', 'C', 'A', 'L', 0, 'p', 'H', 'Y', 's', 0,
    's', 'B', 'I', 'T', 0, 's', 'C', 'A', 'L', 0, 's', 'P', 'L', 'T', 0, 's', 'T', 'E', 'R', 0,
    's', 'R', 'G', 'B', 0, 't', 'E', 'X', 't', 0, 't', 'I', 'M', 'E', 0, 'z', 'T', 'X', 't', 0,
};

/// The limits every read applies before libpng looks at a chunk: the
/// per-side cap, how much one ancillary chunk may take once inflated, how
/// many ancillary chunks are kept, and the chunks skipped unread (unknown
/// ones included).
static void vg_harden(png_structp png, uint32_t max_side) {
    uint32_t side = max_side == 0 ? VG_PNG_DEFAULT_MAX_SIDE : max_side;
    png_set_user_limits(png, side, side);
    png_set_chunk_malloc_max(png, VG_PNG_MAX_CHUNK_BYTES);
    png_set_chunk_cache_max(png, VG_PNG_MAX_CACHED_CHUNKS);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, vg_ignored_chunks,
                                (int)(sizeof vg_ignored_chunks / 5));
}

static uint32_t vg_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// A truecolour (colour type 2) file whose tRNS comes before its PLTE: the
/// PLTE (for truecolour only a suggested palette, never a pixel) is hidden
/// from libpng, which would otherwise cancel the tRNS colour key. libpng
/// 1.6.47 and later ignore such a PLTE themselves, and Chromium, Firefox
/// and Pillow show the colour key; hiding the chunk gives their pixels with
/// any libpng. Only the chunks before the first IDAT are walked.
static void vg_find_misplaced_plte(vg_reader *io) {
    const uint8_t *d = io->data;
    if (io->length < 33 || memcmp(d + 12, "IHDR", 4) != 0 || d[25] != PNG_COLOR_TYPE_RGB) return;
    int seen_trns = 0;
    size_t offset = 8;
    while (io->length - offset >= 12) {
        uint32_t chunk_length = vg_be32(d + offset);
        if (chunk_length > io->length - offset - 12) return;
        const uint8_t *type = d + offset + 4;
        size_t end = offset + 12 + chunk_length;
        if (memcmp(type, "IDAT", 4) == 0) return;
        if (memcmp(type, "tRNS", 4) == 0) seen_trns = 1;
        if (memcmp(type, "PLTE", 4) == 0) {
            if (seen_trns) {
                io->skip_start = offset;
                io->skip_end = end;
            }
            return;
        }
        offset = end;
    }
}

/// The read and info structs over `io`, reading from memory, hardened
/// (`vg_harden`). Creating them and setting these cannot longjmp, so no
/// setjmp is needed yet.
static int vg_open_reader(vg_reader *io, png_structp *png, png_infop *info) {
    *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, io, vg_error_fn, vg_png_warning_fn);
    if (*png == NULL) return VG_PNG_OUT_OF_MEMORY;
    *info = png_create_info_struct(*png);
    if (*info == NULL) {
        png_destroy_read_struct(png, NULL, NULL);
        return VG_PNG_OUT_OF_MEMORY;
    }
    vg_find_misplaced_plte(io);
    png_set_read_fn(*png, io, vg_read_fn);
    vg_harden(*png, io->max_side);
    return VG_PNG_OK;
}

int vg_png_read_info(const uint8_t *data, size_t length, uint32_t max_side, vg_png_info *info,
                     char *err, size_t err_length) {
    if (data == NULL || info == NULL) return VG_PNG_BAD_ARGUMENT;
    int rc = vg_check_signature(data, length, err, err_length);
    if (rc != VG_PNG_OK) return rc;
    vg_reader io = {data, length, 0, err, err_length, max_side, 0, 0};
    png_structp png;
    png_infop pinfo;
    rc = vg_open_reader(&io, &png, &pinfo);
    if (rc != VG_PNG_OK) return rc;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_MALFORMED;
    }
    png_read_info(png, pinfo);
    vg_fill_info(png, pinfo, info);
    png_destroy_read_struct(&png, &pinfo, NULL);
    return VG_PNG_OK;
}

int vg_png_decode_rgba8(const uint8_t *data, size_t length, uint64_t max_pixels, uint32_t max_side,
                        uint8_t *out, size_t out_length, uint32_t *text_chunks,
                        char *err, size_t err_length) {
    if (data == NULL || out == NULL) return VG_PNG_BAD_ARGUMENT;
    int rc = vg_check_signature(data, length, err, err_length);
    if (rc != VG_PNG_OK) return rc;
    vg_reader io = {data, length, 0, err, err_length, max_side, 0, 0};
    png_structp png;
    png_infop pinfo;
    rc = vg_open_reader(&io, &png, &pinfo);
    if (rc != VG_PNG_OK) return rc;
    // Volatile: these change between setjmp and a possible longjmp.
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free((void *)rows);
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_MALFORMED;
    }
    png_read_info(png, pinfo);

    vg_png_info info;
    vg_fill_info(png, pinfo, &info);
    if (text_chunks != NULL) *text_chunks = info.text_chunks;
    if ((uint64_t)info.width * (uint64_t)info.height > max_pixels) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        vg_png_set_error(err, err_length, "image exceeds the pixel limit");
        return VG_PNG_TOO_LARGE;
    }
    if ((uint64_t)info.width * info.height * 4 > out_length) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_BAD_ARGUMENT;
    }

    png_set_expand(png);
    if (info.bit_depth == 16) png_set_scale_16(png);
    if ((info.color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    if (!info.has_alpha) png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, pinfo);
    if (png_get_rowbytes(png, pinfo) != (size_t)info.width * 4) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        vg_png_set_error(err, err_length, "unsupported pixel layout after expansion");
        return VG_PNG_MALFORMED;
    }

    rows = (png_bytep *)malloc(sizeof(png_bytep) * info.height);
    if (rows == NULL) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_OUT_OF_MEMORY;
    }
    for (uint32_t y = 0; y < info.height; y++) rows[y] = out + (size_t)y * info.width * 4;
    png_read_image(png, rows);
    free((void *)rows);
    rows = NULL;
    png_destroy_read_struct(&png, &pinfo, NULL);
    return VG_PNG_OK;
}

static int vg_copy_iccp(png_structp png, png_infop pinfo, size_t max_length, vg_buffer *out) {
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(png, pinfo, &name, &compression, &profile, &profile_length) == 0) return VG_PNG_OK;
    if (profile == NULL || profile_length == 0 || profile_length > max_length) return VG_PNG_OK;
    out->data = (uint8_t *)malloc(profile_length);
    if (out->data == NULL) return VG_PNG_OUT_OF_MEMORY;
    memcpy(out->data, profile, profile_length);
    out->length = profile_length;
    out->capacity = profile_length;
    return VG_PNG_OK;
}

int vg_png_read_iccp(const uint8_t *data, size_t length, size_t max_length, vg_buffer *out,
                     char *err, size_t err_length) {
    if (data == NULL || out == NULL) return VG_PNG_BAD_ARGUMENT;
    out->data = NULL;
    out->length = 0;
    out->capacity = 0;
    int rc = vg_check_signature(data, length, err, err_length);
    if (rc != VG_PNG_OK) return rc;
    // The sides were checked by the decode that asks for the profile.
    vg_reader io = {data, length, 0, err, err_length, 0x7fffffffu, 0, 0};
    png_structp png;
    png_infop pinfo;
    rc = vg_open_reader(&io, &png, &pinfo);
    if (rc != VG_PNG_OK) return rc;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return VG_PNG_MALFORMED;
    }
    // Bounds what libpng inflates for any ancillary chunk, the profile included;
    // a longer profile is dropped with a warning, not an error.
    if (max_length < VG_PNG_MAX_CHUNK_BYTES) png_set_chunk_malloc_max(png, max_length);
    png_read_info(png, pinfo);
    rc = vg_copy_iccp(png, pinfo, max_length, out);
    png_destroy_read_struct(&png, &pinfo, NULL);
    return rc;
}

const char *vg_png_version(void) { return png_get_libpng_ver(NULL); }
