// Re-encodes a HEIC's decoded pixels with libheif (x265, lossless, 4:4:4,
// RGB identity matrix in an nclx box) so they stay exact, adding what
// heif-enc 1.15 cannot: irot/imir transforms (libheif's `image_orientation`,
// an EXIF orientation value 1-8 that libheif writes as irot + imir), an Exif
// block whose Orientation tag says something else (0: none), and nclx
// colour primaries / transfer other than sRGB's.
// Usage: reencode IN.heic OUT.heic ORIENTATION [EXIF_ORIENTATION [PRIMARIES TRANSFER]]
// Built by make_heif_fixtures.sh: cc reencode.c -lheif
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>

static void check(struct heif_error error, const char *what) {
    if (error.code != heif_error_Ok) {
        fprintf(stderr, "%s: %s\n", what, error.message);
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s IN.heic OUT.heic ORIENTATION [EXIF_ORIENTATION [PRIMARIES TRANSFER]]\n", argv[0]);
        return 2;
    }
    struct heif_context *in = heif_context_alloc();
    check(heif_context_read_from_file(in, argv[1], NULL), "read");
    struct heif_image_handle *handle;
    check(heif_context_get_primary_image_handle(in, &handle), "primary");
    struct heif_image *image;
    check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL), "decode");

    struct heif_context *out = heif_context_alloc();
    struct heif_encoder *encoder;
    check(heif_context_get_encoder_for_format(out, heif_compression_HEVC, &encoder), "encoder");
    check(heif_encoder_set_lossless(encoder, 1), "lossless");
    check(heif_encoder_set_parameter(encoder, "chroma", "444"), "chroma");
    struct heif_encoding_options *options = heif_encoding_options_alloc();
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    nclx->matrix_coefficients = heif_matrix_coefficients_RGB_GBR;
    nclx->full_range_flag = 1;
    if (argc > 6) {
        nclx->color_primaries = (enum heif_color_primaries)atoi(argv[5]);
        nclx->transfer_characteristics = (enum heif_transfer_characteristics)atoi(argv[6]);
    }
    options->macOS_compatibility_workaround_no_nclx_profile = 0;  // write the nclx box
    options->output_nclx_profile = nclx;
    check(heif_image_set_nclx_color_profile(image, nclx), "nclx");
    options->image_orientation = (enum heif_orientation)atoi(argv[3]);
    struct heif_image_handle *written;
    check(heif_context_encode_image(out, image, encoder, options, &written), "encode");
    if (argc > 4 && atoi(argv[4]) > 0) {
        // A big-endian TIFF block with one IFD entry: Orientation (0x0112), SHORT, 1 value.
        unsigned char exif[] = {'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1,
                                0, (unsigned char)atoi(argv[4]), 0, 0, 0, 0, 0, 0};
        check(heif_context_add_exif_metadata(out, written, exif, (int)sizeof exif), "exif");
    }
    check(heif_context_write_to_file(out, argv[2]), "write");
    return 0;
}
