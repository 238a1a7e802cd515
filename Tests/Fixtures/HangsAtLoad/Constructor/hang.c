// Test fixture: a library constructor that never returns. It runs inside dlopen, before strata can check
// anything, so only a deadline on the probe process can stop it.
#include <unistd.h>

__attribute__((constructor)) static void strata_fixture_hang(void) {
    for (;;) pause();
}
