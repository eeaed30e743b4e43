// The one place that calls HarfBuzz: faces and fonts from bytes, shaping,
// outlines (no hinting: HarfBuzz's own glyf/CFF/CFF2 drawing), names,
// styles and colour tables. Results are plain structs and codes; HarfBuzz
// sanitizes every table it reads, so a malformed font gives empty results,
// never a crash. HarfBuzz is opened by the first face counted or font made
// (harfbuzz_library.c); without it there are no faces and no fonts.
#include "harfbuzz_private.h"

#include <stdlib.h>
#include <string.h>

unsigned vg_hb_face_count(const uint8_t *data, size_t length) {
    if (data == NULL || length == 0 || length > UINT32_MAX || !vg_hb_load()) return 0;
    hb_blob_t *blob = libharfbuzz.hb_blob_create((const char *)data, (unsigned)length, HB_MEMORY_MODE_READONLY, NULL, NULL);
    unsigned count = libharfbuzz.hb_face_count(blob);
    libharfbuzz.hb_blob_destroy(blob);
    return count;
}

vg_hb_font *vg_hb_font_create(const uint8_t *data, size_t length, unsigned index,
                              const vg_hb_variation *variations, unsigned variation_count) {
    if (data == NULL || length == 0 || length > UINT32_MAX || !vg_hb_load()) return NULL;
    vg_hb_font *result = calloc(1, sizeof *result);
    if (result == NULL) return NULL;
    result->blob = libharfbuzz.hb_blob_create((const char *)data, (unsigned)length, HB_MEMORY_MODE_READONLY, NULL, NULL);
    result->face = libharfbuzz.hb_face_create(result->blob, index);
    unsigned upem = libharfbuzz.hb_face_get_upem(result->face);
    if (libharfbuzz.hb_face_get_glyph_count(result->face) == 0 || upem < 16 || upem > 16384) {
        vg_hb_font_destroy(result);
        return NULL;
    }
    result->font = libharfbuzz.hb_font_create(result->face);
    libharfbuzz.hb_font_set_scale(result->font, (int)upem, (int)upem);
    if (variation_count > 0 && variations != NULL) {
        hb_variation_t *set = calloc(variation_count, sizeof *set);
        if (set == NULL) {
            vg_hb_font_destroy(result);
            return NULL;
        }
        for (unsigned i = 0; i < variation_count; i++) {
            set[i].tag = variations[i].tag;
            set[i].value = variations[i].value;
        }
        libharfbuzz.hb_font_set_variations(result->font, set, variation_count);
        free(set);
    }
    libharfbuzz.hb_font_make_immutable(result->font);
    return result;
}

void vg_hb_font_destroy(vg_hb_font *font) {
    if (font == NULL) return;
    if (font->font) libharfbuzz.hb_font_destroy(font->font);
    if (font->face) libharfbuzz.hb_face_destroy(font->face);
    if (font->blob) libharfbuzz.hb_blob_destroy(font->blob);
    free(font);
}

static int32_t position(hb_font_t *font, hb_ot_metrics_tag_t tag, int32_t fallback) {
    hb_position_t value = 0;
    return libharfbuzz.hb_ot_metrics_get_position(font, tag, &value) ? value : fallback;
}

void vg_hb_font_metrics(const vg_hb_font *font, vg_hb_metrics *m) {
    memset(m, 0, sizeof *m);
    hb_font_t *f = font->font;
    int32_t upem = (int32_t)libharfbuzz.hb_face_get_upem(font->face);
    hb_font_extents_t extents = {0};
    libharfbuzz.hb_font_get_h_extents(f, &extents);
    m->units_per_em = upem;
    m->ascender = extents.ascender;
    m->descender = extents.descender;
    m->line_gap = extents.line_gap;
    m->cap_height = position(f, HB_OT_METRICS_TAG_CAP_HEIGHT, upem * 7 / 10);
    m->x_height = position(f, HB_OT_METRICS_TAG_X_HEIGHT, upem / 2);
    m->underline_position = position(f, HB_OT_METRICS_TAG_UNDERLINE_OFFSET, -upem / 10);
    m->underline_thickness = position(f, HB_OT_METRICS_TAG_UNDERLINE_SIZE, upem / 20);
    m->strikeout_position = position(f, HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, upem * 3 / 10);
    m->strikeout_thickness = position(f, HB_OT_METRICS_TAG_STRIKEOUT_SIZE, upem / 20);
    // CSS's defaults where the font has no OS/2 values: a fifth of the size down, a third up.
    m->subscript_y_offset = position(f, HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET, upem / 5);
    m->superscript_y_offset = position(f, HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET, upem / 3);
    m->glyph_count = libharfbuzz.hb_face_get_glyph_count(font->face);
    m->weight = libharfbuzz.hb_style_get_value(f, HB_STYLE_TAG_WEIGHT);
    m->width = libharfbuzz.hb_style_get_value(f, HB_STYLE_TAG_WIDTH);
    m->italic = libharfbuzz.hb_style_get_value(f, HB_STYLE_TAG_ITALIC);
    m->slant = -libharfbuzz.hb_style_get_value(f, HB_STYLE_TAG_SLANT_ANGLE);
    m->has_color_layers = libharfbuzz.hb_ot_color_has_layers(font->face) && libharfbuzz.hb_ot_color_has_palettes(font->face);
    m->has_color_bitmaps = libharfbuzz.hb_ot_color_has_png(font->face);
}

unsigned vg_hb_font_name(const vg_hb_font *font, unsigned name_id, char *out, unsigned capacity) {
    if (capacity == 0) return 0;
    unsigned size = capacity;
    unsigned written = libharfbuzz.hb_ot_name_get_utf8(font->face, (hb_ot_name_id_t)name_id, HB_LANGUAGE_INVALID, &size, out);
    if (written == 0) out[0] = 0;
    return size < capacity ? size : capacity - 1;
}

