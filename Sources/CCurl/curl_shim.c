// Typed front doors to libcurl: curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call, and curl_global_init must run once.
#include "CCurl.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>

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

// The address about to be connected to: refused means no socket, so the
// peer never sees a connection attempt.
static curl_socket_t vg_open_socket(void *clientp, curlsocktype purpose, struct curl_sockaddr *a) {
    const vg_curl_address_guard *guard = clientp;
    unsigned char bytes[16];
    int port;
    (void)purpose;
    if (a->family == AF_INET && a->addrlen >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)&a->addr;
        memcpy(bytes, &in->sin_addr, 4);
        port = ntohs(in->sin_port);
    } else if (a->family == AF_INET6 && a->addrlen >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)&a->addr;
        memcpy(bytes, &in6->sin6_addr, 16);
        port = ntohs(in6->sin6_port);
    } else {
        return CURL_SOCKET_BAD;  // unix sockets and anything else: never for a guarded transfer
    }
    if (!guard->check(guard->context, a->family, bytes, port)) return CURL_SOCKET_BAD;
    return socket(a->family, a->socktype, a->protocol);
}

// Before each request, redirect hops and reused connections included.
static int vg_prerequest(void *clientp, char *primary_ip, char *local_ip, int primary_port, int local_port) {
    const vg_curl_address_guard *guard = clientp;
    unsigned char bytes[16];
    (void)local_ip;
    (void)local_port;
    if (inet_pton(AF_INET, primary_ip, bytes) == 1) {
        return guard->check(guard->context, AF_INET, bytes, primary_port) ? CURL_PREREQFUNC_OK : CURL_PREREQFUNC_ABORT;
    }
    if (inet_pton(AF_INET6, primary_ip, bytes) == 1) {
        return guard->check(guard->context, AF_INET6, bytes, primary_port) ? CURL_PREREQFUNC_OK : CURL_PREREQFUNC_ABORT;
    }
    return CURL_PREREQFUNC_ABORT;
}

CURLcode vg_curl_set_address_guard(CURL *handle, vg_curl_address_guard *guard) {
    CURLcode rc = curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, vg_open_socket);
    if (rc == CURLE_OK) rc = curl_easy_setopt(handle, CURLOPT_OPENSOCKETDATA, guard);
    if (rc == CURLE_OK) rc = curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, vg_prerequest);
    if (rc == CURLE_OK) rc = curl_easy_setopt(handle, CURLOPT_PREREQDATA, guard);
    return rc;
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
