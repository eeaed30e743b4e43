// libbrotlidec is opened on first use, like HarfBuzz (see CLoader): only a
// WOFF2 font needs it, and most processes read none.
#include "CBrotli.h"

#include <CLoader.h>
#include <brotli/decode.h>

static struct {
    __typeof__(BrotliDecoderDecompress) *BrotliDecoderDecompress;
    __typeof__(BrotliDecoderVersion) *BrotliDecoderVersion;
} libbrotli;

static vg_library vg_libbrotli_state = VG_LIBRARY_INITIALIZER;

static int vg_brotli_load(void) {
#ifdef __APPLE__
    static const char *const files[] = {"libbrotlidec.1.dylib", "/opt/homebrew/lib/libbrotlidec.1.dylib",
                                        "/usr/local/lib/libbrotlidec.1.dylib", "libbrotlidec.dylib"};
#else
    static const char *const files[] = {"libbrotlidec.so.1", "libbrotlidec.so"};
#endif
    static const char *const names[] = {"BrotliDecoderDecompress", "BrotliDecoderVersion"};
    return vg_library_open(&vg_libbrotli_state, files, sizeof files / sizeof files[0], names, (void **)&libbrotli,
                           sizeof names / sizeof names[0], NULL);
}

int vg_brotli_decompress(const uint8_t *input, size_t input_length, uint8_t *output, size_t *output_length) {
    if (!vg_brotli_load()) return -1;
    return libbrotli.BrotliDecoderDecompress(input_length, input, output_length, output) ==
                   BROTLI_DECODER_RESULT_SUCCESS
               ? 1
               : 0;
}

int vg_brotli_library_failure(char *out, size_t length) {
    vg_brotli_load();
    return vg_library_failure(&vg_libbrotli_state, out, length);
}

uint32_t vg_brotli_version(void) { return vg_brotli_load() ? libbrotli.BrotliDecoderVersion() : 0; }
