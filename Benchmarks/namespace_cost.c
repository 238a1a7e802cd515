// What the namespaces of a sandboxed helper cost at its start (issue #45): a process cloned into new user, pid
// and mount namespaces that mounts a procfs of its own (as a helper's init does), with and without a new
// network namespace, interleaved, 400 of each; each waited for until it exited (its namespaces torn down).
//
//   cc -O2 Benchmarks/namespace_cost.c -o /tmp/namespace_cost && /tmp/namespace_cost
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char stack[1 << 16];

static int child(void *argument) {
    (void)argument;
    _exit(mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=invisible,subset=pid") == 0 ? 0 : 3);
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(void) {
    enum { runs = 400 };
    static double times[2][runs];
    const int flags[2] = {CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS, CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET};
    const char *names[2] = {"user+pid+mount+procfs    ", "user+pid+mount+procfs+net"};
    for (int run = 0; run < runs; run++) {
        for (int kind = 0; kind < 2; kind++) {
            double start = now();
            int pid = clone(child, stack + sizeof stack, flags[kind] | SIGCHLD, NULL);
            int status = 0;
            if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                fprintf(stderr, "namespace_cost: this machine refused %s\n", names[kind]);
                return 1;
            }
            times[kind][run] = now() - start;
        }
    }
    for (int kind = 0; kind < 2; kind++) {
        qsort(times[kind], runs, sizeof(double), ascending);
        printf("%s median %.3f ms, p90 %.3f ms\n", names[kind], times[kind][runs / 2], times[kind][runs * 9 / 10]);
    }
    return 0;
}
