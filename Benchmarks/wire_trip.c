// The timing loop of helper_bench.py's round trip, in C, so that what is timed is the helper and the wire,
// not the Python interpreter around them. helper_bench.py compiles it with the toolchain's clang.
//
//   wire_trip COUNT WARMUP HEX          descriptor 3 is strata's end of a helper's socket, its handshake
//                                       done: sends the `run` frame whose payload is HEX COUNT + WARMUP times,
//                                       each after the `exit` frame of the one before
//   wire_trip --floor COUNT WARMUP HEX  the same against a forked C process that answers each `run` at once
//                                       with an `output` and an `exit` frame: the wire's own floor
//
// Prints the COUNT round trips after the warm-up, in µs, one a line: from before the `run` frame is written
// to the moment its `exit` frame has been read whole.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { RUN = 3, OUTPUT = 4, EXIT = 6, LARGEST = 1 << 20 };

static void write_all(int fd, const uint8_t *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(fd, bytes, count);
        if (written <= 0) { perror("wire_trip: write"); exit(1); }
        bytes += written;
        count -= (size_t)written;
    }
}

static int read_all(int fd, uint8_t *bytes, size_t count) {
    while (count > 0) {
        ssize_t got = read(fd, bytes, count);
        if (got <= 0) return 0;
        bytes += got;
        count -= (size_t)got;
    }
    return 1;
}

// A whole frame into `payload` (at most LARGEST bytes); its kind, or -1 at the end of the stream.
static int receive(int fd, uint8_t *payload) {
    uint8_t header[5];
    if (!read_all(fd, header, 5)) return -1;
    uint32_t length = (uint32_t)header[0] << 24 | (uint32_t)header[1] << 16 | (uint32_t)header[2] << 8 | header[3];
    if (length < 1 || length - 1 > LARGEST) { fprintf(stderr, "wire_trip: a frame of %u bytes\n", length); exit(1); }
    if (!read_all(fd, payload, length - 1)) return -1;
    return header[4];
}

static size_t frame(uint8_t *out, int kind, const uint8_t *payload, size_t count) {
    uint32_t length = (uint32_t)count + 1;
    out[0] = length >> 24; out[1] = length >> 16; out[2] = length >> 8; out[3] = length; out[4] = (uint8_t)kind;
    memcpy(out + 5, payload, count);
    return count + 5;
}

// The floor's helper: answers every `run` with an `output` and an `exit` frame, in one write, until the end.
static void echo(int fd) {
    static uint8_t payload[LARGEST];
    uint8_t answer[64];
    size_t size = frame(answer, OUTPUT, (const uint8_t *)"ok: hi\n", 7);
    size += frame(answer + size, EXIT, (const uint8_t[]){0, 0, 0, 0}, 4);
    while (receive(fd, payload) == RUN) write_all(fd, answer, size);
    _exit(0);
}

int main(int argc, char **argv) {
    int floor = argc == 5 && strcmp(argv[1], "--floor") == 0;
    if (argc != 4 + floor) { fprintf(stderr, "usage: wire_trip [--floor] COUNT WARMUP HEX\n"); return 2; }
    long count = atol(argv[1 + floor]), warmup = atol(argv[2 + floor]);
    const char *hex = argv[3 + floor];
    size_t size = strlen(hex) / 2;
    if (count < 1 || warmup < 0 || size > 4096) { fprintf(stderr, "wire_trip: bad arguments\n"); return 2; }
    uint8_t request[4096], sent[4096 + 5];
    for (size_t i = 0; i < size; i++) sscanf(hex + 2 * i, "%2hhx", &request[i]);
    size_t length = frame(sent, RUN, request, size);

    int fd = 3;
    pid_t child = 0;
    if (floor) {
        int ends[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, ends) != 0) { perror("wire_trip: socketpair"); return 1; }
        child = fork();
        if (child == 0) { close(ends[0]); echo(ends[1]); }
        close(ends[1]);
        fd = ends[0];
    }
    static uint8_t payload[LARGEST];
    double *samples = malloc(sizeof(double) * (size_t)count);
    for (long index = 0; index < warmup + count; index++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        write_all(fd, sent, length);
        int kind;
        while ((kind = receive(fd, payload)) != EXIT) {
            if (kind < 0) { fprintf(stderr, "wire_trip: the helper closed its socket\n"); return 1; }
        }
        clock_gettime(CLOCK_MONOTONIC, &end);
        if (index >= warmup) samples[index - warmup] = (end.tv_sec - start.tv_sec) * 1e6 + (end.tv_nsec - start.tv_nsec) / 1e3;
    }
    for (long index = 0; index < count; index++) printf("%.2f\n", samples[index]);
    if (floor) {
        close(fd);
        waitpid(child, NULL, 0);
    }
    return 0;
}
