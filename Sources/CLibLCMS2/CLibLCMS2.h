// Little CMS 2 as the system has it, found through pkg-config (lcms2.pc):
// this module only carries its include and library flags to the CLCMS shim,
// which includes <lcms2.h> itself.
#include <lcms2.h>
