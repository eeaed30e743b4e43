// Shared by the shim's translation units; not part of the module's interface.
#ifndef CJPEG_PRIVATE_H
#define CJPEG_PRIVATE_H

#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>

/// Where libjpeg's error hooks leave the outcome before they longjmp back
/// into the one C function that owns the whole decode or encode.
typedef struct {
    struct jpeg_error_mgr pub;      /* first, so a j_common_ptr's err casts to this */
    jmp_buf jump;
    int code;                       /* VG_JPEG_* */
    char *err;
    size_t err_length;
    int strict;                     /* damage warnings fail the decode (the default) */
    int damage_count;               /* damage warnings passed over when not strict */
} vg_jpeg_error;

/// A progressive file may hold any number of scans, and each one walks the
/// whole image: past this many the file is treated as hostile (real encoders
/// write about ten).
#define VG_JPEG_MAX_SCANS 500

/// libjpeg's own working memory (beyond the caller's output buffer) for one
/// decode: a progressive 100 Mpx CMYK file needs about 800 MB of
/// coefficients, so nothing the default pixel limit admits is refused, but
/// a run-away allocation stops with JERR_NO_BACKING_STORE (out of memory).
#define VG_JPEG_MAX_WORKING_MEMORY (1L << 30)

#define VG_STRINGIFY_(x) #x
#define VG_STRINGIFY(x) VG_STRINGIFY_(x)
/// The libjpeg-turbo version of the headers this shim was compiled with.
#define VG_JPEG_VERSION_STRING VG_STRINGIFY(LIBJPEG_TURBO_VERSION)

/// Routes error_exit, truncation and (when `strict`, set by default) the
/// warnings that mean damaged pixels to `jump`; when not strict, damage
/// warnings are counted and the first one's message kept in `err`.
struct jpeg_error_mgr *vg_jpeg_error_init(vg_jpeg_error *error, char *err, size_t err_length);

/// Installs a progress monitor that stops decoding past VG_JPEG_MAX_SCANS scans.
void vg_jpeg_progress_init(j_decompress_ptr cinfo, struct jpeg_progress_mgr *progress);

/// Copies `message` into the caller's buffer.
void vg_jpeg_set_error(char *err, size_t err_length, const char *message);

#endif
