// The kernel calls strata's helper sandboxes itself with: Landlock (reached through syscall(2), which is
// variadic and so not callable from Swift) and a seccomp filter (a BPF program written out in sandbox.c). Each returns 0, or
// -errno of the first call that failed.
#ifndef STRATA_SANDBOX_H
#define STRATA_SANDBOX_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>

/// The Landlock ABI the sandbox needs: TCP rules (4) and signal and abstract-socket scoping (6).
#define STRATA_LANDLOCK_ABI 6

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

/// Installs the seccomp filter, an allowlist: the calls in its table (``strata_seccomp_allowed``) whatever
/// their arguments; socketpair for a Unix stream pair only; prlimit64 to read a limit; clone for threads
/// (CLONE_THREAD); rt_sigaction but for a new action on SIGXCPU; prctl but PR_SET_PDEATHSIG; ioctl but TIOCSTI and
/// TIOCLINUX. ptrace, process_vm_readv/writev, mount, bpf, keyctl, kexec, module loading, namespaces, io_uring,
/// new sessions and process groups, setrlimit, perf events, userfaultfd, fork and making, binding, listening on
/// or connecting a socket fail with EPERM; any other call with ENOSYS (clone3 among them, so that threads are
/// started with clone, whose flags the filter can see). `Tests/HostUnitTests/SandboxSyscallTableTests.swift`
/// checks it from inside.
int strata_seccomp_install(void);

/// The calls the filter allows whatever their arguments: points `table` at them, and returns how many.
size_t strata_seccomp_allowed(const unsigned **table);

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

/// What a helper's child process is started with (``strata_helper_spawn``), all of it made beforehand: the
/// child only makes system calls, since it shares strata's memory until it executes `path`.
struct strata_helper_start {
    const char *path;
    char *const *argv;
    char *const *envp;
    /// Becomes descriptor 3, standard error and standard input and output.
    int socket, errors, null;
    /// strata's process id: the child ends when that is no longer its parent.
    int parent;
    uint64_t memory_bytes, open_files;
    /// The largest file it may write (RLIMIT_FSIZE): its data folder's quota.
    uint64_t file_bytes;
    /// A Landlock ruleset to restrict the child to, with the seccomp filter and no capabilities; -1: neither.
    int ruleset;
    /// The ruleset's Landlock ABI.
    int landlock_abi;
    /// strata's user and group, which the helper keeps in its user namespace.
    uint32_t uid, gid;
    /// In: whether to start a sandboxed helper in namespaces of its own under an init (user, pid, mount and
    /// network, with a procfs that shows the helper alone). Out: whether it was (this machine may refuse to
    /// make them).
    int namespaces;
    /// Set when the child could not get as far as executing `path`: the step (``strata_helper_step``) and errno.
    int failed_step, error;
    /// Out: the process to wait for and whose group to signal: the namespace init, or the helper itself.
    int group;
    /// Out: where the init reports how the helper ended (``strata_helper_wait``), or -1.
    int reports;
    /// The namespace init's own: the write end of `reports`, strata's procfs, the helper's pid as strata sees it.
    int report_end, host_proc, helper_pid;
};

/// The steps of starting a helper, as ``strata_helper_start/failed_step`` names the one that failed.
enum strata_helper_step {
    STRATA_STEP_GROUP = 1, STRATA_STEP_PARENT, STRATA_STEP_DESCRIPTORS, STRATA_STEP_MEMORY, STRATA_STEP_OPEN_FILES,
    STRATA_STEP_CORE, STRATA_STEP_CAPABILITIES, STRATA_STEP_LANDLOCK, STRATA_STEP_SECCOMP, STRATA_STEP_EXECUTE, STRATA_STEP_FILE_SIZE,
    STRATA_STEP_NAMESPACES,
};

/// Starts a helper as one process image from the calling thread (whose end is the child's parent death): a
/// child (clone with CLONE_VM | CLONE_VFORK, as posix_spawn does) that resets signal handlers, gets a process
/// group of its own, dies with its parent, takes its descriptors, its resource limits and (with a ruleset)
/// the sandbox, then executes `path`. With `namespaces`, that child is pid 2 of namespaces of its own, under
/// an init that is a copy of strata (``namespace_init`` in sandbox.c). Only async-signal-safe system calls run
/// in either; a failure fills `failed_step` and `error`, and the children are waited for. Returns the
/// helper's pid (for its CPU time), or -errno when there is none.
int strata_helper_spawn(struct strata_helper_start *start);

/// Waits for the helper `start` describes to end (its `group`), and writes its wait status and its resource
/// usage (`ru_utime`, `ru_stime`, `ru_maxrss`) to `usage`: the helper's own, as its namespace init reaped it
/// (or strata, without namespaces), and then `helpers_own` is 1; or, when the init ended before it could tell
/// (killed with its group), the init's, which counts the helper's CPU time only if the init reaped it, and a
/// peak that is strata's own at the copy (`helpers_own` 0). Returns 0 or -errno.
int strata_helper_wait(const struct strata_helper_start *start, int *status, struct rusage *usage, int *helpers_own);

#endif
