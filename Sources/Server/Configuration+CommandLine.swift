extension Configuration {
    /// Flags beat environment variables (HOST, PORT), which beat defaults. Anything unknown or
    /// malformed is an error, never ignored. `--flag value` and `--flag=value` are both accepted.
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
        return .run(configuration)
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
        .integer("--max-connections", \.maxConnections, 1 ... 1_000_000, help: "Open connections at most (default 10000)."),
        .integer("--max-body-bytes", \.limits.maxBodyBytes, 0 ... 1 << 30, help: "Request body limit, 413 beyond (default 1048576)."),
        .integer("--max-header-bytes", \.limits.maxHeadBytes, 1024 ... 1 << 20, help: "Request head limit, 431 beyond (default 16384)."),
        .seconds("--header-timeout", \.timeouts.header, help: "Seconds to receive a request head (default 10)."),
        .seconds("--body-timeout", \.timeouts.body, help: "Seconds to receive a request body (default 30)."),
        .seconds("--idle-timeout", \.timeouts.idle, help: "Seconds a keep-alive connection may idle (default 30)."),
        .seconds("--write-timeout", \.timeouts.write, help: "Seconds without write progress before closing (default 10)."),
        .seconds("--shutdown-grace", \.timeouts.shutdownGrace, help: "Seconds to finish requests on SIGTERM (default 5)."),
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
            guard options.contains(where: { $0.flag == flag }) else { throw ConfigurationError(message: "unknown option \"\(flag)\"") }
            if parts.count == 2 {
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
