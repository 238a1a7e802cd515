// zlib (Debian's zlib1g-dev): compresses pictures sent through the kitty graphics protocol (`o=z`).
#include <zlib.h>
