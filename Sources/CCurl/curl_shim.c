// Typed front doors to libcurl: curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call, and curl_global_init must run once.
#include "CCurl.h"

#include <pthread.h>

static pthread_once_t vg_curl_once = PTHREAD_ONCE_INIT;
static CURLcode vg_curl_init_result = CURLE_OK;

static void vg_curl_init_impl(void) { vg_curl_init_result = curl_global_init(CURL_GLOBAL_DEFAULT); }

int vg_curl_global_init(void) {
    pthread_once(&vg_curl_once, vg_curl_init_impl);
    return (int)vg_curl_init_result;
}

CURLcode vg_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_write_callback(CURL *handle, vg_curl_data_callback callback, void *context) {
    CURLcode rc = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return rc != CURLE_OK ? rc : curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

CURLcode vg_curl_set_header_callback(CURL *handle, vg_curl_data_callback callback, void *context) {
    CURLcode rc = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return rc != CURLE_OK ? rc : curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

CURLcode vg_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode vg_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode vg_curl_get_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLMcode vg_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

int vg_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
    int pending = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &pending)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *handle = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

const char *vg_curl_version(void) {
    vg_curl_global_init();
    return curl_version();
}
