#ifndef CHARFBUZZ_H
#define CHARFBUZZ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One font face of a font file (a TrueType, OpenType/CFF or collection
/// member), with its HarfBuzz face and font, scaled to font units. Opaque:
/// Swift holds it and frees it with vg_hb_font_destroy. Immutable once made
/// (variations are set at creation), so shaping and outlines may run on
/// several threads at once.
typedef struct vg_hb_font vg_hb_font;

/// A variation axis value (`wght` 700) for vg_hb_font_create.
typedef struct {
    uint32_t tag;
    float value;
} vg_hb_variation;

/// What Swift needs of a face to lay text out and to match it (CSS Fonts).
typedef struct {
    int32_t units_per_em;
    int32_t ascender;           /* OS/2 typo or hhea, as HarfBuzz picks: positive above the baseline */
    int32_t descender;          /* negative below the baseline */
    int32_t line_gap;
    int32_t cap_height;
    int32_t x_height;
    int32_t underline_position; /* negative below the baseline */
    int32_t underline_thickness;
    int32_t strikeout_position;
    int32_t strikeout_thickness;
    int32_t subscript_y_offset;   /* OS/2: how far below the baseline subscripts sit (positive down) */
    int32_t superscript_y_offset; /* OS/2: how far above it superscripts sit */
    uint32_t glyph_count;
    float weight;               /* 1...1000: the wght axis as set, else OS/2 usWeightClass */
    float width;                /* percent: the wdth axis, else OS/2 usWidthClass as CSS maps it */
    float italic;               /* 1 when the face is italic (ital axis or the style bits) */
    float slant;                /* degrees, positive leaning right (the slnt axis negated or post.italicAngle) */
    int32_t has_color_layers;   /* COLR/CPAL */
    int32_t has_color_bitmaps;  /* CBDT or sbix */
} vg_hb_metrics;

/// A variation axis of a variable font.
typedef struct {
    uint32_t tag;
    float minimum;
    float def;
    float maximum;
} vg_hb_axis;

/// An OpenType feature over a range of the text (UTF-16 units), as
/// font-feature-settings and letter-spacing ask.
typedef struct {
    uint32_t tag;
    uint32_t value;
    uint32_t start;
    uint32_t end;
} vg_hb_feature;

/// One shaped glyph: id, the UTF-16 offset of its cluster in the text
/// passed, advances and offsets in font units.
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} vg_hb_glyph;

/// A glyph outline as drawn by HarfBuzz (no hinting), in font units with
/// y up: ops (0 move, 1 line, 2 quadratic, 3 cubic, 4 close) and their
/// points (1, 1, 2, 3 and 0 points each). Filled by vg_hb_glyph_outline up
/// to the capacities the caller allocated; `overflow` is set when more did
/// not fit (the outline is then unusable).
typedef struct {
    uint8_t *ops;
    float *points;              /* x, y pairs */
    uint32_t op_capacity;
    uint32_t point_capacity;    /* in pairs */
    uint32_t op_count;
    uint32_t point_count;
    int32_t overflow;
} vg_hb_outline;

/// The number of faces in a font file (1 for a plain font, n for a
/// collection), 0 when HarfBuzz finds none.
unsigned vg_hb_face_count(const uint8_t *data, size_t length);

/// A face of `data` (which must outlive the font: it is not copied), with
/// `variations` applied; NULL when the face has no glyphs or no usable
/// units per em, or memory ran out.
vg_hb_font *vg_hb_font_create(const uint8_t *data, size_t length, unsigned index,
                              const vg_hb_variation *variations, unsigned variation_count);
void vg_hb_font_destroy(vg_hb_font *font);

void vg_hb_font_metrics(const vg_hb_font *font, vg_hb_metrics *metrics);

/// The name table's entry `name_id` (1 family, 2 subfamily, 16 typographic
/// family, 4 full name) in UTF-8 into `out` (NUL-terminated, cut to fit);
/// returns the bytes written, 0 when there is none.
unsigned vg_hb_font_name(const vg_hb_font *font, unsigned name_id, char *out, unsigned capacity);

