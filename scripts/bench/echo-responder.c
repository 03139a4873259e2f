/* The physical floor of a loopback HTTP request on this machine: a trivial keep-alive responder
 * (epoll, one thread per core, SO_REUSEPORT) that answers every request head it reads with the
 * same fixed bytes, parsing nothing beyond the blank line. What it costs per request is the
 * kernel's share (read, write, epoll_wait, the loopback TCP stack) and next to nothing else.
 *
 *   echo-responder PORT THREADS BODYFILE
 *
 *   echo-responder PORT THREADS BODYFILE JOURNAL
 *
 * With a JOURNAL path, the floor of a durable request: every request's bytes as read are a
 * record, appended to a shared buffer under one lock; one flusher thread writes what has gathered
 * in place into the file (filled with zeros ahead and synced once, as the server's segments are)
 * and fdatasyncs it, then wakes every loop (an eventfd each), which answers the requests that sync
 * covered. No gather wait: the flusher syncs as soon as anything is pending, so records share a
 * sync exactly when they arrive during the one before. What it costs per request is the kernel's
 * share plus the sync's, divided among the records that share it, and the hand-offs; on SIGTERM
 * it prints its records per sync.
 *
 * Loopback only; it stops on SIGTERM or SIGINT. Used by scripts/bench-http.sh. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

static char *response;
static size_t response_length;
static int port;

static int listener(void) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, (struct sockaddr *)&address, sizeof address) || listen(fd, 4096)) { perror("listen"); exit(1); }
    return fd;
}

/* Per connection: how many bytes of "\r\n\r\n" the last read ended with. */
static unsigned char matched[65536];

/* The durable mode's journal: records gathered under `lock`, written and synced by the flusher. */
enum { JOURNAL_BYTES = 256 << 20, GATHER_BYTES = 8 << 20, MAX_LOOPS = 64 };
static int journal = -1;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pending_cond = PTHREAD_COND_INITIALIZER;
static char *gathered;
static size_t gathered_length;
static uint64_t appended;          /* records appended, under `lock` */
static _Atomic uint64_t synced;    /* records durable */
static uint64_t syncs;
static int wakeups[MAX_LOOPS];
static _Atomic int loops;

/* A request waiting for its sync: answered once `synced` reaches `record`. */
struct waiting { int fd; size_t answers; uint64_t record; };

static uint64_t append_record(const char *bytes, size_t length) {
    pthread_mutex_lock(&lock);
    if (gathered_length + length > GATHER_BYTES) length = 0; /* a record too many for one batch: kept short */
    memcpy(gathered + gathered_length, bytes, length);
    gathered_length += length;
    uint64_t record = ++appended;
    pthread_cond_signal(&pending_cond);
    pthread_mutex_unlock(&lock);
    return record;
}

static void *flusher(void *unused) {
    (void)unused;
    char *batch = malloc(GATHER_BYTES);
    off_t offset = 0;
    for (;;) {
        pthread_mutex_lock(&lock);
        while (appended == atomic_load(&synced)) pthread_cond_wait(&pending_cond, &lock);
        char *taken = gathered;
        size_t length = gathered_length;
        uint64_t upto = appended;
        gathered = batch;
        gathered_length = 0;
        pthread_mutex_unlock(&lock);
        batch = taken;
        if (offset + (off_t)length > JOURNAL_BYTES) offset = 0; /* round again over the zeros' space */
        if (length && pwrite(journal, batch, length, offset) != (ssize_t)length) { perror("pwrite"); exit(1); }
        offset += (off_t)length;
        if (fdatasync(journal)) { perror("fdatasync"); exit(1); }
        syncs++;
        atomic_store(&synced, upto);
        uint64_t one = 1;
        for (int l = 0; l < atomic_load(&loops); l++) (void)!write(wakeups[l], &one, sizeof one);
    }
    return NULL;
}

/* Answers, in order, the waiting requests the last sync covered. */
static void answer_synced(struct waiting *queue, size_t *head, size_t tail, char *out, size_t capacity) {
    uint64_t durable = atomic_load(&synced);
    while (*head < tail && queue[*head % 65536].record <= durable) {
        struct waiting *w = &queue[*head % 65536];
        size_t length = 0;
        for (size_t a = 0; a < w->answers && length + response_length <= capacity; a++) {
            memcpy(out + length, response, response_length);
            length += response_length;
        }
        if (length) (void)!write(w->fd, out, length);
        (*head)++;
    }
}

