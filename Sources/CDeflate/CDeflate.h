// libdeflate is called from Swift as it is: no shim, only its header.
#include <libdeflate.h>
