/* The physical floor of a loopback HTTP request on this machine: a trivial keep-alive responder
 * (epoll, one thread per core, SO_REUSEPORT) that answers every request head it reads with the
 * same fixed bytes, parsing nothing beyond the blank line. What it costs per request is the
 * kernel's share (read, write, epoll_wait, the loopback TCP stack) and next to nothing else.
 *
 *   echo-responder PORT THREADS BODYFILE
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
#include <sys/epoll.h>
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

static void *loop(void *unused) {
    (void)unused;
    int lfd = listener(), ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = lfd}, events[256];
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &event);
    static __thread char buffer[65536];
    static __thread char out[1 << 20];
    for (;;) {
        int n = epoll_wait(ep, events, 256, -1);
        for (int i = 0; i < n; i++) {
            int fd = events[i].data.fd;
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
    if (argc != 4) { fprintf(stderr, "usage: echo-responder PORT THREADS BODYFILE\n"); return 2; }
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
    pthread_t ids[64];
    for (int t = 0; t < threads && t < 64; t++) pthread_create(&ids[t], NULL, loop, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    int signal_number;
    sigwait(&set, &signal_number);
    return 0;
}