static void *loop(void *unused) {
    (void)unused;
    int lfd = listener(), ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = lfd}, events[256];
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &event);
    static __thread char buffer[65536];
    static __thread char out[1 << 20];
    int wakeup = -1;
    struct waiting *queue = NULL;
    size_t head = 0, tail = 0;
    if (journal >= 0) {
        wakeup = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        struct epoll_event e = {.events = EPOLLIN, .data.fd = wakeup};
        epoll_ctl(ep, EPOLL_CTL_ADD, wakeup, &e);
        queue = calloc(65536, sizeof *queue);
        pthread_mutex_lock(&lock);
        wakeups[atomic_load(&loops)] = wakeup;
        atomic_fetch_add(&loops, 1);
        pthread_mutex_unlock(&lock);
    }
    for (;;) {
        int n = epoll_wait(ep, events, 256, -1);
        for (int i = 0; i < n; i++) {
            int fd = events[i].data.fd;
            if (fd == wakeup) {
                uint64_t count;
                (void)!read(wakeup, &count, sizeof count);
                answer_synced(queue, &head, tail, out, sizeof out);
                continue;
            }
            if (fd == lfd) {
                int c;
                while ((c = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
                    int one = 1;
                    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    if (c < 65536) matched[c] = 0;
                    struct epoll_event e = {.events = EPOLLIN, .data.fd = c};
                    epoll_ctl(ep, EPOLL_CTL_ADD, c, &e);
                }
                continue;
            }
            ssize_t got = read(fd, buffer, sizeof buffer);
            if (got <= 0) { close(fd); continue; }
            size_t answers = 0;
            unsigned state = fd < 65536 ? matched[fd] : 0;
            for (ssize_t k = 0; k < got; k++) {
                char b = buffer[k];
                if ((state % 2 == 0 && b == '\r') || (state % 2 == 1 && b == '\n')) state++;
                else state = b == '\r' ? 1 : 0;
                if (state == 4) { answers++; state = 0; }
            }
            if (fd < 65536) matched[fd] = (unsigned char)state;
            if (journal >= 0) {
                if (answers && tail - head < 65536)
                    queue[tail++ % 65536] = (struct waiting){fd, answers, append_record(buffer, (size_t)got)};
                continue;
            }
            size_t length = 0;
            for (size_t a = 0; a < answers && length + response_length <= sizeof out; a++) {
                memcpy(out + length, response, response_length);
                length += response_length;
            }
            if (length) (void)!write(fd, out, length);
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) { fprintf(stderr, "usage: echo-responder PORT THREADS BODYFILE [JOURNAL]\n"); return 2; }
    port = atoi(argv[1]);
    int threads = atoi(argv[2]);
    FILE *f = fopen(argv[3], "rb");
    if (!f) { perror(argv[3]); return 1; }
    static char body[1 << 16];
    size_t body_length = fread(body, 1, sizeof body, f);
    fclose(f);
    response = malloc(body_length + 256);
    response_length = (size_t)sprintf(response,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n", body_length);
    memcpy(response + response_length, body, body_length);
    response_length += body_length;
    signal(SIGPIPE, SIG_IGN);
    /* Blocked before the threads start (they inherit it), so only sigwait below takes the stop. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t ids[MAX_LOOPS + 1];
    if (argc == 5) {
        journal = open(argv[4], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (journal < 0) { perror(argv[4]); return 1; }
        char *zeros = calloc(1, 1 << 20);
        for (off_t done = 0; done < JOURNAL_BYTES; done += 1 << 20)
            if (pwrite(journal, zeros, 1 << 20, done) != 1 << 20) { perror("prefill"); return 1; }
        free(zeros);
        if (fsync(journal)) { perror("fsync"); return 1; }
        gathered = malloc(GATHER_BYTES);
        pthread_create(&ids[MAX_LOOPS], NULL, flusher, NULL);
    }
    for (int t = 0; t < threads && t < MAX_LOOPS; t++) pthread_create(&ids[t], NULL, loop, NULL);
    int signal_number;
    sigwait(&set, &signal_number);
    if (journal >= 0) {
        pthread_mutex_lock(&lock);
        fprintf(stderr, "echo-responder: %llu records, %llu syncs, %.1f records per sync\n", (unsigned long long)appended,
                (unsigned long long)syncs, syncs ? (double)appended / (double)syncs : 0.0);
        pthread_mutex_unlock(&lock);
    }
    return 0;
}
