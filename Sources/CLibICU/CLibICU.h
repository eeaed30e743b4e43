// ICU's common library as the system has it, found through pkg-config
// (icu-uc.pc): this module only carries its include and library flags to
// the CICU shim, which includes the ICU headers itself.
#include <unicode/utypes.h>
