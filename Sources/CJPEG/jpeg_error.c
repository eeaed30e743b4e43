// libjpeg reports errors through error_exit and damage through warnings.
// Both hooks decide a result code from the message code (never the text),
// keep the formatted message for context, and longjmp to the setjmp of the
// C function that made the call, so no jump crosses a Swift frame.
#include "jpeg_private.h"

#include <stdlib.h>
#include <string.h>

void vg_jpeg_set_error(char *err, size_t err_length, const char *message) {
    if (err == NULL || err_length == 0) return;
    strncpy(err, message, err_length - 1);
    err[err_length - 1] = '\0';
}

static int vg_code_for_error(int msg_code) {
    switch (msg_code) {
    case JERR_OUT_OF_MEMORY:
    case JERR_NO_BACKING_STORE:
        return VG_JPEG_OUT_OF_MEMORY;
    case JERR_NO_SOI:
        return VG_JPEG_NOT_JPEG;
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
        return VG_JPEG_UNSUPPORTED;
    default:
        return VG_JPEG_MALFORMED;
    }
}

/// Warnings about damaged entropy data: libjpeg goes on and conceals the
/// damage (garbage after a bad code, grey for a segment cut short by a
/// marker), as browsers show it. Others, such as extraneous bytes before a
/// marker, leave the pixels whole and are ignored. The end of the file
/// before the end of the image (JWRN_JPEG_EOF) is not among them: it is
/// always an error (see vg_emit_message).
static int vg_warning_is_damage(int msg_code) {
    switch (msg_code) {
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
        return 1;
    default:
        return 0;
    }
}

static void vg_fail(j_common_ptr cinfo, int code) {
    vg_jpeg_error *error = (vg_jpeg_error *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    error->code = code;
    vg_jpeg_set_error(error->err, error->err_length, message);
    longjmp(error->jump, 1);
}

static void vg_error_exit(j_common_ptr cinfo) {
    if (cinfo->err->msg_code == JERR_BAD_PRECISION) {
        // libjpeg's text ("Unsupported JPEG data precision 12") does not say what would work.
        vg_jpeg_error *error = (vg_jpeg_error *)cinfo->err;
        char message[128];
        snprintf(message, sizeof message, "%d-bit samples (libjpeg-turbo " VG_JPEG_VERSION_STRING " reads 8-bit JPEG only)",
                 cinfo->err->msg_parm.i[0]);
        error->code = VG_JPEG_UNSUPPORTED;
        vg_jpeg_set_error(error->err, error->err_length, message);
        longjmp(error->jump, 1);
    }
    vg_fail(cinfo, vg_code_for_error(cinfo->err->msg_code));
}

/// A file that ends early most often is a download cut short: refused
/// (the caller may fetch it again) rather than shown half grey. Damage
/// inside complete data fails a strict decode; otherwise it is counted and
/// the first message kept for the caller's warning.
static void vg_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return;
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF) vg_fail(cinfo, VG_JPEG_TRUNCATED);
    if (!vg_warning_is_damage(code)) return;
    vg_jpeg_error *error = (vg_jpeg_error *)cinfo->err;
    if (error->strict) vg_fail(cinfo, VG_JPEG_DAMAGED);
    if (error->damage_count++ == 0 && error->err != NULL && error->err_length > 0) {
        char message[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, message);
        vg_jpeg_set_error(error->err, error->err_length, message);
    }
}

static void vg_output_message(j_common_ptr cinfo) { (void)cinfo; }

struct jpeg_error_mgr *vg_jpeg_error_init(vg_jpeg_error *error, char *err, size_t err_length) {
    struct jpeg_error_mgr *pub = jpeg_std_error(&error->pub);
    pub->error_exit = vg_error_exit;
    pub->emit_message = vg_emit_message;
    pub->output_message = vg_output_message;
    error->code = VG_JPEG_OK;
    error->err = err;
    error->err_length = err_length;
    error->strict = 1;
    error->damage_count = 0;
    if (err != NULL && err_length > 0) err[0] = '\0';
    return pub;
}

static void vg_progress_monitor(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > VG_JPEG_MAX_SCANS) {
        vg_jpeg_error *error = (vg_jpeg_error *)cinfo->err;
        char message[96];
        snprintf(message, sizeof message, "more than %d scans (a hostile progressive file?)", VG_JPEG_MAX_SCANS);
        error->code = VG_JPEG_MALFORMED;
        vg_jpeg_set_error(error->err, error->err_length, message);
        longjmp(error->jump, 1);
    }
}

void vg_jpeg_progress_init(j_decompress_ptr cinfo, struct jpeg_progress_mgr *progress) {
    memset(progress, 0, sizeof *progress);
    progress->progress_monitor = vg_progress_monitor;
    cinfo->progress = progress;
}

void vg_jpeg_free(void *bytes) { free(bytes); }

const char *vg_jpeg_version(void) { return VG_JPEG_VERSION_STRING; }
