#define _GNU_SOURCE
#include "strata_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <sched.h>
#include <signal.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Debian 12's headers stop at Landlock ABI 2; the rest is stable kernel ABI, spelled out here.
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif
#define STRATA_ACCESS_NET_BIND_TCP (1ULL << 0)
#define STRATA_ACCESS_NET_CONNECT_TCP (1ULL << 1)
#define STRATA_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define STRATA_SCOPE_SIGNAL (1ULL << 1)

/// What a helper's namespace init tells strata (``namespace_init``): first the helper's pid or the step that
/// failed, then (`ended`) its wait status.
struct strata_helper_report {
    int32_t pid, failed_step, error, ended, status;
    /// With `ended`: the helper's own CPU time (microseconds, user and system) and peak resident set (KiB),
    /// from the init's `wait4`.
    int64_t user_microseconds, system_microseconds, peak_resident_kilobytes;
};

/// The helper's pid in the namespace of its init, which the init's SIGTERM handler kills (in .data, a file
/// mapping, which the init keeps when it lets go of strata's memory).
static volatile sig_atomic_t namespace_helper = -1;

/// The init's SIGTERM: strata ends the helper through its init, so that the init still reaps it and reports its
/// figures (a SIGKILL to the group would end the init first). Only the helper can be in the namespace (its
/// filter refuses fork), and the init ends as soon as it reaped it.
static void kill_namespace_helper(int signal) {
    (void)signal;
    if (namespace_helper > 0) syscall(SYS_kill, (pid_t)namespace_helper, SIGKILL);
}

struct strata_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

static const uint64_t read_rights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;

static uint64_t fs_rights(int abi) {
    uint64_t rights = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;
    if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 5) rights |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
    return rights;
}

int strata_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

int strata_landlock_ruleset(int abi) {
    struct strata_ruleset_attr attr = {.handled_access_fs = fs_rights(abi)};
    size_t size = offsetof(struct strata_ruleset_attr, handled_access_net);
    if (abi >= 4) {
        attr.handled_access_net = STRATA_ACCESS_NET_BIND_TCP | STRATA_ACCESS_NET_CONNECT_TCP;
        size = offsetof(struct strata_ruleset_attr, scoped);
    }
    if (abi >= 6) {
        attr.scoped = STRATA_SCOPE_ABSTRACT_UNIX_SOCKET | STRATA_SCOPE_SIGNAL;
        size = sizeof attr;
    }
    long fd = syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    return fd < 0 ? -errno : (int)fd;
}

int strata_landlock_allow(int ruleset, const char *path, int writable, int abi) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return -errno;
    struct stat status;
    uint64_t rights = writable ? fs_rights(abi) : read_rights;
    // A rule on a file may hold only the rights that apply to files.
    if (fstat(fd, &status) == 0 && !S_ISDIR(status.st_mode)) {
        rights &= LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE
            | LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV;
        rights &= fs_rights(abi);
    }
    struct landlock_path_beneath_attr rule = {.allowed_access = rights, .parent_fd = fd};
    long result = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    int error = errno;
    close(fd);
    return result < 0 ? -error : 0;
}

int strata_landlock_restrict(int ruleset) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) return -errno;
    close(ruleset);
    return 0;
}

// The filter is a classic BPF program written here, so neither libseccomp nor its headers are needed: the
// kernel's own headers (linux-libc-dev) describe the format. Each rule is a block that reloads the
// syscall number, and falls through to the next block when it doesn't apply.
#if defined(__x86_64__)
#define STRATA_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define STRATA_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "strata's seccomp filter knows x86_64 and aarch64"
#endif
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "strata's seccomp filter reads 64-bit arguments as little-endian halves"
#endif

#define STRATA_NR offsetof(struct seccomp_data, nr)
#define STRATA_ARG_LOW(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define STRATA_ARG_HIGH(i) (STRATA_ARG_LOW(i) + 4)
#define STRATA_LOAD(offset) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (offset))
#define STRATA_RETURN(value) BPF_STMT(BPF_RET | BPF_K, (value))
#define STRATA_FAIL(error) STRATA_RETURN(SECCOMP_RET_ERRNO | ((error) & SECCOMP_RET_DATA))

