/* Exactly N keep-alive GETs of one path over C connections on loopback, each connection one request
 * in flight at a time; exits non-zero on any non-200 answer. For deterministic per-request counts
 * (valgrind --tool=callgrind, strace -c) where wrk's duration-bound runs would not do.
 *
 *   fixed-load PORT CONNECTIONS REQUESTS PATH */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct client { int fd; size_t have; long need; char *buffer; };
enum { capacity = 1 << 20 };

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: fixed-load PORT CONNECTIONS REQUESTS PATH\n"); return 2; }
    int port = atoi(argv[1]), count = atoi(argv[2]);
    long total = atol(argv[3]), sent = 0, done = 0;
    char request[4096];
    int request_length = snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", argv[4]);
    struct client *clients = calloc((size_t)count, sizeof *clients);
    struct pollfd *fds = calloc((size_t)count, sizeof *fds);
    for (int i = 0; i < count; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
        struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(fd, (struct sockaddr *)&address, sizeof address)) { perror("connect"); return 1; }
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        clients[i].fd = fd;
        clients[i].need = -1;
        clients[i].buffer = malloc(capacity);
        fds[i].fd = fd;
        fds[i].events = POLLIN;
        if (sent < total) { (void)!write(fd, request, (size_t)request_length); sent++; } else fds[i].fd = -1;
    }
    while (done < total) {
        if (poll(fds, (nfds_t)count, 10000) <= 0) { fprintf(stderr, "fixed-load: timed out\n"); return 1; }
        for (int i = 0; i < count; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            struct client *c = &clients[i];
            char *buffer = c->buffer;
            ssize_t got = read(c->fd, buffer + c->have, capacity - c->have);
            if (got <= 0) { fprintf(stderr, "fixed-load: connection closed\n"); return 1; }
            c->have += (size_t)got;
            if (c->need < 0) {
                char *end = memmem(buffer, c->have, "\r\n\r\n", 4);
                if (!end) continue;
                if (strncmp(buffer, "HTTP/1.1 200", 12)) { fprintf(stderr, "fixed-load: %.40s\n", buffer); return 1; }
                char *length = memmem(buffer, (size_t)(end - buffer), "Content-Length: ", 16);
                c->need = (long)(end + 4 - buffer) + (length ? atol(length + 16) : 0);
            }
            if ((long)c->have < c->need) continue;
            c->have = 0;
            c->need = -1;
            done++;
            if (sent < total) { (void)!write(c->fd, request, (size_t)request_length); sent++; }
            else fds[i].fd = -1;
        }
    }
    return 0;
}
