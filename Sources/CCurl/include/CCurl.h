#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens libcurl and calls curl_global_init exactly once per process; CURLE_OK
/// when both worked.
int vg_curl_global_init(void);
const char *vg_curl_version(void);
/// Opens libcurl if it is not open: 1 when it is; 0 with why it could not be
/// opened or initialised in `out` (NUL-terminated; 320 bytes hold any reason).
int vg_curl_library_failure(char *out, size_t length);

/// libcurl's functions through the library opened on first use (the init
/// functions return NULL when it could not be; the others need a handle
/// they returned).
CURL *vg_curl_easy_init(void);
void vg_curl_easy_cleanup(CURL *handle);
const char *vg_curl_easy_strerror(CURLcode code);
CURLM *vg_curl_multi_init(void);
CURLMcode vg_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode vg_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode vg_curl_multi_perform(CURLM *multi, int *running);
/// curl_multi_poll with no extra descriptors.
CURLMcode vg_curl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode vg_curl_multi_wakeup(CURLM *multi);
struct curl_slist *vg_curl_slist_append(struct curl_slist *list, const char *line);
void vg_curl_slist_free_all(struct curl_slist *list);

/// Typed front doors to the variadic curl_easy_setopt / curl_easy_getinfo,
/// which Swift cannot call.
CURLcode vg_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode vg_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode vg_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode vg_curl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode vg_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value);
typedef size_t (*vg_curl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode vg_curl_set_write_callback(CURL *handle, vg_curl_data_callback callback, void *context);
CURLcode vg_curl_set_header_callback(CURL *handle, vg_curl_data_callback callback, void *context);
CURLcode vg_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode vg_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode vg_curl_get_string(CURL *handle, CURLINFO info, const char **value);
CURLMcode vg_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);

/// Asked before every connect (with the address about to be connected to)
/// and before every request of every redirect hop (with the connection's
/// address, which may be a reused one): nonzero allows. `address` holds 4
/// (AF_INET) or 16 (AF_INET6) bytes in network order.
typedef int (*vg_curl_address_check)(void *context, int family, const unsigned char *address, int port);
typedef struct {
    vg_curl_address_check check;  /* NULL: every address is allowed */
    void *context;
    int socket_errno;             /* set when a socket could not be opened: libcurl reports only a failed connect */
} vg_curl_address_guard;
/// Installs CURLOPT_OPENSOCKETFUNCTION and CURLOPT_PREREQFUNCTION calling
/// `guard` (which must outlive the handle's transfers). A refused connect
/// fails with CURLE_COULDNT_CONNECT, a refused request with
/// CURLE_ABORTED_BY_CALLBACK; a socket() that fails leaves its errno in
/// `socket_errno`.
CURLcode vg_curl_set_address_guard(CURL *handle, vg_curl_address_guard *guard);

/// The easy handle and result of a finished transfer from curl_multi_info_read
/// (CURLMsg's result lives in a union Swift reads awkwardly). Returns 0 when
/// no message is pending.
int vg_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result);

#ifdef __cplusplus
}
#endif

#endif