/// The calls that always fail with EPERM.
static const unsigned denied[] = {
    __NR_ptrace, __NR_process_vm_readv, __NR_process_vm_writev, __NR_mount, __NR_umount2, __NR_move_mount,
    __NR_open_tree, __NR_fsopen, __NR_fsmount, __NR_pivot_root, __NR_chroot, __NR_bpf, __NR_keyctl, __NR_add_key,
    __NR_request_key, __NR_kexec_load, __NR_kexec_file_load, __NR_init_module, __NR_finit_module,
    __NR_delete_module, __NR_unshare, __NR_setns, __NR_io_uring_setup, __NR_io_uring_enter,
    __NR_io_uring_register, __NR_setsid, __NR_setpgid, __NR_setrlimit, __NR_perf_event_open, __NR_userfaultfd,
#ifdef __NR_fork
    __NR_fork,
#endif
#ifdef __NR_vfork
    __NR_vfork,
#endif
    __NR_pidfd_getfd, __NR_kcmp,
    // The helper inherits every socket it uses (its wire, and the TCP sockets strata opens and connects for
    // it), so making, naming or connecting one is refused. Landlock doesn't cover a Unix socket *file*:
    // without this, a connect to the user's tmux server, ssh-agent or D-Bus bus would get out.
    __NR_socket, __NR_connect, __NR_bind, __NR_listen,
};
#define STRATA_DENIED (sizeof denied / sizeof denied[0])
/// Terminal ioctls that type into or control a terminal, refused on any descriptor (their number is an
/// unsigned int to the kernel: only the low half of the argument counts).
static const unsigned denied_ioctls[] = {TIOCSTI, TIOCLINUX};
#define STRATA_DENIED_IOCTLS (sizeof denied_ioctls / sizeof denied_ioctls[0])

