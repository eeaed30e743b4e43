// libwebp, its demuxer and its muxer as the system has them, found through
// pkg-config (libwebp.pc, libwebpdemux.pc, libwebpmux.pc): this module only
// carries their include and library flags to the CWebP shim, which includes
// the <webp/…> headers itself.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
