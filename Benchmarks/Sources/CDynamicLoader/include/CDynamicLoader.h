#ifndef C_DYNAMIC_LOADER_H
#define C_DYNAMIC_LOADER_H

/// The path of the loaded image containing `address` (dladdr), or NULL.
const char *strata_bench_image_path(const void *address);

#endif
