# Build: the official Swift 6 image, release mode, the same command .ci/run uses.
FROM swift:6.3-noble AS build
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# The build-tool plugin that embeds Sources/BuiltIns/Controls/*.json and Sources/BuiltIns/Scenes/*.json.
COPY Plugins ./Plugins
# Sources/Routes/Resources/ links to these; the server is built with them compiled in.
COPY openapi.yaml ./
COPY playground ./playground
COPY client ./client
COPY Tests ./Tests
COPY Benchmarks ./Benchmarks
RUN swift build -c release --product Server --static-swift-stdlib \
 && install -D .build/release/Server /out/controlsim-server

# Run: a slim base, a non-root user, listening on all interfaces inside the container.
FROM ubuntu:24.04
RUN useradd --system --uid 10001 --home-dir /var/lib/controlsim --create-home controlsim
COPY --from=build /out/controlsim-server /usr/local/bin/controlsim-server
USER controlsim
WORKDIR /var/lib/controlsim
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/controlsim-server"]