/// Every call the helper may make, whatever its arguments: the table of what a sandboxed plugin can ask the
/// kernel for. Made from what the helpers of every feature and fixture called in strata's tests (`strace -f`
/// over the isolated suites), and what the same libraries call on paths those didn't take (each group says
/// why). Six more are allowed with some arguments only (the rules in ``strata_seccomp_install``): socketpair,
/// prlimit64, clone, rt_sigaction, prctl and ioctl. Anything else fails: the calls in `denied` (the socket
/// calls among them) with EPERM, the rest with ENOSYS (as a kernel without it would: the C library falls back where it can,
/// as from clone3 to clone). `Tests/HostUnitTests/SandboxSyscallTableTests.swift` calls every other number
/// from inside the sandbox and checks that it fails.
static const unsigned allowed[] = {
    // Reading and writing descriptors it has, and waiting on them (the wire, files, epoll for Dispatch).
    __NR_read, __NR_write, __NR_pread64, __NR_pwrite64, __NR_readv, __NR_writev, __NR_preadv, __NR_pwritev, __NR_preadv2,
    __NR_pwritev2, __NR_lseek, __NR_close, __NR_close_range, __NR_dup, __NR_dup3, __NR_fcntl, __NR_flock, __NR_fsync,
    __NR_fdatasync, __NR_ftruncate, __NR_fallocate, __NR_fadvise64, __NR_ppoll, __NR_pselect6, __NR_epoll_create1,
    __NR_epoll_ctl, __NR_epoll_pwait, __NR_epoll_pwait2, __NR_eventfd2, __NR_timerfd_create, __NR_timerfd_settime,
    __NR_timerfd_gettime, __NR_pipe2, __NR_copy_file_range, __NR_sendfile, __NR_splice,
    // The sockets strata hands it: read, write, accept on a listening one, shut down, options.
    __NR_recvfrom, __NR_recvmsg, __NR_recvmmsg, __NR_sendto, __NR_sendmsg, __NR_sendmmsg, __NR_shutdown, __NR_accept,
    __NR_accept4, __NR_getsockname, __NR_getpeername, __NR_getsockopt, __NR_setsockopt,
    // Files by name, within what Landlock allows (SQLite's journal, the plugin's data, the copies strata sends).
    __NR_openat, __NR_newfstatat, __NR_fstat, __NR_statx, __NR_faccessat, __NR_faccessat2, __NR_readlinkat,
    __NR_getdents64, __NR_getcwd, __NR_chdir, __NR_fchdir, __NR_mkdirat, __NR_unlinkat, __NR_renameat, __NR_renameat2,
    __NR_linkat, __NR_symlinkat, __NR_fchmod, __NR_fchmodat, __NR_fchown, __NR_fchownat, __NR_utimensat, __NR_truncate,
    __NR_statfs, __NR_fstatfs, __NR_umask, __NR_getxattr, __NR_lgetxattr, __NR_fgetxattr, __NR_listxattr,
    __NR_llistxattr, __NR_flistxattr,
    // Memory.
    __NR_brk, __NR_mmap, __NR_munmap, __NR_mprotect, __NR_mremap, __NR_madvise, __NR_msync, __NR_mincore, __NR_membarrier,
    // Threads (clone with CLONE_THREAD, below) and their synchronization and scheduling.
    __NR_futex, __NR_futex_waitv, __NR_set_robust_list, __NR_get_robust_list, __NR_rseq, __NR_set_tid_address, __NR_gettid,
    __NR_sched_yield, __NR_sched_getaffinity, __NR_sched_getparam, __NR_sched_getscheduler, __NR_getpriority,
    __NR_setpriority, __NR_getcpu,
    // Signals within the helper (Landlock scopes signals to its own domain), and timers.
    __NR_rt_sigprocmask, __NR_rt_sigreturn, __NR_rt_sigsuspend, __NR_rt_sigtimedwait, __NR_rt_sigpending,
    __NR_sigaltstack, __NR_kill, __NR_tgkill, __NR_tkill, __NR_restart_syscall, __NR_setitimer, __NR_getitimer,
    __NR_timer_create, __NR_timer_settime, __NR_timer_gettime, __NR_timer_getoverrun, __NR_timer_delete,
    __NR_clock_gettime, __NR_clock_getres, __NR_clock_nanosleep, __NR_nanosleep, __NR_gettimeofday, __NR_times,
    __NR_getrusage,
    // Who it is, and its end. execve: the helper's child installs this filter, then executes the helper
    // (Landlock allows executing only what it may read: system libraries and strata's own files).
    __NR_getpid, __NR_getppid, __NR_getuid, __NR_geteuid, __NR_getgid, __NR_getegid, __NR_getresuid, __NR_getresgid,
    __NR_getgroups, __NR_getpgid, __NR_getsid, __NR_uname, __NR_sysinfo, __NR_capget, __NR_getrandom, __NR_exit,
    __NR_exit_group, __NR_wait4, __NR_waitid, __NR_execve,
#if defined(__x86_64__)
    // x86_64's older spellings of the calls above, which its C library and runtime still use.
    __NR_open, __NR_stat, __NR_lstat, __NR_access, __NR_readlink, __NR_getdents, __NR_mkdir, __NR_rmdir, __NR_unlink,
    __NR_rename, __NR_link, __NR_symlink, __NR_chmod, __NR_chown, __NR_lchown, __NR_dup2, __NR_pipe, __NR_poll,
    __NR_select, __NR_epoll_create, __NR_epoll_wait, __NR_eventfd, __NR_pause, __NR_alarm, __NR_time, __NR_getpgrp,
    __NR_getrlimit, __NR_arch_prctl, __NR_utimes, __NR_futimesat,
#endif
};
#define STRATA_ALLOWED (sizeof allowed / sizeof allowed[0])

size_t strata_seccomp_allowed(const unsigned **table) {
    *table = allowed;
    return STRATA_ALLOWED;
}

/// Instructions: the architecture check (3), the x32 check (3), 3 a denied call,
/// the argument rules (socketpair 9, prlimit64 8, clone 6, clone3 3, rt_sigaction 10, prctl 6, ioctl 5 + 1 a
/// request), the table (1 + 2 a call), and the final refusal.
#define STRATA_FILTER_LENGTH \
    (6 + 3 * STRATA_DENIED + 9 + 8 + 6 + 3 + 10 + 6 + 5 + STRATA_DENIED_IOCTLS + 1 + 2 * STRATA_ALLOWED + 1)

