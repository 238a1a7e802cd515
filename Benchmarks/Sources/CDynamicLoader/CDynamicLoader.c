#define _GNU_SOURCE
#include <dlfcn.h>
#include "CDynamicLoader.h"

const char *strata_bench_image_path(const void *address) {
    Dl_info info;
    return dladdr(address, &info) ? info.dli_fname : 0;
}
