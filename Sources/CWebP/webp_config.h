// Private to the shim: the one WebPConfig every WebP encode uses.
#ifndef CWEBP_CONFIG_H
#define CWEBP_CONFIG_H

#include <webp/encode.h>

/// The still encoder's settings (quality 0...100 or lossless, one thread,
/// invisible pixels free), shared so an animation frame is encoded like a
/// still image. Returns WebPValidateConfig's verdict.
int vg_webp_configure(WebPConfig *config, float quality, int lossless);

#endif