int strata_seccomp_install(void) {
    struct sock_filter program[STRATA_FILTER_LENGTH];
    size_t n = 0;
#define EMIT(instruction) (program[n++] = (struct sock_filter)instruction)
#define ALLOW STRATA_RETURN(SECCOMP_RET_ALLOW)
    // Another architecture's calls (e.g. 32-bit ones) would be other numbers: end the process.
    EMIT(STRATA_LOAD(offsetof(struct seccomp_data, arch)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, STRATA_AUDIT_ARCH, 1, 0));
    EMIT(STRATA_RETURN(SECCOMP_RET_KILL_PROCESS));
    // x32 calls on x86_64 carry bit 30; on aarch64 no call number comes near it.
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1));
    EMIT(STRATA_FAIL(ENOSYS));
    for (size_t i = 0; i < STRATA_DENIED; i++) {
        EMIT(STRATA_LOAD(STRATA_NR));
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, denied[i], 0, 1));
        EMIT(STRATA_FAIL(EPERM));
    }
    // Each rule below allows its call with the arguments it names and fails it with others (a block of its
    // own, skipped for any other call). socketpair: a connected pair of Unix stream sockets, nothing else (a
    // datagram one could send to a socket file by its name); the domain and type are ints, the type's flags
    // masked off.
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socketpair, 0, 7));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(0)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 4));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(1)));
    EMIT(BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xf));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SOCK_STREAM, 0, 1));
    EMIT(ALLOW);
    EMIT(STRATA_FAIL(EPERM));
    // prlimit64 may read a limit (a null new limit, argument 2) but not change one.
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_prlimit64, 0, 6));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(2)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 3));
    EMIT(STRATA_LOAD(STRATA_ARG_HIGH(2)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1));
    EMIT(ALLOW);
    EMIT(STRATA_FAIL(EPERM));
    // clone starts threads (CLONE_THREAD), never processes.
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(0)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1));
    EMIT(ALLOW);
    EMIT(STRATA_FAIL(EPERM));
    // clone3's flags are in memory the filter can't read: ENOSYS makes the C library fall back to clone.
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1));
    EMIT(STRATA_FAIL(ENOSYS));
    // The CPU limit ends the helper with SIGXCPU, which it may not catch or ignore (a new action, argument 1).
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_sigaction, 0, 8));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(0)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIGXCPU, 0, 4));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(1)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 3));
    EMIT(STRATA_LOAD(STRATA_ARG_HIGH(1)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1));
    EMIT(ALLOW);
    EMIT(STRATA_FAIL(EPERM));
    // The parent-death signal stays (strata's death ends the helper): prctl may do anything else. The option
    // is an int (the low half).
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_prctl, 0, 4));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(0)));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PR_SET_PDEATHSIG, 1, 0));
    EMIT(ALLOW);
    EMIT(STRATA_FAIL(EPERM));
    // ioctl: any request but those above, on any descriptor (each a jump to the failure after the allow).
    EMIT(STRATA_LOAD(STRATA_NR));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 0, STRATA_DENIED_IOCTLS + 3));
    EMIT(STRATA_LOAD(STRATA_ARG_LOW(1)));
    for (size_t i = 0; i < STRATA_DENIED_IOCTLS; i++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, denied_ioctls[i], (unsigned char)(STRATA_DENIED_IOCTLS - i), 0));
    }
    EMIT(ALLOW);
    EMIT(STRATA_FAIL(EPERM));
    // The table: the calls allowed whatever their arguments.
    EMIT(STRATA_LOAD(STRATA_NR));
    for (size_t i = 0; i < STRATA_ALLOWED; i++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, allowed[i], 0, 1));
        EMIT(ALLOW);
    }
    EMIT(STRATA_FAIL(ENOSYS));
#undef ALLOW
#undef EMIT
    if (n != STRATA_FILTER_LENGTH) return -EINVAL;
    struct sock_fprog filter = {.len = (unsigned short)n, .filter = program};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0) == 0 ? 0 : -errno;
}

int strata_seccomp_available(void) {
    return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 || errno != EINVAL;
}

int strata_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) == 0 ? 0 : -errno;
}

int strata_allow_cpu(int pid, uint64_t seconds, uint64_t *set) {
    struct rlimit current;
    if (prlimit(pid, RLIMIT_CPU, NULL, &current) != 0) return -errno;
    struct rlimit limit = {.rlim_cur = seconds < current.rlim_max ? seconds : current.rlim_max, .rlim_max = current.rlim_max};
    if (prlimit(pid, RLIMIT_CPU, &limit, NULL) != 0) return -errno;
    *set = limit.rlim_cur;
    return 0;
}

int strata_drop_capabilities(void) {
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) return -errno;
    for (int capability = 0; prctl(PR_CAPBSET_READ, capability, 0, 0, 0) >= 0; capability++) {
        if (prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0) return -errno;
    }
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct data[2] = {{0}};
    return syscall(SYS_capset, &header, data) == 0 ? 0 : -errno;
}