unsigned vg_hb_font_axes(const vg_hb_font *font, vg_hb_axis *out, unsigned capacity) {
    unsigned total = libharfbuzz.hb_ot_var_get_axis_count(font->face);
    if (capacity == 0 || out == NULL) return total;
    hb_ot_var_axis_info_t infos[64];
    unsigned count = capacity < 64 ? capacity : 64;
    libharfbuzz.hb_ot_var_get_axis_infos(font->face, 0, &count, infos);
    for (unsigned i = 0; i < count; i++) {
        out[i].tag = infos[i].tag;
        out[i].minimum = infos[i].min_value;
        out[i].def = infos[i].default_value;
        out[i].maximum = infos[i].max_value;
    }
    return total;
}

int vg_hb_font_classification(const vg_hb_font *font, int *family_class, int *panose_family) {
    hb_blob_t *os2 = libharfbuzz.hb_face_reference_table(font->face, HB_TAG('O', 'S', '/', '2'));
    unsigned length = 0;
    const uint8_t *bytes = (const uint8_t *)libharfbuzz.hb_blob_get_data(os2, &length);
    // sFamilyClass at 30 (int16), panose's bFamilyType at 32.
    int found = bytes != NULL && length >= 33;
    if (found) {
        *family_class = (int)(int16_t)(bytes[30] << 8 | bytes[31]);
        *panose_family = bytes[32];
    }
    libharfbuzz.hb_blob_destroy(os2);
    return found;
}

int vg_hb_font_glyph(const vg_hb_font *font, uint32_t codepoint, uint32_t selector, uint32_t *glyph) {
    hb_codepoint_t g = 0;
    int found = selector ? libharfbuzz.hb_font_get_variation_glyph(font->font, codepoint, selector, &g)
                         : libharfbuzz.hb_font_get_nominal_glyph(font->font, codepoint, &g);
    *glyph = found ? g : 0;
    return found;
}

int32_t vg_hb_font_advance(const vg_hb_font *font, uint32_t glyph) {
    return libharfbuzz.hb_font_get_glyph_h_advance(font->font, glyph);
}

int vg_hb_shape(const vg_hb_font *font, const uint16_t *text, unsigned text_length, unsigned start,
                unsigned length, int direction, uint32_t script, const char *language,
                const vg_hb_feature *features, unsigned feature_count, unsigned max_glyphs,
                vg_hb_glyph **glyphs) {
    *glyphs = NULL;
    if (length == 0) return 0;
    if (start > text_length || length > text_length - start || feature_count > 4096) return -1;
    hb_buffer_t *buffer = libharfbuzz.hb_buffer_create();
    if (!libharfbuzz.hb_buffer_allocation_successful(buffer)) {
        libharfbuzz.hb_buffer_destroy(buffer);
        return -1;
    }
    libharfbuzz.hb_buffer_add_utf16(buffer, text, (int)text_length, start, (int)length);
    libharfbuzz.hb_buffer_set_direction(buffer, (hb_direction_t)direction);
    if (script != 0) libharfbuzz.hb_buffer_set_script(buffer, (hb_script_t)script);
    if (language != NULL && language[0] != 0) libharfbuzz.hb_buffer_set_language(buffer, libharfbuzz.hb_language_from_string(language, -1));
    libharfbuzz.hb_buffer_guess_segment_properties(buffer);
    unsigned flags = HB_BUFFER_FLAG_DEFAULT;
    if (start == 0) flags |= HB_BUFFER_FLAG_BOT;
    if (start + length == text_length) flags |= HB_BUFFER_FLAG_EOT;
    libharfbuzz.hb_buffer_set_flags(buffer, (hb_buffer_flags_t)flags);
    hb_feature_t *set = NULL;
    if (feature_count > 0) {
        set = calloc(feature_count, sizeof *set);
        if (set == NULL) {
            libharfbuzz.hb_buffer_destroy(buffer);
            return -1;
        }
        for (unsigned i = 0; i < feature_count; i++) {
            set[i].tag = features[i].tag;
            set[i].value = features[i].value;
            set[i].start = features[i].start;
            set[i].end = features[i].end;
        }
    }
    libharfbuzz.hb_shape(font->font, buffer, set, feature_count);
    free(set);
    unsigned count = libharfbuzz.hb_buffer_get_length(buffer);
    if (!libharfbuzz.hb_buffer_allocation_successful(buffer) || count > max_glyphs) {
        libharfbuzz.hb_buffer_destroy(buffer);
        return -1;
    }
    if (count == 0) {
        libharfbuzz.hb_buffer_destroy(buffer);
        return 0;
    }
    vg_hb_glyph *out = malloc(sizeof *out * count);
    if (out == NULL) {
        libharfbuzz.hb_buffer_destroy(buffer);
        return -1;
    }
    hb_glyph_info_t *infos = libharfbuzz.hb_buffer_get_glyph_infos(buffer, NULL);
    hb_glyph_position_t *positions = libharfbuzz.hb_buffer_get_glyph_positions(buffer, NULL);
    for (unsigned i = 0; i < count; i++) {
        out[i].glyph = infos[i].codepoint;
        out[i].cluster = infos[i].cluster;
        out[i].x_advance = positions[i].x_advance;
        out[i].y_advance = positions[i].y_advance;
        out[i].x_offset = positions[i].x_offset;
        out[i].y_offset = positions[i].y_offset;
    }
    libharfbuzz.hb_buffer_destroy(buffer);
    *glyphs = out;
    return (int)count;
}

void vg_hb_free(void *pointer) { free(pointer); }
