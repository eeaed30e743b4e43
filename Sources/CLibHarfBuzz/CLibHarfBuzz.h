// HarfBuzz as the system has it, found through pkg-config (harfbuzz.pc): this
// module only carries its include and library flags to the CHarfBuzz shim,
// which includes <hb.h> itself.
#include <hb.h>
