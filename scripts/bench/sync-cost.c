// What one fdatasync costs after a small write, by how the file's blocks came to be: the journal's
// question "does appending pay for metadata at every sync?" measured outside the server.
//
//   gcc -O2 -o /tmp/sync-cost scripts/bench/sync-cost.c
//   /tmp/sync-cost DIR [WRITES] [BYTES] [RUNS] [MODE]
//
// In DIR (a file sync-cost.tmp, removed after), for each mode, RUNS runs of WRITES × (write BYTES
// + fdatasync), the modes alternating run by run; prints each mode's median over the runs of the
// per-sync median and p99, and the runs' mean, and the CPU time (user + system) the syncing thread
// spent per write + fdatasync: what a sync costs a core whatever it holds, the floor under a
// durable request's extra CPU (divided by the records that share the sync).
//
//   append     O_APPEND on a file that grows by every write: each sync also has the inode's size
//              (and, per new block, its extent) to make durable
//   prefilled  pwrite in place into a file written with zeros ahead and synced once: the size and
//              the extents are already on disk, only data changes
//   fallocate  pwrite in place into fallocate'd space (unwritten extents: the first write to each
//              block converts its extent, metadata again)
//   keepsize   fallocate FALLOC_FL_KEEP_SIZE then O_APPEND: blocks allocated ahead, the size grows
//   dsync      prefilled, opened O_DSYNC: each pwrite returns once durable (no fdatasync call)
//   direct     prefilled, opened O_DIRECT | O_DSYNC: each write rewrites the whole 4 KiB blocks the
//              record touches from an aligned copy of them (the page cache bypassed)
//
// Defaults: 2000 writes of 300 bytes, 5 runs, every mode (MODE names one). With the block device
// named by DEVICE (e.g. DEVICE=vda), also each mode's device writes and flushes per sync
// (/proc/diskstats) and their device time.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

enum { APPEND, PREFILLED, FALLOCATE, KEEPSIZE, DSYNC, DIRECT, MODES };
static const char *names[MODES] = {"append", "prefilled", "fallocate", "keepsize", "dsync", "direct"};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/// The calling thread's user + system CPU seconds.
static double thread_cpu(void) {
    struct rusage u;
    getrusage(RUSAGE_THREAD, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "%s: %s\n", what, strerror(errno));
        exit(1);
    }
}

/// The device's completed writes, their ms, completed flushes, their ms (/proc/diskstats fields 5, 8, 16, 17).
static int diskstats(const char *device, double counts[4]) {
    FILE *f = fopen("/proc/diskstats", "r");
    if (!f) return 0;
    char line[512], name[64];
    unsigned long long v[17];
    int found = 0;
    while (fgets(line, sizeof line, f)) {
        int n = sscanf(line, "%*u %*u %63s %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
                       name, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &v[11], &v[12],
                       &v[13], &v[14], &v[15], &v[16]);
        if (n >= 17 && strcmp(name, device) == 0) {
            counts[0] = v[4]; counts[1] = v[7]; counts[2] = v[15]; counts[3] = v[16];
            found = 1;
        }
    }
    fclose(f);
    return found;
}

