/* Writes the four-component fixtures Pillow cannot: YCCK (Adobe transform 2,
 * inverted samples) and plain CMYK without an Adobe marker (ink stored as is).
 * Built and run by make_jpeg_fixtures.py:
 *   make_cmyk_variants ycck|plain WIDTH HEIGHT INPUT.cmyk OUTPUT.jpg
 * INPUT holds WIDTH*HEIGHT*4 bytes of CMYK in the convention the mode writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 6) return 2;
    int ycck = strcmp(argv[1], "ycck") == 0;
    unsigned width = (unsigned)atoi(argv[2]), height = (unsigned)atoi(argv[3]);
    size_t size = (size_t)width * height * 4;
    unsigned char *pixels = malloc(size);
    FILE *in = fopen(argv[4], "rb"), *out = fopen(argv[5], "wb");
    if (!pixels || !in || !out || fread(pixels, 1, size, in) != size) return 1;
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr jerr;
    cinfo.err = jpeg_std_error(&jerr);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, out);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    jpeg_set_colorspace(&cinfo, ycck ? JCS_YCCK : JCS_CMYK);
    if (!ycck) cinfo.write_Adobe_marker = FALSE;
    jpeg_set_quality(&cinfo, 90, TRUE);
    cinfo.optimize_coding = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < height) {
        JSAMPROW row = pixels + (size_t)cinfo.next_scanline * width * 4;
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    fclose(out);
    fclose(in);
    free(pixels);
    return 0;
}