/// The face's OS/2 sFamilyClass (class << 8 | subclass) and panose bFamilyType; 0 when it has no OS/2 table.
int vg_hb_font_classification(const vg_hb_font *font, int *family_class, int *panose_family);

/// Up to `capacity` variation axes into `out`; returns how many the face has.
unsigned vg_hb_font_axes(const vg_hb_font *font, vg_hb_axis *out, unsigned capacity);

/// The face's glyph for `codepoint` (with `selector` a variation selector,
/// 0 for none) into `glyph`; 0 when it has none.
int vg_hb_font_glyph(const vg_hb_font *font, uint32_t codepoint, uint32_t selector, uint32_t *glyph);

/// The horizontal advance of `glyph` in font units.
int32_t vg_hb_font_advance(const vg_hb_font *font, uint32_t glyph);

/// Shapes text[start ..< start + length] of the UTF-16 `text` (the rest is
/// context) with `direction` (4 LTR, 5 RTL, 6 TTB, as hb_direction_t),
/// `script` (an ISO 15924 tag, 0 to guess), `language` (BCP 47, NULL for
/// none) and `features`. Returns the glyph count and a malloc'd array in
/// `glyphs` for vg_hb_free (NULL when the count is 0); -1 when the run has
/// more than `max_glyphs` glyphs or memory ran out.
int vg_hb_shape(const vg_hb_font *font, const uint16_t *text, unsigned text_length, unsigned start,
                unsigned length, int direction, uint32_t script, const char *language,
                const vg_hb_feature *features, unsigned feature_count, unsigned max_glyphs,
                vg_hb_glyph **glyphs);
void vg_hb_free(void *pointer);

/// The outline of `glyph` into `outline` (see vg_hb_outline); returns 1 when it fit, 0 on overflow.
int vg_hb_glyph_outline(const vg_hb_font *font, uint32_t glyph, vg_hb_outline *outline);

/// The ISO 15924 script tag HarfBuzz's Unicode data gives `codepoint`
/// ('Zyyy' common, 'Zinh' inherited, 'Zzzz' unknown).
uint32_t vg_hb_script(uint32_t codepoint);

/// Whether the script is written right to left in horizontal text.
int vg_hb_script_is_rtl(uint32_t script);

/// The general category of `codepoint` as hb_unicode_general_category_t.
int vg_hb_general_category(uint32_t codepoint);

/// COLRv0: the number of layers of `glyph` (0 for none) and up to
/// `capacity` of them (glyph, palette index; 0xFFFF is the text colour).
unsigned vg_hb_color_layers(const vg_hb_font *font, uint32_t glyph, uint32_t *layer_glyphs,
                            uint32_t *color_indices, unsigned capacity);
/// Palette 0's colours as 0xBBGGRRAA (HarfBuzz's hb_color_t); returns the count.
unsigned vg_hb_palette_colors(const vg_hb_font *font, uint32_t *colors, unsigned capacity);
/// CBDT/sbix: a PNG for `glyph` at the strike nearest `pixels_per_em`, copied
/// into a malloc'd buffer for vg_hb_free; its length, 0 when none.
size_t vg_hb_glyph_png(const vg_hb_font *font, uint32_t glyph, unsigned pixels_per_em, uint8_t **png);
/// The glyph's extents in font units (bearing x, y from the baseline up, width, height negative downwards).
int vg_hb_glyph_extents(const vg_hb_font *font, uint32_t glyph, int32_t extents[4]);
/// HarfBuzz's version string, for `vignette versions` and test references ("" when it cannot be opened).
const char *vg_hb_version(void);

/// Opens HarfBuzz unless it is open (it is opened on first use, not at process
/// start); 1 when it and every function the shim calls are there. Thread-safe.
/// Without it no face or font is made and the Unicode properties are empty.
int vg_hb_load(void);
/* Opens HarfBuzz if it is not open: 1 when it is; 0 with why not in `out`
   (NUL-terminated; 320 bytes hold any reason). */
int vg_hb_library_failure(char *out, size_t length);

#ifdef __cplusplus
}
#endif

#endif