/// One run: the per-sync latencies into `out` (WRITES of them); the CPU seconds of the syncing loop.
static double run(const char *path, int mode, int writes, int bytes, double *out) {
    unlink(path);
    long total = (long)writes * bytes;
    int flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (mode == APPEND || mode == KEEPSIZE ? O_APPEND : 0);
    int fd = open(path, flags, 0644);
    check(fd >= 0, "open");
    int prefilled = mode == PREFILLED || mode == DSYNC || mode == DIRECT;
    if (prefilled) {
        char *zeros = calloc(1, 1 << 20);
        for (long done = 0; done < total;) {
            long n = total - done < (1 << 20) ? total - done : (1 << 20);
            check(pwrite(fd, zeros, n, done) == n, "prefill");
            done += n;
        }
        free(zeros);
    } else if (mode == FALLOCATE) {
        check(fallocate(fd, 0, 0, total) == 0, "fallocate");
    } else if (mode == KEEPSIZE) {
        check(fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, total) == 0, "fallocate keep size");
    }
    check(fsync(fd) == 0, "fsync");
    if (mode == DSYNC || mode == DIRECT) {
        close(fd);
        fd = open(path, O_WRONLY | O_CLOEXEC | O_DSYNC | (mode == DIRECT ? O_DIRECT : 0));
        check(fd >= 0, "open again");
    }
    char *record = malloc(bytes);
    memset(record, 'x', bytes);
    // The direct mode's mirror of the file's blocks (the whole file, aligned).
    char *image = NULL;
    if (mode == DIRECT) {
        check(posix_memalign((void **)&image, 4096, (total + 8191) / 4096 * 4096) == 0, "posix_memalign");
        memset(image, 0, (total + 8191) / 4096 * 4096);
    }
    double cpu = thread_cpu();
    for (int i = 0; i < writes; i++) {
        double started = now();
        off_t at = (off_t)i * bytes;
        if (mode == DIRECT) {
            memcpy(image + at, record, bytes);
            off_t first = at / 4096 * 4096, end = (at + bytes + 4095) / 4096 * 4096;
            check(pwrite(fd, image + first, end - first, first) == end - first, "pwrite direct");
        } else {
            ssize_t n = mode == APPEND || mode == KEEPSIZE ? write(fd, record, bytes) : pwrite(fd, record, bytes, at);
            check(n == bytes, "write");
            if (mode != DSYNC) check(fdatasync(fd) == 0, "fdatasync");
        }
        out[i] = now() - started;
    }
    free(image);
    cpu = thread_cpu() - cpu;
    free(record);
    close(fd);
    unlink(path);
    return cpu;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR [WRITES] [BYTES] [RUNS]\n", argv[0]);
        return 2;
    }
    int writes = argc > 2 ? atoi(argv[2]) : 2000;
    int bytes = argc > 3 ? atoi(argv[3]) : 300;
    int runs = argc > 4 ? atoi(argv[4]) : 5;
    int only = -1;
    for (int m = 0; argc > 5 && m < MODES; m++) if (strcmp(argv[5], names[m]) == 0) only = m;
    if (argc > 5 && only < 0) {
        fprintf(stderr, "MODE: append, prefilled, fallocate, keepsize, dsync or direct\n");
        return 2;
    }
    const char *device = getenv("DEVICE");
    double device_totals[MODES][4] = {{0}};
    char path[4096];
    snprintf(path, sizeof path, "%s/sync-cost.tmp", argv[1]);
    double *samples = malloc(sizeof(double) * writes);
    double medians[MODES][64], p99s[MODES][64], means[MODES][64], cpus[MODES][64];
    if (runs > 64) runs = 64;
    for (int r = 0; r < runs; r++) {
        for (int m = 0; m < MODES; m++) {
            int mode = (m + r) % MODES;   // alternate the order, so no mode always follows another
            if (only >= 0 && mode != only) continue;
            double before[4], after[4];
            int counted = device && diskstats(device, before);
            cpus[mode][r] = run(path, mode, writes, bytes, samples) / writes;
            if (counted && diskstats(device, after))
                for (int k = 0; k < 4; k++) device_totals[mode][k] += after[k] - before[k];
            double sum = 0;
            for (int i = 0; i < writes; i++) sum += samples[i];
            qsort(samples, writes, sizeof(double), compare);
            medians[mode][r] = samples[writes / 2];
            p99s[mode][r] = samples[(int)(writes * 0.99)];
            means[mode][r] = sum / writes;
        }
    }
    printf("%s: %d × (write %d B + fdatasync), %d runs; medians over runs, ms per sync\n", argv[1], writes, bytes, runs);
    printf("%-10s %8s %8s %8s %11s%s\n", "mode", "p50", "p99", "mean", "cpu_us/sync",
           device ? "   writes/sync  ms/write  flushes/sync  ms/flush (device, whole runs, other writers included)" : "");
    for (int m = 0; m < MODES; m++) {
        if (only >= 0 && m != only) continue;
        qsort(medians[m], runs, sizeof(double), compare);
        qsort(p99s[m], runs, sizeof(double), compare);
        qsort(means[m], runs, sizeof(double), compare);
        qsort(cpus[m], runs, sizeof(double), compare);
        printf("%-10s %8.3f %8.3f %8.3f %11.1f", names[m], medians[m][runs / 2] * 1e3, p99s[m][runs / 2] * 1e3, means[m][runs / 2] * 1e3,
               cpus[m][runs / 2] * 1e6);
        if (device) {
            double *t = device_totals[m], syncs = (double)writes * runs;
            printf("   %11.2f  %8.3f  %12.2f  %8.3f", t[0] / syncs, t[0] > 0 ? t[1] / t[0] : 0, t[2] / syncs, t[2] > 0 ? t[3] / t[2] : 0);
        }
        printf("\n");
    }
    free(samples);
    return 0;
}
