// Glyph outlines, colour layers and bitmaps, Unicode properties.
#include "harfbuzz_private.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static void push(vg_hb_outline *o, uint8_t op, const float *xy, unsigned pairs) {
    if (o->overflow) return;
    if (o->op_count >= o->op_capacity || o->point_count + pairs > o->point_capacity) {
        o->overflow = 1;
        return;
    }
    o->ops[o->op_count++] = op;
    memcpy(o->points + 2 * o->point_count, xy, sizeof(float) * 2 * pairs);
    o->point_count += pairs;
}

static void move_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float x, float y, void *user) {
    (void)f, (void)st, (void)user;
    const float xy[2] = {x, y};
    push(data, 0, xy, 1);
}

static void line_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float x, float y, void *user) {
    (void)f, (void)st, (void)user;
    const float xy[2] = {x, y};
    push(data, 1, xy, 1);
}

static void quadratic_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float cx, float cy, float x,
                         float y, void *user) {
    (void)f, (void)st, (void)user;
    const float xy[4] = {cx, cy, x, y};
    push(data, 2, xy, 2);
}

static void cubic_to(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float c1x, float c1y, float c2x,
                     float c2y, float x, float y, void *user) {
    (void)f, (void)st, (void)user;
    const float xy[6] = {c1x, c1y, c2x, c2y, x, y};
    push(data, 3, xy, 3);
}

static void close_path(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, void *user) {
    (void)f, (void)st, (void)user;
    push(data, 4, NULL, 0);
}

static hb_draw_funcs_t *draw_funcs;
static pthread_once_t draw_funcs_once = PTHREAD_ONCE_INIT;

static void make_draw_funcs(void) {
    hb_draw_funcs_t *funcs = libharfbuzz.hb_draw_funcs_create();
    libharfbuzz.hb_draw_funcs_set_move_to_func(funcs, move_to, NULL, NULL);
    libharfbuzz.hb_draw_funcs_set_line_to_func(funcs, line_to, NULL, NULL);
    libharfbuzz.hb_draw_funcs_set_quadratic_to_func(funcs, quadratic_to, NULL, NULL);
    libharfbuzz.hb_draw_funcs_set_cubic_to_func(funcs, cubic_to, NULL, NULL);
    libharfbuzz.hb_draw_funcs_set_close_path_func(funcs, close_path, NULL, NULL);
    libharfbuzz.hb_draw_funcs_make_immutable(funcs);
    draw_funcs = funcs;
}

int vg_hb_glyph_outline(const vg_hb_font *font, uint32_t glyph, vg_hb_outline *outline) {
    pthread_once(&draw_funcs_once, make_draw_funcs);
    outline->op_count = 0;
    outline->point_count = 0;
    outline->overflow = 0;
#if HB_VERSION_ATLEAST(7, 0, 0)
    libharfbuzz.hb_font_draw_glyph(font->font, glyph, draw_funcs, outline);
#else
    libharfbuzz.hb_font_get_glyph_shape(font->font, glyph, draw_funcs, outline);
#endif
    return !outline->overflow;
}

// These three take no font: without HarfBuzz they answer 'Zzzz', left to right and unassigned.
uint32_t vg_hb_script(uint32_t codepoint) {
    if (!vg_hb_load()) return HB_SCRIPT_UNKNOWN;
    return (uint32_t)libharfbuzz.hb_unicode_script(libharfbuzz.hb_unicode_funcs_get_default(), codepoint);
}

int vg_hb_script_is_rtl(uint32_t script) {
    if (!vg_hb_load()) return 0;
    return libharfbuzz.hb_script_get_horizontal_direction((hb_script_t)script) == HB_DIRECTION_RTL;
}

int vg_hb_general_category(uint32_t codepoint) {
    if (!vg_hb_load()) return HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED;
    return (int)libharfbuzz.hb_unicode_general_category(libharfbuzz.hb_unicode_funcs_get_default(), codepoint);
}

unsigned vg_hb_color_layers(const vg_hb_font *font, uint32_t glyph, uint32_t *layer_glyphs,
                            uint32_t *color_indices, unsigned capacity) {
    unsigned total = libharfbuzz.hb_ot_color_glyph_get_layers(font->face, glyph, 0, NULL, NULL);
    if (capacity == 0 || total == 0) return total;
    hb_ot_color_layer_t layers[64];
    unsigned count = capacity < 64 ? capacity : 64;
    libharfbuzz.hb_ot_color_glyph_get_layers(font->face, glyph, 0, &count, layers);
    for (unsigned i = 0; i < count; i++) {
        layer_glyphs[i] = layers[i].glyph;
        color_indices[i] = layers[i].color_index;
    }
    return total;
}

unsigned vg_hb_palette_colors(const vg_hb_font *font, uint32_t *colors, unsigned capacity) {
    unsigned count = capacity;
    unsigned total = libharfbuzz.hb_ot_color_palette_get_colors(font->face, 0, 0, &count, colors);
    return total < capacity ? total : capacity;
}

size_t vg_hb_glyph_png(const vg_hb_font *font, uint32_t glyph, unsigned pixels_per_em, uint8_t **png) {
    *png = NULL;
    hb_font_t *sized = libharfbuzz.hb_font_create_sub_font(font->font);
    libharfbuzz.hb_font_set_ppem(sized, pixels_per_em, pixels_per_em);
    hb_blob_t *blob = libharfbuzz.hb_ot_color_glyph_reference_png(sized, glyph);
    unsigned length = 0;
    const char *data = libharfbuzz.hb_blob_get_data(blob, &length);
    size_t result = 0;
    if (data != NULL && length > 0 && (*png = malloc(length)) != NULL) {
        memcpy(*png, data, length);
        result = length;
    }
    libharfbuzz.hb_blob_destroy(blob);
    libharfbuzz.hb_font_destroy(sized);
    return result;
}

int vg_hb_glyph_extents(const vg_hb_font *font, uint32_t glyph, int32_t extents[4]) {
    hb_glyph_extents_t e = {0};
    int found = libharfbuzz.hb_font_get_glyph_extents(font->font, glyph, &e);
    extents[0] = e.x_bearing;
    extents[1] = e.y_bearing;
    extents[2] = e.width;
    extents[3] = e.height;
    return found;
}

const char *vg_hb_version(void) { return vg_hb_load() ? libharfbuzz.hb_version_string() : ""; }
