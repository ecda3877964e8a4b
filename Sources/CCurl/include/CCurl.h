#ifndef CCURL_CCURL_H
#define CCURL_CCURL_H
// libcurl, loaded when the first request is made instead of linked: a process that never asks a server
// (`roadtrip --version`, the screens with the estimate) does not load it and the ~30 libraries it needs.
// The types and constants are the real <curl/curl.h> (Debian: libcurl4-openssl-dev); the functions are
// reached only through the rt_curl_* below. The binary does not link libcurl, so calling a curl_* function
// directly would not link.
#include <curl/curl.h>
#include <stddef.h>

// Loads libcurl.so.4 and the functions below once (thread-safe) and initialises it. NULL once loaded, else
// why not (a static text naming the library).
const char *rt_curl_load(void);

// Each of these needs rt_curl_load() to have returned NULL.
CURL *rt_curl_easy_init(void);
void rt_curl_easy_cleanup(CURL *handle);
// Forgets the handle's options and per-transfer state, keeping its open connections.
void rt_curl_easy_reset(CURL *handle);
// Typed forms of the variadic curl_easy_setopt and curl_easy_getinfo.
CURLcode rt_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode rt_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode rt_curl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *list);
CURLcode rt_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
struct curl_slist *rt_curl_slist_append(struct curl_slist *list, const char *text);
void rt_curl_slist_free_all(struct curl_slist *list);
const char *rt_curl_easy_strerror(CURLcode code);

// One transfer's answer. The caller sets `limit` and `idle_seconds` and zeroes the rest.
typedef struct {
    char *bytes;          // the body (malloc'd; rt_curl_answer_free), at most `limit` bytes
    size_t length;
    size_t capacity;
    size_t limit;
    double idle_seconds;  // the most time without a byte arriving (from the start, then from the last byte)
    double last_activity; // private: monotonic seconds
    curl_off_t received;  // private: bytes seen by the progress callback
    int over_limit;       // set when the body went past `limit` (the transfer is stopped: CURLE_WRITE_ERROR)
    int idle_expired;     // set when `idle_seconds` passed (stopped: CURLE_ABORTED_BY_CALLBACK)
} rt_curl_answer;

// Performs the transfer set up on `handle`, writing the body into `answer`: curl_easy_perform with this
// file's write and progress callbacks, which stop the body past its limit and the transfer once idle.
CURLcode rt_curl_perform(CURL *handle, rt_curl_answer *answer);
void rt_curl_answer_free(rt_curl_answer *answer);
#endif
