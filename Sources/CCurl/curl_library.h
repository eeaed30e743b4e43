// libcurl's functions, looked up on the first transfer (see CLoader): call
// them as `libcurl.curl_easy_init()` once vg_curl_global_init() has
// returned CURLE_OK.
#ifndef CCURL_LIBRARY_H
#define CCURL_LIBRARY_H

#include <curl/curl.h>

#define VG_LIBCURL_FUNCTIONS(X)                                                                                      \
    X(curl_global_init) X(curl_version) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_setopt)                  \
    X(curl_easy_getinfo) X(curl_easy_strerror) X(curl_multi_init) X(curl_multi_setopt) X(curl_multi_add_handle)     \
    X(curl_multi_remove_handle) X(curl_multi_perform) X(curl_multi_poll) X(curl_multi_wakeup)                       \
    X(curl_multi_info_read) X(curl_slist_append) X(curl_slist_free_all)

#define VG_LIBCURL_FIELD(name) __typeof__(name) *name;
struct vg_libcurl {
    VG_LIBCURL_FUNCTIONS(VG_LIBCURL_FIELD)
};
#undef VG_LIBCURL_FIELD

extern struct vg_libcurl libcurl;

#endif
