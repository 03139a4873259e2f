import Routes

extension Configuration {
    /// Flags beat environment variables (HOST, PORT), which beat defaults. Anything unknown or
    /// malformed is an error, never ignored. `--flag value` and `--flag=value` are both accepted.
    /// Each option sets only its own field, so the order of options cannot matter; settings that
    /// depend on each other are combined afterwards (`combine`).
    static func resolve(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> LaunchRequest {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        let flags = try flagValues(arguments)
        var configuration = Configuration()
        for option in options {
            if let value = flags[option.flag] {
                try option.apply(&configuration, value, option.flag)
            } else if let name = option.environment, let value = environment[name], !value.isEmpty {
                try option.apply(&configuration, value, "environment variable \(name)")
            }
        }
        try configuration.combine()
        return .run(configuration)
    }

    /// A sync window is a setting of group commit: it refines `--fsync batch` and contradicts
    /// `--fsync always` (the default), which would otherwise turn silently into batch; the gather
    /// bound is `always`'s and contradicts `batch`, which waits its window instead.
    private mutating func combine() throws(ConfigurationError) {
        if syncGather != nil, case .batch = syncPolicy {
            throw ConfigurationError(message: "--fsync-gather-us applies only with --fsync always, but the sync policy is batch")
        }
        guard let window = syncWindow else { return }
        guard case .batch = syncPolicy else {
            throw ConfigurationError(message: "--fsync-window-ms applies only with --fsync batch, but the sync policy is always")
        }
        syncPolicy = .batch(window: window)
    }

    /// `etcd://HOST:PORT[,HOST:PORT…]`; a host is a name or an address (IPv6 in brackets).
    static func registryEndpoints(_ value: String, _ source: String) throws(ConfigurationError) -> [EtcdTransport.Endpoint] {
        let invalid = ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected etcd://HOST:PORT[,HOST:PORT...]")
        guard value.hasPrefix("etcd://") else { throw invalid }
        var endpoints: [EtcdTransport.Endpoint] = []
        for item in value.dropFirst("etcd://".count).split(separator: ",", omittingEmptySubsequences: false) {
            guard let colon = item.lastIndex(of: ":"), let port = Int(item[item.index(after: colon)...]), (1...65535).contains(port) else {
                throw invalid
            }
            var host = item[..<colon]
            if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
            guard !host.isEmpty, !host.contains("/") else { throw invalid }
            endpoints.append(.init(host: String(host), port: port))
        }
        return endpoints
    }

    static var usage: String {
        let lines = options.map { option in
            let name = "  \(option.flag) \(option.placeholder)"
            let padded = name + String(repeating: " ", count: max(1, 30 - name.count))
            return padded + option.help + (option.environment.map { " [env \($0)]" } ?? "")
        }
        return (["Usage: Server [options]", "", "Options:"] + lines
            + ["  --help" + String(repeating: " ", count: 22) + "Show this help and exit."]).joined(separator: "\n")
    }

    static let options: [ConfigurationOption] = [
        ConfigurationOption(flag: "--host", environment: "HOST", placeholder: "ADDRESS",
                            help: "IPv4 or IPv6 address to listen on, or localhost (default 127.0.0.1).") { configuration, value, source throws(ConfigurationError) in
            let host = value == "localhost" ? "127.0.0.1" : value
            guard let address = SocketAddress(host: host, port: configuration.address.port) else {
                throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected an IPv4 or IPv6 address or localhost")
            }
            configuration.address = address
        },
        .integer("--port", \.address.port, 0 ... 65535, environment: "PORT", help: "TCP port; 0 picks a free one (default 8080)."),
        .integer("--threads", \.threads, 1 ... 256, help: "Event-loop threads (default: one per core)."),
        .integer("--max-connections", \.maxConnections, 1 ... 1_000_000, help: "Open connections at most (default 10000); when full, idle ones are closed to make room (never-spoken first, then the longest idle; the accepting loop's own first, else another loop's), 503 only when all are busy."),
        .integer("--max-body-bytes", \.limits.maxBodyBytes, 0 ... 1 << 30, help: "Request body limit, 413 beyond (default 1048576)."),
        .integer("--max-header-bytes", \.limits.maxHeadBytes, 1024 ... 1 << 20, help: "Request head limit, 431 beyond (default 16384)."),
        .integer("--max-output-bytes", \.maxPendingOutputBytes, 4096 ... 1 << 30,
                 help: "Unsent response bytes per connection; a stream is dropped beyond (default 262144)."),
        .integer("--frames-cache-bytes", \.framesCacheBytes, 0 ... 1 << 30, environment: "FRAMES_CACHE_BYTES",
                 help: "Recent frames answers kept to send the same window again; 0 keeps none (default 8388608)."),
        .seconds("--header-timeout", \.timeouts.header, help: "Seconds to receive a request head (default 10)."),
        .seconds("--body-timeout", \.timeouts.body, help: "Seconds to receive a request body (default 30)."),
        .seconds("--idle-timeout", \.timeouts.idle, help: "Seconds a keep-alive connection may idle (default 30)."),
        .seconds("--write-timeout", \.timeouts.write, help: "Seconds without write progress before closing (default 10)."),
        .seconds("--response-timeout", \.timeouts.response,
                 help: "Seconds a request may wait for a response that is not ready, such as a journal sync; 503 beyond (default 30)."),
        .seconds("--shutdown-grace", \.timeouts.shutdownGrace, help: "Seconds to finish requests on SIGTERM (default 5)."),
        ConfigurationOption(flag: "--data-dir", environment: "DATA_DIR", placeholder: "DIR",
                            help: "Directory of the session journal (default ./data).") { configuration, value, source throws(ConfigurationError) in
            guard !value.isEmpty else { throw ConfigurationError(message: "invalid value \"\" for \(source): expected a directory") }
            configuration.dataDirectory = value
        },
        .flag("--ephemeral", environment: "EPHEMERAL", help: "Keep sessions in memory only; no journal.") { $0.ephemeral = true },
        ConfigurationOption(flag: "--fsync", environment: "FSYNC", placeholder: "POLICY",
                            help: "always: each change synced before it is answered (default); batch: group commit.") { configuration, value, source throws(ConfigurationError) in
            switch value {
            case "always": configuration.syncPolicy = .always
            case "batch": configuration.syncPolicy = .batch(window: 0.002)
            default: throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected always or batch")
            }
        },
        ConfigurationOption(flag: "--fsync-window-ms", environment: nil, placeholder: "MS",
                            help: "With --fsync batch: longest wait to share a sync (default 2).") { configuration, value, source throws(ConfigurationError) in
            guard let ms = Double(value), ms.isFinite, ms >= 0, ms <= 1000 else {
                throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected milliseconds from 0 to 1000")
            }
            configuration.syncWindow = ms / 1000
        },
        ConfigurationOption(flag: "--fsync-gather-us", environment: nil, placeholder: "US",
                            help: "With --fsync always: longest wait for other event loops' requests in progress to share a sync; 0 never waits (default 0).") { configuration, value, source throws(ConfigurationError) in
            guard let us = Int(value), us >= 0, us <= 100_000 else {
                throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected microseconds from 0 to 100000")
            }
            configuration.syncGather = Double(us) / 1e6
        },
        ConfigurationOption(flag: "--token", environment: "TOKEN", placeholder: "TOKEN",
                            help: "Require 'Authorization: Bearer TOKEN' on every endpoint but /healthz; at least 16 visible ASCII characters.") { configuration, value, source throws(ConfigurationError) in
            guard value.utf8.count >= 16, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ConfigurationError(message: "invalid value for \(source): a token needs at least 16 visible ASCII characters")
            }
            configuration.token = value
        },
        ConfigurationOption(flag: "--node-id", environment: "NODE_ID", placeholder: "ID",
                            help: "This node's id in a cluster, carried by its session ids (default: n + 8 hex of FNV-1a of hostname:port).") { configuration, value, source throws(ConfigurationError) in
            guard NodeID.isValid(value) else {
                throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected 1 to 32 lowercase letters and digits")
            }
            configuration.explicitNodeID = value
        },
        ConfigurationOption(flag: "--registry", environment: "CONTROLSIM_REGISTRY", placeholder: "URL",
                            help: "etcd://HOST:PORT[,HOST:PORT...]: user-defined controls in the etcd a cluster shares (default: this node's journal).") { configuration, value, source throws(ConfigurationError) in
            configuration.registry = try registryEndpoints(value, source)
        },
        ConfigurationOption(flag: "--registry-timeout-ms", environment: nil, placeholder: "MS",
                            help: "The longest one etcd call may take, connecting included (default 2000).") { configuration, value, source throws(ConfigurationError) in
            guard let ms = Int(value), ms >= 10, ms <= 60_000 else {
                throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected milliseconds from 10 to 60000")
            }
            configuration.registryTimeout = Double(ms) / 1000
        },
        ConfigurationOption(flag: "--cors-origins", environment: "CORS_ORIGINS", placeholder: "LIST",
                            help: "Comma-separated browser origins allowed, or * (default *).") { configuration, value, source throws(ConfigurationError) in
            let origins = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !origins.isEmpty else { throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected origins or *") }
            configuration.corsOrigins = origins
        },
    ]

    /// Flag name to its last value; rejects unknown flags, positional arguments and missing values.
    private static func flagValues(_ arguments: [String]) throws(ConfigurationError) -> [String: String] {
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else { throw ConfigurationError(message: "unexpected argument \"\(argument)\"") }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let flag = String(parts[0])
            guard let option = options.first(where: { $0.flag == flag }) else { throw ConfigurationError(message: "unknown option \"\(flag)\"") }
            if !option.takesValue {
                values[flag] = parts.count == 2 ? String(parts[1]) : ""
            } else if parts.count == 2 {
                values[flag] = String(parts[1])
            } else {
                index += 1
                guard index < arguments.count else { throw ConfigurationError(message: "missing value for \(flag)") }
                values[flag] = arguments[index]
            }
            index += 1
        }
        return values
    }
}
