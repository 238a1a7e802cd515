// The kernel calls strata's helper sandboxes itself with: Landlock (reached through syscall(2), which is
// variadic and so not callable from Swift) and a seccomp filter (a BPF program written out in sandbox.c). Each returns 0, or
// -errno of the first call that failed.
#ifndef STRATA_SANDBOX_H
#define STRATA_SANDBOX_H

#include <stdint.h>

/// The Landlock ABI version this kernel speaks (0 when it has none).
int strata_landlock_abi(void);

/// A Landlock ruleset handling every filesystem right of `abi`, TCP bind and connect (ABI 4+), and scoping
/// signals and abstract Unix sockets (ABI 6+). Returns its descriptor, or -errno.
int strata_landlock_ruleset(int abi);

/// Allows `path` (opened with O_PATH here) beneath it: read and execute, and with `writable` also write,
/// create and remove. Returns 0 or -errno.
int strata_landlock_allow(int ruleset, const char *path, int writable, int abi);

/// Sets PR_SET_NO_NEW_PRIVS and restricts this process (and every thread started later) to `ruleset`.
int strata_landlock_restrict(int ruleset);

/// Installs the seccomp filter: ptrace, process_vm_readv/writev, mount, bpf, keyctl, kexec, module
/// loading, namespaces, io_uring, new sessions and process groups, changing resource limits, sockets other
/// than AF_UNIX, handling SIGXCPU and new processes (clone without CLONE_THREAD) fail with EPERM; clone3 answers ENOSYS, so
/// that threads are started with clone, whose flags the filter can see.
int strata_seccomp_install(void);

/// Whether this kernel has seccomp filters.
int strata_seccomp_available(void);

/// Asks for SIGKILL when the parent dies (PR_SET_PDEATHSIG). Returns 0 or -errno.
int strata_die_with_parent(void);

/// Sets the soft CPU-time limit of process `pid` to `seconds`, at most its hard limit (which stays: it
/// could not be raised again without CAP_SYS_RESOURCE), and writes the limit set to `set`. Returns 0 or
/// -errno.
int strata_allow_cpu(int pid, uint64_t seconds, uint64_t *set);

/// Drops every capability this process could have after its next execve: the bounding and ambient sets,
/// then the effective, permitted and inheritable ones. Root keeps its user id but none of its powers (reading
/// any file, tracing any process). Returns 0, or -errno (EPERM for a process that holds none to drop).
int strata_drop_capabilities(void);

#endif
