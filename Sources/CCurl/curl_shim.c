// Typed front doors to libcurl: curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call, and curl_global_init must run once.
// libcurl is opened on the first transfer: linked directly, it and its TLS,
// compression and name libraries cost every process milliseconds of start-up.
#include "CCurl.h"
#include "curl_library.h"

#include <CLoader.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

struct vg_libcurl libcurl;

static vg_library vg_libcurl_state = VG_LIBRARY_INITIALIZER;

static int vg_curl_global_init_validate(char *failure, size_t length) {
    CURLcode rc = libcurl.curl_global_init(CURL_GLOBAL_DEFAULT);
    if (rc == CURLE_OK) return 1;
    snprintf(failure, length, "curl_global_init failed with code %d", (int)rc);
    return 0;
}

int vg_curl_global_init(void) {
#ifdef __APPLE__
    // The system's libcurl, which the SDK's curl/curl.h describes, by name and then by path (a bare name
    // is looked up in /usr/lib only while DYLD_FALLBACK_LIBRARY_PATH is unset); then Homebrew's, which is
    // keg-only (never in /opt/homebrew/lib).
    static const char *const files[] = {"libcurl.4.dylib", "/usr/lib/libcurl.4.dylib",
                                        "/opt/homebrew/opt/curl/lib/libcurl.4.dylib",
                                        "/usr/local/opt/curl/lib/libcurl.4.dylib"};
#else
    static const char *const files[] = {"libcurl.so.4", "libcurl.so"};
#endif
#define VG_LIBCURL_NAME(name) #name,
    static const char *const names[] = {VG_LIBCURL_FUNCTIONS(VG_LIBCURL_NAME)};
#undef VG_LIBCURL_NAME
    int loaded = vg_library_open(&vg_libcurl_state, files, sizeof files / sizeof files[0], names, (void **)&libcurl,
                                 sizeof names / sizeof names[0], vg_curl_global_init_validate);
    return loaded ? CURLE_OK : CURLE_FAILED_INIT;
}

CURLcode vg_curl_set_long(CURL *handle, CURLoption option, long value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}

CURLcode vg_curl_set_write_callback(CURL *handle, vg_curl_data_callback callback, void *context) {
    CURLcode rc = libcurl.curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return rc != CURLE_OK ? rc : libcurl.curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

CURLcode vg_curl_set_header_callback(CURL *handle, vg_curl_data_callback callback, void *context) {
    CURLcode rc = libcurl.curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return rc != CURLE_OK ? rc : libcurl.curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

CURLcode vg_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return libcurl.curl_easy_getinfo(handle, info, value);
}

CURLcode vg_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return libcurl.curl_easy_getinfo(handle, info, value);
}

CURLcode vg_curl_get_string(CURL *handle, CURLINFO info, const char **value) {
    return libcurl.curl_easy_getinfo(handle, info, value);
}

// The address about to be connected to: refused means no socket, so the
// peer never sees a connection attempt. A socket that cannot be opened
// leaves its errno (EMFILE: no descriptor left), which libcurl does not keep.
static curl_socket_t vg_open_socket(void *clientp, curlsocktype purpose, struct curl_sockaddr *a) {
    vg_curl_address_guard *guard = clientp;
    unsigned char bytes[16];
    int port;
    (void)purpose;
    if (guard->check == NULL) {
        // Nothing to check: only the errno is wanted.
    } else if (a->family == AF_INET && a->addrlen >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)&a->addr;
        memcpy(bytes, &in->sin_addr, 4);
        port = ntohs(in->sin_port);
        if (!guard->check(guard->context, a->family, bytes, port)) return CURL_SOCKET_BAD;
    } else if (a->family == AF_INET6 && a->addrlen >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)&a->addr;
        memcpy(bytes, &in6->sin6_addr, 16);
        port = ntohs(in6->sin6_port);
        if (!guard->check(guard->context, a->family, bytes, port)) return CURL_SOCKET_BAD;
    } else {
        return CURL_SOCKET_BAD;  // unix sockets and anything else: never for a guarded transfer
    }
    curl_socket_t socket_fd = socket(a->family, a->socktype, a->protocol);
    if (socket_fd == CURL_SOCKET_BAD) guard->socket_errno = errno;
    return socket_fd;
}

