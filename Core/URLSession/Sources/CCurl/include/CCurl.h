// The part of libcurl's API that StrataURLSession uses, declared here because a user's machine has
// libcurl.so.4 (FoundationNetworking needs it) but not curl's headers. The values are curl's own, from
// include/curl/curl.h and include/curl/multi.h, whose ABI curl keeps stable across libcurl.so.4 versions.
//
// Nothing here links libcurl: ccurl_load() opens libcurl.so.4 with dlopen, once, and every other function
// calls through what it found. The variadic curl_easy_setopt and curl_easy_getinfo are wrapped in typed
// functions, so Swift never calls a C variadic.
#ifndef STRATA_CCURL_H
#define STRATA_CCURL_H

#include <stddef.h>
#include <stdint.h>

/// An easy handle (one transfer) and a multi handle (what drives transfers), opaque as in curl.h.
typedef struct Curl_easy CURL;
typedef struct Curl_multi CURLM;
/// A share handle: what easy handles share beyond their multi handle (here, TLS sessions).
typedef struct Curl_share CURLSH;
/// A list of strings, for CURLOPT_HTTPHEADER.
struct curl_slist;

/// A transfer's result (curl.h CURLcode; only the values Strata reads).
typedef enum {
    CURLE_OK = 0,
    CURLE_UNSUPPORTED_PROTOCOL = 1,
    CURLE_URL_MALFORMAT = 3,
    CURLE_COULDNT_RESOLVE_PROXY = 5,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_PARTIAL_FILE = 18,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_ABORTED_BY_CALLBACK = 42,
    CURLE_TOO_MANY_REDIRECTS = 47,
    CURLE_UNKNOWN_OPTION = 48,
    CURLE_GOT_NOTHING = 52,
    CURLE_SEND_ERROR = 55,
    CURLE_RECV_ERROR = 56,
    CURLE_PEER_FAILED_VERIFICATION = 60,
} CURLcode;

/// A multi interface result (multi.h CURLMcode).
typedef enum {
    CURLM_CALL_MULTI_PERFORM = -1,
    CURLM_OK = 0,
} CURLMcode;

/// An easy handle option (curl.h CURLoption): the type base (LONG 0, OBJECTPOINT 10000,
/// FUNCTIONPOINT 20000, OFF_T 30000) plus the option's number.
typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_USERAGENT = 10018,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_NOBODY = 44,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_MAXREDIRS = 68,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_HTTPGET = 80,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_SHARE = 10100,
    CURLOPT_ACCEPT_ENCODING = 10102,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_COPYPOSTFIELDS = 10165,
    CURLOPT_PROTOCOLS = 181,
    CURLOPT_REDIR_PROTOCOLS = 182,
    CURLOPT_SUPPRESS_CONNECT_HEADERS = 265,
    CURLOPT_QUICK_EXIT = 322,
} CURLoption;

/// What curl_easy_getinfo can read (curl.h CURLINFO: type base LONG 0x200000 plus the number).
typedef enum {
    CURLINFO_RESPONSE_CODE = 0x200002,
    CURLINFO_OS_ERRNO = 0x200019,
} CURLINFO;

/// The protocols CURLOPT_PROTOCOLS and CURLOPT_REDIR_PROTOCOLS allow (a bit mask).
#define CCURL_PROTO_HTTP 1L
#define CCURL_PROTO_HTTPS 2L
/// The size CURLOPT_ERRORBUFFER's buffer must have.
#define CCURL_ERROR_SIZE 256

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: `count` bytes (`size` is always 1) for `context`
/// (CURLOPT_WRITEDATA, CURLOPT_HEADERDATA); returning anything but `count` fails the transfer.
typedef size_t (*ccurl_write_callback)(char *buffer, size_t size, size_t count, void *context);

/// Opens libcurl.so.4 and finds its functions, once for the process (later calls return the first
/// answer). Returns NULL when libcurl is ready, else a message saying what failed; call nothing else then.
const char *ccurl_load(void);

/// The version libcurl reports, e.g. "libcurl/7.88.1 OpenSSL/3.0.15 zlib/1.2.13".
const char *ccurl_version(void);
/// curl's text for `code`.
const char *ccurl_easy_strerror(CURLcode code);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *easy);
CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off_t(CURL *easy, CURLoption option, int64_t value);
/// For string options (copied by curl), CURLOPT_COPYPOSTFIELDS, lists and context pointers.
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, const void *value);
CURLcode ccurl_easy_setopt_write_callback(CURL *easy, CURLoption option, ccurl_write_callback callback);
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
/// Sleeps until a transfer's socket is ready, curl's own timer is due, `timeout_ms` pass, or
/// ccurl_multi_wakeup is called (from any thread).
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/// Reads the multi handle's messages until one says a transfer is done: returns 1 and sets `*easy` and
/// `*result`, or returns 0 when no such message is left.
int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

/// A share handle that shares TLS sessions (curl_share_setopt CURLSHOPT_SHARE CURL_LOCK_DATA_SSL_SESSION)
/// between the easy handles given it with CURLOPT_SHARE, or NULL if libcurl can't make one. Without lock
/// functions: every handle that uses it must be used on one thread.
CURLSH *ccurl_share_tls_sessions(void);
/// Cleans up a share handle no easy handle uses any more.
void ccurl_share_cleanup(CURLSH *share);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

#endif
