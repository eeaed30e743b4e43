// libavif's functions, looked up when the first AVIF image is decoded or
// encoded (see CLoader): call them as `libavif.avifDecoderCreate()` once
// vg_libavif_load() has returned 1.
#ifndef CAVIF_LIBRARY_H
#define CAVIF_LIBRARY_H

#include <avif/avif.h>

#define VG_LIBAVIF_FUNCTIONS(X)                                                                                      \
    X(avifVersion) X(avifCodecName) X(avifCodecVersions) X(avifDecoderCreate) X(avifDecoderDestroy)                 \
    X(avifDecoderSetIOMemory) X(avifDecoderParse) X(avifDecoderNextImage) X(avifEncoderCreate) X(avifEncoderDestroy) \
    X(avifEncoderWrite) X(avifImageCreate) X(avifImageDestroy) X(avifImageRGBToYUV) X(avifImageYUVToRGB)            \
    X(avifRGBImageSetDefaults) X(avifRWDataFree)

#define VG_LIBAVIF_FIELD(name) __typeof__(name) *name;
struct vg_libavif {
    VG_LIBAVIF_FUNCTIONS(VG_LIBAVIF_FIELD)
};
#undef VG_LIBAVIF_FIELD

extern struct vg_libavif libavif;

/// Loads libavif once per process; 1 when it and every function above are there.
int vg_libavif_load(void);

#endif
