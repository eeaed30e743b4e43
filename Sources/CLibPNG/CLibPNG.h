// libpng as the system has it, found through pkg-config (libpng16.pc): this
// module only carries its include and library flags to the CPNG shim, which
// includes <png.h> itself.
#include <png.h>