// Before each request, redirect hops and reused connections included.
static int vg_prerequest(void *clientp, char *primary_ip, char *local_ip, int primary_port, int local_port) {
    const vg_curl_address_guard *guard = clientp;
    unsigned char bytes[16];
    (void)local_ip;
    (void)local_port;
    if (guard->check == NULL) return CURL_PREREQFUNC_OK;
    if (inet_pton(AF_INET, primary_ip, bytes) == 1) {
        return guard->check(guard->context, AF_INET, bytes, primary_port) ? CURL_PREREQFUNC_OK : CURL_PREREQFUNC_ABORT;
    }
    if (inet_pton(AF_INET6, primary_ip, bytes) == 1) {
        return guard->check(guard->context, AF_INET6, bytes, primary_port) ? CURL_PREREQFUNC_OK : CURL_PREREQFUNC_ABORT;
    }
    return CURL_PREREQFUNC_ABORT;
}

CURLcode vg_curl_set_address_guard(CURL *handle, vg_curl_address_guard *guard) {
    CURLcode rc = libcurl.curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, vg_open_socket);
    if (rc == CURLE_OK) rc = libcurl.curl_easy_setopt(handle, CURLOPT_OPENSOCKETDATA, guard);
    if (rc == CURLE_OK) rc = libcurl.curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, vg_prerequest);
    if (rc == CURLE_OK) rc = libcurl.curl_easy_setopt(handle, CURLOPT_PREREQDATA, guard);
    return rc;
}

CURLMcode vg_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return libcurl.curl_multi_setopt(multi, option, value);
}

int vg_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
    int pending = 0;
    CURLMsg *message;
    while ((message = libcurl.curl_multi_info_read(multi, &pending)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *handle = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

const char *vg_curl_version(void) { return vg_curl_global_init() == CURLE_OK ? libcurl.curl_version() : "libcurl not loaded"; }

int vg_curl_library_failure(char *out, size_t length) {
    vg_curl_global_init();
    return vg_library_failure(&vg_libcurl_state, out, length);
}

CURL *vg_curl_easy_init(void) { return vg_curl_global_init() == CURLE_OK ? libcurl.curl_easy_init() : NULL; }
void vg_curl_easy_cleanup(CURL *handle) { libcurl.curl_easy_cleanup(handle); }
const char *vg_curl_easy_strerror(CURLcode code) {
    return vg_curl_global_init() == CURLE_OK ? libcurl.curl_easy_strerror(code) : "libcurl not loaded";
}
CURLM *vg_curl_multi_init(void) { return vg_curl_global_init() == CURLE_OK ? libcurl.curl_multi_init() : NULL; }
CURLMcode vg_curl_multi_add_handle(CURLM *multi, CURL *handle) { return libcurl.curl_multi_add_handle(multi, handle); }
CURLMcode vg_curl_multi_remove_handle(CURLM *multi, CURL *handle) { return libcurl.curl_multi_remove_handle(multi, handle); }
CURLMcode vg_curl_multi_perform(CURLM *multi, int *running) { return libcurl.curl_multi_perform(multi, running); }
CURLMcode vg_curl_multi_poll(CURLM *multi, int timeout_ms) { return libcurl.curl_multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode vg_curl_multi_wakeup(CURLM *multi) { return libcurl.curl_multi_wakeup(multi); }
struct curl_slist *vg_curl_slist_append(struct curl_slist *list, const char *line) {
    return libcurl.curl_slist_append(list, line);
}
void vg_curl_slist_free_all(struct curl_slist *list) {
    if (list != NULL) libcurl.curl_slist_free_all(list);
}
