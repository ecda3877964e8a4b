// libcurl through dlopen (see CCurl.h).
#include "CCurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// Debian's libcurl4 (OpenSSL), the soname every distribution's libcurl 7 and 8 keeps.
static const char soname[] = "libcurl.so.4";

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static const char *load_failure = failure;

static void load(void) {
    // Never closed: easy handles live as long as their engines.
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : soname);
        return;
    }
    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&curl.global_init, "curl_global_init"},
        {(void **)&curl.easy_init, "curl_easy_init"},
        {(void **)&curl.easy_cleanup, "curl_easy_cleanup"},
        {(void **)&curl.easy_reset, "curl_easy_reset"},
        {(void **)&curl.easy_setopt, "curl_easy_setopt"},
        {(void **)&curl.easy_getinfo, "curl_easy_getinfo"},
        {(void **)&curl.easy_perform, "curl_easy_perform"},
        {(void **)&curl.easy_strerror, "curl_easy_strerror"},
        {(void **)&curl.slist_append, "curl_slist_append"},
        {(void **)&curl.slist_free_all, "curl_slist_free_all"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(library, symbols[i].name);
        if (!*symbols[i].slot) {
            snprintf(failure, sizeof failure, "%s has no %s", soname, symbols[i].name);
            return;
        }
    }
    // Not thread-safe before libcurl 7.84: here it runs once, before any handle exists.
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(failure, sizeof failure, "%s: %s", soname, curl.easy_strerror(code));
        return;
    }
    load_failure = NULL;
}

const char *rt_curl_load(void) {
    pthread_once(&once, load);
    return load_failure;
}

CURL *rt_curl_easy_init(void) { return curl.easy_init(); }
void rt_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
void rt_curl_easy_reset(CURL *handle) { curl.easy_reset(handle); }

CURLcode rt_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode rt_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode rt_curl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl.easy_setopt(handle, option, list);
}

CURLcode rt_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

struct curl_slist *rt_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl.slist_append(list, text);
}

void rt_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
const char *rt_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

// Keeps the body, up to its limit: a longer one stops the transfer (a short count is CURLE_WRITE_ERROR).
static size_t on_body(char *data, size_t size, size_t count, void *context) {
    rt_curl_answer *answer = context;
    size_t bytes = size * count;
    if (bytes > answer->limit - answer->length) {
        answer->over_limit = 1;
        return 0;
    }
    if (bytes > answer->capacity - answer->length) {
        size_t capacity = answer->capacity ? answer->capacity : 16384;
        while (capacity - answer->length < bytes) capacity *= 2;
        if (capacity > answer->limit) capacity = answer->limit;
        char *bytes_grown = realloc(answer->bytes, capacity);
        if (!bytes_grown) return 0;
        answer->bytes = bytes_grown;
        answer->capacity = capacity;
    }
    memcpy(answer->bytes + answer->length, data, bytes);
    answer->length += bytes;
    return bytes;
}

// Called often while bytes flow and about once a second while none do: stops a transfer idle too long.
static int on_progress(void *context, curl_off_t download_total, curl_off_t download_now, curl_off_t upload_total,
                       curl_off_t upload_now) {
    (void)download_total;
    (void)upload_total;
    rt_curl_answer *answer = context;
    double now = monotonic_seconds();
    if (download_now + upload_now != answer->received) {
        answer->received = download_now + upload_now;
        answer->last_activity = now;
    } else if (now - answer->last_activity >= answer->idle_seconds) {
        answer->idle_expired = 1;
        return 1;
    }
    return 0;
}

CURLcode rt_curl_perform(CURL *handle, rt_curl_answer *answer) {
    answer->last_activity = monotonic_seconds();
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, answer);
    curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, CURLOPT_XFERINFODATA, answer);
    curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    return curl.easy_perform(handle);
}

void rt_curl_answer_free(rt_curl_answer *answer) {
    free(answer->bytes);
    answer->bytes = NULL;
    answer->length = answer->capacity = 0;
}
