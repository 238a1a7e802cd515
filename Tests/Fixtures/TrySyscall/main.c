// Test fixture: the probe of the helper's seccomp filter, run by Tests/HostUnitTests/SandboxSyscallTableTests.swift
// in the sandbox a helper gets. The method is bubblewrap's tests/try-syscall.c (containers/bubblewrap), as
// Flatpak's tests/test-seccomp.sh uses it: each call is made with arguments that can't work (a bad pointer, a
// descriptor of -1), so that a call the filter lets through fails in the kernel (EFAULT, EBADF, EINVAL, …) and
// one it blocks fails with EPERM or ENOSYS; either way nothing happens. It writes one line per call to
// standard error (standard output is /dev/null in a helper): `NAME ERRNO` (0 when the call succeeded).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "strata_sandbox.h"

static void report(const char *name, long result) { dprintf(2, "%s %d\n", name, result < 0 ? errno : 0); }

static const long bad = -1;

int main(void) {
    const unsigned *table;
    size_t allowed = strata_seccomp_allowed(&table);
    // Allowed with some arguments only: tried below, one case each.
    const long ruled[] = {SYS_socketpair, SYS_prlimit64, SYS_clone, SYS_clone3, SYS_rt_sigaction, SYS_prctl, SYS_ioctl};
    dprintf(2, "table %zu\n", allowed);
    // Every other call number: none of them may work.
    for (long number = 0; number < 512; number++) {
        int skip = 0;
        for (size_t i = 0; i < allowed; i++) skip |= table[i] == number;
        for (size_t i = 0; i < sizeof ruled / sizeof ruled[0]; i++) skip |= ruled[i] == number;
        if (skip) continue;
        long result = syscall(number, bad, bad, bad, bad, bad, bad);
        int error = errno;
        // A process-making call that got through (a filter that's wrong): the child ends here.
        if (result == 0 && getpid() != (pid_t)syscall(SYS_gettid)) _exit(0);
        dprintf(2, "nr:%ld %d\n", number, result < 0 ? error : 0);
    }
    // Some of those again, by name: the dangerous ones, which the filter refuses in so many words (EPERM).
    const struct { const char *name; long number; } named[] = {
        {"ptrace", SYS_ptrace}, {"socket", SYS_socket}, {"connect", SYS_connect}, {"bind", SYS_bind}, {"listen", SYS_listen},
        {"mount", SYS_mount}, {"unshare", SYS_unshare}, {"setns", SYS_setns}, {"setsid", SYS_setsid}, {"io_uring_setup", SYS_io_uring_setup},
#ifdef SYS_fork
        {"fork", SYS_fork},
#endif
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) report(named[i].name, syscall(named[i].number, bad, bad, bad, bad, bad, bad));
    // x32's calls (bit 30) on x86_64.
    report("x32-read", syscall(0x40000000 | SYS_read, bad, bad, bad));
    // A call of the table, with a bad descriptor and a bad pointer: allowed, so the kernel's own error.
    report("read-bad-descriptor", syscall(SYS_read, bad, bad, bad));
    report("openat-bad-pointer", syscall(SYS_openat, AT_FDCWD, bad, 0, 0));
    // The ruled calls, each with arguments it allows and arguments it doesn't.
    int pair[2];
    report("socketpair-unix-stream", syscall(SYS_socketpair, AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair));
    report("socketpair-unix-datagram", syscall(SYS_socketpair, AF_UNIX, SOCK_DGRAM, 0, bad));
    report("socketpair-inet", syscall(SYS_socketpair, AF_INET, SOCK_STREAM, 0, bad));
    report("prlimit64-read", syscall(SYS_prlimit64, 0, RLIMIT_CPU, NULL, bad));
    report("prlimit64-set", syscall(SYS_prlimit64, 0, RLIMIT_CPU, bad, NULL));
    report("clone-process", syscall(SYS_clone, SIGCHLD, bad, bad, bad, bad));
    report("clone3", syscall(SYS_clone3, bad, bad));
    report("rt_sigaction-sigxcpu-read", syscall(SYS_rt_sigaction, SIGXCPU, NULL, bad, 8));
    report("rt_sigaction-sigxcpu-set", syscall(SYS_rt_sigaction, SIGXCPU, bad, NULL, 8));
    report("rt_sigaction-other-set", syscall(SYS_rt_sigaction, SIGUSR1, bad, NULL, 8));
    report("prctl-pdeathsig", syscall(SYS_prctl, PR_SET_PDEATHSIG, 0, 0, 0, 0));
    report("prctl-other", syscall(SYS_prctl, PR_GET_DUMPABLE, 0, 0, 0, 0));
    report("ioctl-tiocsti", syscall(SYS_ioctl, 2, TIOCSTI, bad));
    report("ioctl-tiocsti-high-bits", syscall(SYS_ioctl, 2, (1UL << 32) | TIOCSTI, bad));
    report("ioctl-tioclinux", syscall(SYS_ioctl, bad, TIOCLINUX, bad));
    report("ioctl-other", syscall(SYS_ioctl, bad, TCGETS, bad));
    dprintf(2, "done\n");
    return 0;
}
