// libheif's functions, looked up when the first HEIF image is opened (see
// CLoader): call them as `libheif.heif_context_alloc()` once
// vg_libheif_load() has returned 1.
#ifndef CHEIF_LIBRARY_H
#define CHEIF_LIBRARY_H

#include <libheif/heif.h>

#define VG_LIBHEIF_FUNCTIONS(X)                                                                                       \
    X(heif_get_version) X(heif_get_version_number_major) X(heif_context_alloc) X(heif_context_free)                   \
    X(heif_context_set_maximum_image_size_limit) X(heif_context_set_max_decoding_threads)                            \
    X(heif_context_read_from_memory_without_copy) X(heif_context_get_primary_image_handle)                           \
    X(heif_image_handle_release) X(heif_image_handle_get_width) X(heif_image_handle_get_height)                      \
    X(heif_image_handle_get_ispe_width) X(heif_image_handle_get_ispe_height) X(heif_image_handle_has_alpha_channel)  \
    X(heif_image_handle_is_premultiplied_alpha) X(heif_image_handle_get_luma_bits_per_pixel)                         \
    X(heif_image_handle_get_raw_color_profile_size) X(heif_image_handle_get_raw_color_profile)                       \
    X(heif_image_handle_get_nclx_color_profile) X(heif_nclx_color_profile_free) X(heif_have_decoder_for_format)      \
    X(heif_decoding_options_alloc) X(heif_decoding_options_free) X(heif_decode_image) X(heif_image_release)          \
    X(heif_image_get_plane_readonly) X(heif_image_get_width) X(heif_image_get_height)                                \
    X(heif_image_is_premultiplied_alpha) X(heif_image_get_bits_per_pixel_range) X(heif_get_decoder_descriptors)      \
    X(heif_decoder_descriptor_get_name)

#define VG_LIBHEIF_FIELD(name) __typeof__(name) *name;
struct vg_libheif {
    VG_LIBHEIF_FUNCTIONS(VG_LIBHEIF_FIELD)
};
#undef VG_LIBHEIF_FIELD

extern struct vg_libheif libheif;

/// Loads libheif once per process; 1 when it and every function above are there.
int vg_libheif_load(void);

#endif
