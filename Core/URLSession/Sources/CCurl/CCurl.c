// Opens libcurl.so.4 once and calls it through the functions found there (see CCurl.h for why).
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// curl_global_init's CURL_GLOBAL_DEFAULT (curl.h: CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32).
#define CCURL_GLOBAL_DEFAULT 3L
/// multi.h CURLMSG_DONE.
#define CCURL_MSG_DONE 1
/// curl.h CURLSHOPT_SHARE and CURL_LOCK_DATA_SSL_SESSION.
#define CCURL_SHOPT_SHARE 1
#define CCURL_LOCK_DATA_SSL_SESSION 4

/// multi.h struct CURLMsg, as curl_multi_info_read returns it.
typedef struct {
    int msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} ccurl_message;

static struct {
    CURLcode (*global_init)(long flags);
    char *(*version)(void);
    const char *(*easy_strerror)(CURLcode code);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *easy);
    CURLcode (*easy_setopt)(CURL *easy, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *easy, CURLINFO info, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, void *extra_fds, unsigned int extra_count, int timeout_ms, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    ccurl_message *(*multi_info_read)(CURLM *multi, int *left);
    CURLSH *(*share_init)(void);
    int (*share_setopt)(CURLSH *share, int option, ...);
    int (*share_cleanup)(CURLSH *share);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure = NULL;
static char load_failure_text[512];

static int find(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    if (*function) return 1;
    snprintf(load_failure_text, sizeof load_failure_text,
             "libcurl.so.4 has no %s (libcurl 7.68 or later is needed)", name);
    load_failure = load_failure_text;
    return 0;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_failure_text, sizeof load_failure_text, "%s", reason ? reason : "libcurl.so.4 could not be opened");
        load_failure = load_failure_text;
        return;
    }
    if (!(find(library, "curl_global_init", (void **)&curl.global_init)
          && find(library, "curl_version", (void **)&curl.version)
          && find(library, "curl_easy_strerror", (void **)&curl.easy_strerror)
          && find(library, "curl_easy_init", (void **)&curl.easy_init)
          && find(library, "curl_easy_cleanup", (void **)&curl.easy_cleanup)
          && find(library, "curl_easy_setopt", (void **)&curl.easy_setopt)
          && find(library, "curl_easy_getinfo", (void **)&curl.easy_getinfo)
          && find(library, "curl_multi_init", (void **)&curl.multi_init)
          && find(library, "curl_multi_cleanup", (void **)&curl.multi_cleanup)
          && find(library, "curl_multi_add_handle", (void **)&curl.multi_add_handle)
          && find(library, "curl_multi_remove_handle", (void **)&curl.multi_remove_handle)
          && find(library, "curl_multi_perform", (void **)&curl.multi_perform)
          && find(library, "curl_multi_poll", (void **)&curl.multi_poll)
          && find(library, "curl_multi_wakeup", (void **)&curl.multi_wakeup)
          && find(library, "curl_multi_info_read", (void **)&curl.multi_info_read)
          && find(library, "curl_share_init", (void **)&curl.share_init)
          && find(library, "curl_share_setopt", (void **)&curl.share_setopt)
          && find(library, "curl_share_cleanup", (void **)&curl.share_cleanup)
          && find(library, "curl_slist_append", (void **)&curl.slist_append)
          && find(library, "curl_slist_free_all", (void **)&curl.slist_free_all))) {
        return;
    }
    // Not thread-safe in older libcurl, so it runs here, once, before any handle exists.
    CURLcode code = curl.global_init(CCURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_failure_text, sizeof load_failure_text, "curl_global_init failed: %s", curl.easy_strerror(code));
        load_failure = load_failure_text;
    }
}

const char *ccurl_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

const char *ccurl_version(void) { return curl.version(); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *easy) { curl.easy_cleanup(easy); }

CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl.easy_setopt(easy, option, value);
}

CURLcode ccurl_easy_setopt_off_t(CURL *easy, CURLoption option, int64_t value) {
    return curl.easy_setopt(easy, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, const void *value) {
    return curl.easy_setopt(easy, option, value);
}

CURLcode ccurl_easy_setopt_write_callback(CURL *easy, CURLoption option, ccurl_write_callback callback) {
    return curl.easy_setopt(easy, option, callback);
}

CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl.easy_getinfo(easy, info, value);
}

CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy) { return curl.multi_add_handle(multi, easy); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy) { return curl.multi_remove_handle(multi, easy); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }

CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

CURLMcode ccurl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }

int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int left = 0;
    ccurl_message *message;
    while ((message = curl.multi_info_read(multi, &left))) {
        if (message->msg != CCURL_MSG_DONE) continue;
        *easy = message->easy_handle;
        *result = message->data.result;
        return 1;
    }
    return 0;
}

CURLSH *ccurl_share_tls_sessions(void) {
    CURLSH *share = curl.share_init();
    if (share && curl.share_setopt(share, CCURL_SHOPT_SHARE, (int)CCURL_LOCK_DATA_SSL_SESSION) != 0) {
        curl.share_cleanup(share);
        return NULL;
    }
    return share;
}

void ccurl_share_cleanup(CURLSH *share) { (void)curl.share_cleanup(share); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
    return curl.slist_append(list, string);
}

void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
