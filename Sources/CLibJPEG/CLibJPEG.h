// libjpeg-turbo as the system has it, found through pkg-config (libjpeg.pc):
// this module only carries its include and library flags to the CJPEG shim,
// which includes <jpeglib.h> itself.
#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>