/// Sets `resource` to `wanted`, or to the hard limit the helper inherited where that is lower (a shell's
/// `ulimit -f`, which a plugin in strata's process runs under too): raising it would fail, and the helper with it.
static int set_limit(int resource, rlim_t wanted) {
    struct rlimit limit;
    if (getrlimit(resource, &limit) != 0) return -1;
    limit.rlim_cur = limit.rlim_max = wanted < limit.rlim_max ? wanted : limit.rlim_max;
    return setrlimit(resource, &limit);
}

// The child of strata_helper_spawn: it runs on a stack of its own in strata's memory (or, under a
// namespace init, in that init's copy of it), so it calls no allocator and nothing that takes a lock, only
// system calls (and strata_seccomp_install, which builds its program on this stack).
static int helper_child(void *argument) {
    struct strata_helper_start *start = argument;
    int step = 0;
#define STEP(name, condition) do { if (condition) { step = (name); goto failed; } } while (0)
    // Handlers are strata's code: none may run here, and the helper starts with every one at its default.
    struct sigaction action = {.sa_handler = SIG_DFL};
    for (int number = 1; number < _NSIG; number++) {
        struct sigaction current;
        if (sigaction(number, NULL, &current) != 0) continue;
        if (current.sa_handler != SIG_IGN || number == SIGPIPE || number == SIGINT || number == SIGTERM || number == SIGHUP) {
            sigaction(number, &action, NULL);
        }
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    // Ctrl-C reaches strata alone (which cancels the command over the wire), and strata ends the whole group
    // (under a namespace init, the init's group, which the helper stays in).
    STEP(STRATA_STEP_GROUP, !start->namespaces && setpgid(0, 0) != 0);
    STEP(STRATA_STEP_PARENT, prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0);
    if (getppid() != (start->namespaces ? 1 : start->parent)) { errno = ESRCH; step = STRATA_STEP_PARENT; goto failed; }
    if (start->namespaces) {
        // Its pid as strata sees it: what the procfs of strata's namespace says /proc/self is.
        char digits[16];
        ssize_t length = readlinkat(start->host_proc, "self", digits, sizeof digits - 1);
        STEP(STRATA_STEP_NAMESPACES, length <= 0);
        int pid = 0;
        for (ssize_t index = 0; index < length; index++) {
            if (digits[index] < '0' || digits[index] > '9' || pid > 100000000) { errno = EINVAL; step = STRATA_STEP_NAMESPACES; goto failed; }
            pid = pid * 10 + (digits[index] - '0');
        }
        start->helper_pid = pid;
    }
    // Copied above every target first, so that no dup2 overwrites a descriptor another one still needs.
    int wire = fcntl(start->socket, F_DUPFD_CLOEXEC, 10);
    int errors = fcntl(start->errors, F_DUPFD_CLOEXEC, 10);
    int null = fcntl(start->null, F_DUPFD_CLOEXEC, 10);
    int ruleset = start->ruleset < 0 ? -1 : fcntl(start->ruleset, F_DUPFD_CLOEXEC, 10);
    STEP(STRATA_STEP_DESCRIPTORS, wire < 0 || errors < 0 || null < 0 || (start->ruleset >= 0 && ruleset < 0));
    STEP(STRATA_STEP_DESCRIPTORS, dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(errors, 2) < 0 || dup2(wire, 3) < 0);
    STEP(STRATA_STEP_MEMORY, set_limit(RLIMIT_AS, start->memory_bytes) != 0);
    STEP(STRATA_STEP_OPEN_FILES, set_limit(RLIMIT_NOFILE, start->open_files) != 0);
    STEP(STRATA_STEP_FILE_SIZE, set_limit(RLIMIT_FSIZE, start->file_bytes) != 0);
    struct rlimit core = {0, 0};
    STEP(STRATA_STEP_CORE, setrlimit(RLIMIT_CORE, &core) != 0);
    if (ruleset >= 0) {
        // Root's capabilities would let it read any file and trace any process Landlock leaves in view; a
        // user without any has nothing to drop (EPERM).
        int dropped = strata_drop_capabilities();
        if (dropped != 0 && dropped != -EPERM) { errno = -dropped; step = STRATA_STEP_CAPABILITIES; goto failed; }
        int restricted = strata_landlock_restrict(ruleset);
        if (restricted != 0) { errno = -restricted; step = STRATA_STEP_LANDLOCK; goto failed; }
        int filtered = strata_seccomp_install();
        if (filtered != 0) { errno = -filtered; step = STRATA_STEP_SECCOMP; goto failed; }
    }
    // Nothing else of strata's crosses (descriptors opened without O_CLOEXEC included).
    if (syscall(SYS_close_range, 4U, ~0U, 0U) != 0) {
        STEP(STRATA_STEP_DESCRIPTORS, errno != ENOSYS);
        for (int fd = 4; fd < 65536; fd++) close(fd);
    }
    execve(start->path, start->argv, start->envp);
    step = STRATA_STEP_EXECUTE;
failed:
    start->error = errno;
    start->failed_step = step;
    _exit(127);
#undef STEP
}

/// Clones `child` with `flags` on a stack of its own, every signal blocked meanwhile (no handler of
/// strata's may run in a child that shares its memory before the child resets them).
static int spawn_on_stack(int (*child)(void *), int flags, void *argument) {
    enum { stack_size = 256 * 1024 };
    void *stack = mmap(NULL, stack_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) return -errno;
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    int pid = clone(child, (char *)stack + stack_size, flags, argument);
    int error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    munmap(stack, stack_size);
    return pid < 0 ? -error : pid;
}

/// Writes `text` whole to the file at `path` (one of /proc/self's id maps). Returns 0 or -1.
static int write_file(const char *path, const char *text, size_t length) {
    int descriptor = open(path, O_WRONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    ssize_t written = write(descriptor, text, length);
    close(descriptor);
    return written == (ssize_t)length ? 0 : -1;
}

/// Writes "ID ID 1\n" for `id` to `buffer` (at least 40 bytes), and answers its length: one id mapped to itself.
static size_t identity_map(uint32_t id, char *buffer) {
    char digits[12];
    size_t count = 0;
    do { digits[count++] = (char)('0' + id % 10); id /= 10; } while (id != 0);
    size_t length = 0;
    for (int copy = 0; copy < 2; copy++) {
        for (size_t index = count; index > 0; index--) buffer[length++] = digits[index - 1];
        buffer[length++] = ' ';
    }
    buffer[length++] = '1';
    buffer[length++] = '\n';
    return length;
}

/// Closes every descriptor from 3 up but the `count` in `kept` (sorted here).
static void close_all_but(int *kept, int count) {
    for (int index = 1; index < count; index++) {
        for (int other = index; other > 0 && kept[other - 1] > kept[other]; other--) {
            int swap = kept[other]; kept[other] = kept[other - 1]; kept[other - 1] = swap;
        }
    }
    unsigned from = 3;
    for (int index = 0; index < count; index++) {
        if (kept[index] < 0 || (unsigned)kept[index] < from) continue;
        if ((unsigned)kept[index] > from) syscall(SYS_close_range, from, (unsigned)kept[index] - 1, 0U);
        from = (unsigned)kept[index] + 1;
    }
    syscall(SYS_close_range, from, ~0U, 0U);
}

/// Unmaps this copy's share of strata's writable memory (its heap, its threads' stacks, anonymous maps: keys
/// and data the init has no use for once the helper runs, and pages that strata would otherwise pay to copy
/// on its next write to each), keeping the mapping that holds `stack` (the init's own) and the one that holds
/// this thread's errno (its TLS). Read from /proc/self/maps; file mappings stay.
static void release_copied_memory(const void *stack) {
    enum { most = 2048 };
    uintptr_t ranges[most][2];
    int count = 0;
    uintptr_t kept[2] = {(uintptr_t)stack, (uintptr_t)&errno};
    int maps = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (maps < 0) return;
    char chunk[4096], line[512];
    size_t length = 0;
    int overlong = 0;
    for (;;) {
        ssize_t got = read(maps, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        for (ssize_t index = 0; index < got; index++) {
            if (chunk[index] != '\n') {
                if (length < sizeof line - 1) line[length++] = chunk[index]; else overlong = 1;
                continue;
            }
            line[length] = 0;
            // "START-END PERMS OFFSET DEV INODE [PATH]": anonymous (no path), [heap] and [stack], private and writable.
            uintptr_t bounds[2] = {0, 0};
            char *cursor = line;
            for (int which = 0; which < 2; which++) {
                for (; *cursor && *cursor != '-' && *cursor != ' '; cursor++) {
                    char digit = *cursor;
                    uintptr_t value = (uintptr_t)(digit >= 'a' ? digit - 'a' + 10 : digit - '0');
                    bounds[which] = bounds[which] * 16 + value;
                }
                if (*cursor) cursor++;
            }
            char *perms = cursor;
            int fields = 0;
            while (*cursor && fields < 4) {
                while (*cursor && *cursor != ' ') cursor++;
                while (*cursor == ' ') cursor++;
                fields++;
            }
            int anonymous = !overlong && (*cursor == 0 || (cursor[0] == '[' && (cursor[1] == 'h' || (cursor[1] == 's' && cursor[2] == 't'))));
            int writable = perms[0] && perms[1] == 'w' && perms[2] && perms[3] == 'p';
            int holds = 0;
            for (int keep = 0; keep < 2; keep++) holds |= kept[keep] >= bounds[0] && kept[keep] < bounds[1];
            if (anonymous && writable && !holds && bounds[1] > bounds[0] && count < most) {
                ranges[count][0] = bounds[0];
                ranges[count][1] = bounds[1];
                count++;
            }
            length = 0;
            overlong = 0;
        }
    }
    close(maps);
    for (int index = 0; index < count; index++) munmap((void *)ranges[index][0], ranges[index][1] - ranges[index][0]);
}

/// The init of a helper's namespaces (user, pid, mount and network): a copy of strata (cloned without
/// CLONE_VM), pid 1 of its pid namespace, which maps strata's user and group to themselves, mounts a procfs
/// of its own over /proc (its two processes alone, none of strata's namespace; each sees only what it may
/// trace, so a helper of a user other than root doesn't see the init, whose command line reads empty anyway
/// once it let go of strata's memory), starts the helper as pid 2 and waits for it. It reports to
/// strata on `reports`: the helper's pid as strata sees it (or the step that failed), then its wait status.
/// As pid 1 it would ignore every signal it sends itself; as its parent it reports how it ended, signals
/// included. When it ends, the kernel ends every process of its namespace.
static int namespace_init(void *argument) {
    struct strata_helper_start *start = argument;
    struct strata_helper_report report = {0};
    int kept[] = {start->socket, start->errors, start->null, start->ruleset, start->report_end};
    close_all_but(kept, sizeof kept / sizeof kept[0]);
    dup2(start->null, 0);
    dup2(start->null, 1);
    dup2(start->errors, 2);
    report.failed_step = STRATA_STEP_PARENT;
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) goto failed;
    report.failed_step = STRATA_STEP_GROUP;
    if (setpgid(0, 0) != 0) goto failed;
    report.failed_step = STRATA_STEP_NAMESPACES;
    char map[40];
    if (write_file("/proc/self/setgroups", "deny\n", 5) != 0) goto failed;
    if (write_file("/proc/self/uid_map", map, identity_map(start->uid, map)) != 0) goto failed;
    if (write_file("/proc/self/gid_map", map, identity_map(start->gid, map)) != 0) goto failed;
    start->host_proc = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (start->host_proc < 0) goto failed;
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=invisible,subset=pid") != 0) goto failed;
    if (start->ruleset >= 0) {
        int allowed = strata_landlock_allow(start->ruleset, "/proc", 0, start->landlock_abi);
        if (allowed != 0) { errno = -allowed; goto failed; }
    }
    int helper = spawn_on_stack(helper_child, CLONE_VM | CLONE_VFORK | SIGCHLD, start);
    if (helper < 0) { errno = -helper; report.failed_step = STRATA_STEP_EXECUTE; goto failed; }
    if (start->failed_step != 0) {
        report.failed_step = start->failed_step;
        report.error = start->error;
        while (waitpid(helper, NULL, 0) < 0 && errno == EINTR) {}
        (void)!write(start->report_end, &report, sizeof report);
        _exit(127);
    }
    report.failed_step = 0;
    report.pid = start->helper_pid;
    int report_end = start->report_end;
    if (write(report_end, &report, sizeof report) != sizeof report) _exit(127);
    namespace_helper = helper;
    struct sigaction terminate = {.sa_handler = kill_namespace_helper};
    sigemptyset(&terminate.sa_mask);
    sigaction(SIGTERM, &terminate, NULL);
    sigset_t only_terminate;
    sigemptyset(&only_terminate);
    sigaddset(&only_terminate, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &only_terminate, NULL);
    release_copied_memory(&report);
    // From here on, bare system calls only: the memory of strata's this copy had is gone.
    for (;;) {
        int status = 0;
        struct rusage usage;
        long ended = syscall(SYS_wait4, -1, &status, __WALL, &usage);
        if (ended < 0 && errno == EINTR) continue;
        if (ended < 0) syscall(SYS_exit_group, 127);
        if (ended != helper) continue;
        report.status = status;
        report.ended = 1;
        report.user_microseconds = (int64_t)usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec;
        report.system_microseconds = (int64_t)usage.ru_stime.tv_sec * 1000000 + usage.ru_stime.tv_usec;
        report.peak_resident_kilobytes = usage.ru_maxrss;
        (void)!syscall(SYS_write, report_end, &report, sizeof report);
        syscall(SYS_exit_group, 0);
    }
failed:
    report.error = errno;
    (void)!write(start->report_end, &report, sizeof report);
    _exit(127);
}

/// Reads one whole report from `descriptor`. Returns 1, or 0 at its end (or on a short one).
static int read_report(int descriptor, struct strata_helper_report *report) {
    for (;;) {
        ssize_t count = read(descriptor, report, sizeof *report);
        if (count < 0 && errno == EINTR) continue;
        return count == (ssize_t)sizeof *report;
    }
}

/// Starts the helper in namespaces of its own under ``namespace_init``. Returns its pid, or -errno, or 0
/// when this machine can't make the namespaces (so the helper is to start without them).
static int spawn_in_namespaces(struct strata_helper_start *start) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -errno;
    start->report_end = ends[1];
    // The network namespace (empty: its own /proc/<pid>/net lists nothing of the machine's, and a socket the
    // filter let through would reach nothing) costs about 0.35 ms a start here (Benchmarks/namespace_cost.c).
    int flags = CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | SIGCHLD;
    int init = spawn_on_stack(namespace_init, flags, start);
    close(ends[1]);
    start->report_end = -1;
    if (init == -EPERM || init == -EINVAL || init == -ENOSPC || init == -EUSERS) {
        close(ends[0]);
        return 0;
    }
    if (init < 0) { close(ends[0]); return init; }
    struct strata_helper_report report;
    int reported = read_report(ends[0], &report);
    if (!reported || report.failed_step != 0) {
        while (waitpid(init, NULL, 0) < 0 && errno == EINTR) {}
        close(ends[0]);
        if (reported && report.failed_step == STRATA_STEP_NAMESPACES) return 0;
        start->failed_step = reported ? report.failed_step : STRATA_STEP_NAMESPACES;
        start->error = reported ? report.error : ECHILD;
        return init;
    }
    start->group = init;
    start->reports = ends[0];
    return report.pid;
}

int strata_helper_spawn(struct strata_helper_start *start) {
    start->failed_step = 0;
    start->error = 0;
    start->reports = -1;
    start->report_end = -1;
    start->host_proc = -1;
    if (start->namespaces && start->ruleset >= 0) {
        int pid = spawn_in_namespaces(start);
        if (pid != 0) return pid;
    }
    start->namespaces = 0;
    int pid = spawn_on_stack(helper_child, CLONE_VM | CLONE_VFORK | SIGCHLD, start);
    if (pid > 0 && start->failed_step != 0) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    start->group = pid;
    return pid;
}

int strata_helper_wait(const struct strata_helper_start *helper, int *status, struct rusage *usage, int *helpers_own) {
    while (wait4(helper->group, status, 0, usage) < 0) {
        if (errno != EINTR) return -errno;
    }
    *helpers_own = helper->reports < 0;
    if (helper->reports >= 0) {
        struct strata_helper_report report;
        if (read_report(helper->reports, &report) && report.ended) {
            *status = report.status;
            usage->ru_utime.tv_sec = report.user_microseconds / 1000000;
            usage->ru_utime.tv_usec = report.user_microseconds % 1000000;
            usage->ru_stime.tv_sec = report.system_microseconds / 1000000;
            usage->ru_stime.tv_usec = report.system_microseconds % 1000000;
            usage->ru_maxrss = report.peak_resident_kilobytes;
            *helpers_own = 1;
        }
        close(helper->reports);
    }
    return 0;
}
