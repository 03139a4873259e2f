/* Exactly N keep-alive requests over C connections on loopback, each connection one request in
 * flight at a time; exits non-zero on any non-200 answer. For deterministic per-request counts
 * (valgrind --tool=callgrind, strace -c) where wrk's duration-bound runs would not do.
 *
 *   fixed-load PORT CONNECTIONS REQUESTS PATH     GETs of PATH
 *   fixed-load PORT CONNECTIONS REQUESTS @FILE    POSTs: FILE has lines "path<TAB>JSON body with @T"
 *                                                 (bench-http.py event-sessions writes it); the
 *                                                 lines round-robin, pass r posting at t = 0.2 (r + 1)
 *                                                 so each session's events keep increasing (wrk's
 *                                                 post.lua in bench-http.sh does the same); with
 *                                                 FIXED_LOAD_FIRST_PASS=k in the environment the
 *                                                 first pass is k (later times than an earlier run's) */
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

static char request[8192];
static int request_length;
static const char *get_path;
static char **post_paths, **post_bodies;
static long post_count, formatted;

static int load_posts(const char *name) {
    FILE *file = fopen(name, "r");
    if (!file) { perror(name); return 0; }
    char line[4096];
    while (fgets(line, sizeof line, file)) {
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        tab[strcspn(tab + 1, "\r\n") + 1] = 0;
        post_paths = realloc(post_paths, (size_t)(post_count + 1) * sizeof *post_paths);
        post_bodies = realloc(post_bodies, (size_t)(post_count + 1) * sizeof *post_bodies);
        post_paths[post_count] = strdup(line);
        post_bodies[post_count] = strdup(tab + 1);
        post_count++;
    }
    fclose(file);
    if (!post_count) { fprintf(stderr, "fixed-load: no sessions in %s\n", name); return 0; }
    return 1;
}

/* The next request into `request`. */
static void next_request(void) {
    if (get_path) {
        if (!request_length)
            request_length = snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", get_path);
        return;
    }
    long i = formatted % post_count, pass = formatted / post_count;
    formatted++;
    char t[32], body[4096];
    snprintf(t, sizeof t, "%.1f", 0.2 * (double)(pass + 1));
    const char *template = post_bodies[i], *mark = strstr(template, "@T");
    int n = mark ? snprintf(body, sizeof body, "%.*s%s%s", (int)(mark - template), template, t, mark + 2)
                 : snprintf(body, sizeof body, "%s", template);
    request_length = snprintf(request, sizeof request,
                              "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
                              post_paths[i], n, body);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: fixed-load PORT CONNECTIONS REQUESTS PATH\n"); return 2; }
    int port = atoi(argv[1]), count = atoi(argv[2]);
    long total = atol(argv[3]), sent = 0, done = 0;
    if (argv[4][0] == '@' && !load_posts(argv[4] + 1)) return 1;
    if (argv[4][0] != '@') get_path = argv[4];
    const char *first_pass = getenv("FIXED_LOAD_FIRST_PASS");
    if (first_pass) formatted = atol(first_pass) * post_count;
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
        if (sent < total) { next_request(); (void)!write(fd, request, (size_t)request_length); sent++; } else fds[i].fd = -1;
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
            if (sent < total) { next_request(); (void)!write(c->fd, request, (size_t)request_length); sent++; }
            else fds[i].fd = -1;
        }
    }
    return 0;
}
