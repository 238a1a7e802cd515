#define _GNU_SOURCE
#include "strata_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <sched.h>
#include <signal.h>
#include <seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

int strata_seccomp_install(void) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == NULL) return -ENOMEM;
    static const int denied[] = {
        SCMP_SYS(ptrace), SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev), SCMP_SYS(mount), SCMP_SYS(umount2),
        SCMP_SYS(move_mount), SCMP_SYS(open_tree), SCMP_SYS(fsopen), SCMP_SYS(fsmount), SCMP_SYS(pivot_root), SCMP_SYS(chroot),
        SCMP_SYS(bpf), SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key), SCMP_SYS(kexec_load),
        SCMP_SYS(kexec_file_load), SCMP_SYS(init_module), SCMP_SYS(finit_module), SCMP_SYS(delete_module),
        SCMP_SYS(unshare), SCMP_SYS(setns), SCMP_SYS(io_uring_setup), SCMP_SYS(io_uring_enter), SCMP_SYS(io_uring_register),
        SCMP_SYS(setsid), SCMP_SYS(setpgid), SCMP_SYS(setrlimit), SCMP_SYS(perf_event_open), SCMP_SYS(userfaultfd),
        SCMP_SYS(fork), SCMP_SYS(vfork), SCMP_SYS(pidfd_getfd), SCMP_SYS(kcmp),
    };
    int result = 0;
    for (size_t i = 0; i < sizeof denied / sizeof denied[0] && result == 0; i++) {
        result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), denied[i], 0);
    }
    // Reading a limit (a null new limit) stays allowed; changing one doesn't.
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(prlimit64), 1, SCMP_A2(SCMP_CMP_NE, 0));
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socketpair), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    // The CPU limit ends the helper with SIGXCPU, which it may not catch or ignore.
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(rt_sigaction), 2, SCMP_A0(SCMP_CMP_EQ, SIGXCPU), SCMP_A1(SCMP_CMP_NE, 0));
    if (result == 0) result = seccomp_load(filter);
    seccomp_release(filter);
    return result;
}

int strata_seccomp_available(void) {
    return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 || errno != EINVAL;
}

int strata_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) == 0 ? 0 : -errno;
}

int strata_allow_cpu(int pid, uint64_t seconds) {
    struct rlimit current;
    if (prlimit(pid, RLIMIT_CPU, NULL, &current) != 0) return -errno;
    struct rlimit limit = {.rlim_cur = seconds < current.rlim_max ? seconds : current.rlim_max, .rlim_max = current.rlim_max};
    return prlimit(pid, RLIMIT_CPU, &limit, NULL) == 0 ? 0 : -errno;
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
