// HarfBuzz's functions, looked up when the first font is made (see
// CLoader): call them as `libharfbuzz.hb_shape()` once vg_hb_load() has
// returned 1. Every shim function that takes a vg_hb_font may skip the
// check: a font exists only once HarfBuzz is open.
#ifndef VG_HARFBUZZ_LIBRARY_H
#define VG_HARFBUZZ_LIBRARY_H

#include <harfbuzz/hb-ot.h>
#include <harfbuzz/hb.h>

// HarfBuzz 7 renamed the outline call; the one these headers have is looked up.
#if HB_VERSION_ATLEAST(7, 0, 0)
#define VG_LIBHARFBUZZ_DRAW(X) X(hb_font_draw_glyph)
#else
#define VG_LIBHARFBUZZ_DRAW(X) X(hb_font_get_glyph_shape)
#endif

#define VG_LIBHARFBUZZ_FUNCTIONS(X)                                                                                   \
    X(hb_version_string) X(hb_blob_create) X(hb_blob_destroy) X(hb_blob_get_data) X(hb_face_count) X(hb_face_create) \
    X(hb_face_destroy) X(hb_face_reference_table) X(hb_face_get_upem) X(hb_face_get_glyph_count) X(hb_font_create) X(hb_font_create_sub_font)   \
    X(hb_font_destroy) X(hb_font_set_scale) X(hb_font_set_ppem) X(hb_font_set_variations) X(hb_font_make_immutable)  \
    X(hb_font_get_h_extents) X(hb_font_get_nominal_glyph) X(hb_font_get_variation_glyph)                             \
    X(hb_font_get_glyph_h_advance) X(hb_font_get_glyph_extents) X(hb_style_get_value) X(hb_ot_metrics_get_position) \
    X(hb_ot_name_get_utf8) X(hb_ot_var_get_axis_count) X(hb_ot_var_get_axis_infos) X(hb_ot_color_has_layers)        \
    X(hb_ot_color_has_palettes) X(hb_ot_color_has_png) X(hb_ot_color_glyph_get_layers)                               \
    X(hb_ot_color_palette_get_colors) X(hb_ot_color_glyph_reference_png) X(hb_buffer_create) X(hb_buffer_destroy)   \
    X(hb_buffer_allocation_successful) X(hb_buffer_add_utf16) X(hb_buffer_set_direction) X(hb_buffer_set_script)    \
    X(hb_buffer_set_language) X(hb_buffer_guess_segment_properties) X(hb_buffer_set_flags) X(hb_buffer_get_length)  \
    X(hb_buffer_get_glyph_infos) X(hb_buffer_get_glyph_positions) X(hb_language_from_string) X(hb_shape)            \
    X(hb_draw_funcs_create) X(hb_draw_funcs_set_move_to_func) X(hb_draw_funcs_set_line_to_func)                      \
    X(hb_draw_funcs_set_quadratic_to_func) X(hb_draw_funcs_set_cubic_to_func) X(hb_draw_funcs_set_close_path_func)  \
    X(hb_draw_funcs_make_immutable) X(hb_unicode_funcs_get_default) X(hb_unicode_script)                             \
    X(hb_unicode_general_category) X(hb_script_get_horizontal_direction) VG_LIBHARFBUZZ_DRAW(X)

#define VG_LIBHARFBUZZ_FIELD(name) __typeof__(name) *name;
struct vg_libharfbuzz {
    VG_LIBHARFBUZZ_FUNCTIONS(VG_LIBHARFBUZZ_FIELD)
};
#undef VG_LIBHARFBUZZ_FIELD

extern struct vg_libharfbuzz libharfbuzz;

#endif
