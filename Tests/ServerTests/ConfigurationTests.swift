import HTTP1
import Testing
@testable import Server

@Suite struct ConfigurationTests {
    func resolve(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> Configuration? {
        guard case .run(let configuration) = try Configuration.resolve(arguments: arguments, environment: environment) else { return nil }
        return configuration
    }

    func message(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
        do throws(ConfigurationError) {
            _ = try resolve(arguments, environment)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func defaults() throws {
        let configuration = try #require(try resolve([]))
        #expect(configuration.address == SocketAddress.loopback(port: 8080))
        #expect(configuration.threads == Configuration.processorCount)
        #expect(configuration.maxConnections == 10_000)
        #expect(configuration.limits == HTTPLimits())
        #expect(configuration.limits.maxBodyBytes == 1_048_576)
        #expect(configuration.limits.maxHeadBytes == 16_384)
        #expect(configuration.maxPendingOutputBytes == 262_144)
        #expect(configuration.timeouts == Timeouts())
    }

    @Test func flagsOverrideEnvironmentOverrideDefaults() throws {
        let fromEnvironment = try #require(try resolve([], ["HOST": "0.0.0.0", "PORT": "9000"]))
        #expect(fromEnvironment.address.host == "0.0.0.0")
        #expect(fromEnvironment.address.port == 9000)
        let fromFlags = try #require(try resolve(["--port=0", "--host", "::1", "--threads", "3", "--idle-timeout", "0.5", "--max-output-bytes", "65536"],
                                                 ["HOST": "0.0.0.0", "PORT": "not-even-a-number"]))
        #expect(fromFlags.address.host == "::1")
        #expect(fromFlags.address.family == .ipv6)
        #expect(fromFlags.address.port == 0)
        #expect(fromFlags.threads == 3)
        #expect(fromFlags.timeouts.idle == 0.5)
        #expect(fromFlags.maxPendingOutputBytes == 65536)
    }

    @Test func responseTimeoutIsConfigurable() throws {
        #expect(Timeouts().response == 30)
        #expect(try resolve(["--response-timeout", "2.5"])?.timeouts.response == 2.5)
        #expect(message(["--response-timeout", "0"]) == #"invalid value "0" for --response-timeout: expected seconds, more than 0 and at most 86400"#)
    }

    @Test func localhostMeansIPv4Loopback() throws {
        #expect(try resolve(["--host", "localhost"])?.address.host == "127.0.0.1")
    }

    @Test(arguments: [
        (["--port", "70000"], [:], #"invalid value "70000" for --port: expected an integer from 0 to 65535"#),
        (["--port", "http"], [:], #"invalid value "http" for --port: expected an integer from 0 to 65535"#),
        ([], ["PORT": "-1"], #"invalid value "-1" for environment variable PORT: expected an integer from 0 to 65535"#),
        (["--host", "example.com"], [:], #"invalid value "example.com" for --host: expected an IPv4 or IPv6 address or localhost"#),
        ([], ["HOST": "300.1.1.1"], #"invalid value "300.1.1.1" for environment variable HOST: expected an IPv4 or IPv6 address or localhost"#),
        (["--verbose"], [:], #"unknown option "--verbose""#),
        (["--port"], [:], "missing value for --port"),
        (["8080"], [:], #"unexpected argument "8080""#),
        (["--threads", "0"], [:], #"invalid value "0" for --threads: expected an integer from 1 to 256"#),
        (["--idle-timeout", "-3"], [:], #"invalid value "-3" for --idle-timeout: expected seconds, more than 0 and at most 86400"#),
    ] as [([String], [String: String], String)])
    func invalidConfigurationNamesTheCulprit(arguments: [String], environment: [String: String], expected: String) {
        #expect(message(arguments, environment) == expected)
    }

    @Test func helpWinsAndListsEveryFlag() throws {
        #expect(try Configuration.resolve(arguments: ["--port", "x", "--help"], environment: [:]) == .help)
        for option in Configuration.options {
            #expect(Configuration.usage.contains(option.flag))
        }
    }

    @Test func badConfigurationExitsWith2() {
        var reported: [String] = []
        #expect(ServerCommand.run(arguments: ["--port", "x"], environment: [:], log: { _ in }, report: { reported.append($0) }) == 2)
        #expect(reported == [#"error: invalid value "x" for --port: expected an integer from 0 to 65535 (see --help)"#])
    }

    @Test func configurationIsLoggedOnOneLine() {
        let line = Configuration().logLine.description
        #expect(line.hasPrefix("level=info msg=configuration host=127.0.0.1 port=8080 threads="))
        #expect(line.contains("max_body_bytes=1048576 max_header_bytes=16384 max_output_bytes=262144 header_timeout_s=10.0"))
    }
}

/// Options that depend on each other: the result does not depend on their order, and a
/// contradiction is refused with a message that names both.
@Suite struct ConfigurationCombinationTests {
    func resolve(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> Configuration? {
        guard case .run(let configuration) = try Configuration.resolve(arguments: arguments, environment: environment) else { return nil }
        return configuration
    }

    @Test(arguments: [["--fsync", "batch", "--fsync-window-ms", "5"], ["--fsync-window-ms", "5", "--fsync", "batch"]])
    func aWindowRefinesBatchInEitherOrder(_ arguments: [String]) throws {
        #expect(try resolve(arguments)?.syncPolicy == .batch(window: 0.005))
    }

    @Test func batchFromTheEnvironmentTakesTheWindowFromAFlag() throws {
        #expect(try resolve(["--fsync-window-ms", "7"], ["FSYNC": "batch"])?.syncPolicy == .batch(window: 0.007))
    }

    @Test func batchAloneHasTheDefaultWindow() throws {
        #expect(try resolve(["--fsync", "batch"])?.syncPolicy == .batch(window: 0.002))
    }

    @Test(arguments: [["--fsync", "always", "--fsync-window-ms", "5"], ["--fsync-window-ms", "5", "--fsync", "always"], ["--fsync-window-ms", "5"]])
    func aWindowWithAlwaysIsRefused(_ arguments: [String]) {
        #expect(throws: ConfigurationError(message: "--fsync-window-ms applies only with --fsync batch, but the sync policy is always")) {
            _ = try resolve(arguments)
        }
    }

    @Test func theGatherBoundRefinesAlways() throws {
        #expect(try resolve([])?.syncGather == nil)
        #expect(try resolve(["--fsync-gather-us", "100"])?.syncGather == 0.0001)
        #expect(try resolve(["--fsync", "always", "--fsync-gather-us=0"])?.syncGather == 0)
    }

    @Test(arguments: [["--fsync", "batch", "--fsync-gather-us", "100"], ["--fsync-gather-us", "100", "--fsync", "batch"]])
    func aGatherBoundWithBatchIsRefused(_ arguments: [String]) {
        #expect(throws: ConfigurationError(message: "--fsync-gather-us applies only with --fsync always, but the sync policy is batch")) {
            _ = try resolve(arguments)
        }
    }

    @Test(arguments: ["-1", "100001", "0.5", "many"])
    func aGatherBoundOutOfRangeIsRefused(_ value: String) {
        #expect(throws: ConfigurationError(message: "invalid value \"\(value)\" for --fsync-gather-us: expected microseconds from 0 to 100000")) {
            _ = try resolve(["--fsync-gather-us", value])
        }
    }

    @Test func helpSaysWhatATokenNeeds() {
        let line = Configuration.usage.split(separator: "\n").first { $0.hasPrefix("  --token") }.map(String.init)
        #expect(line == "  --token TOKEN               Require 'Authorization: Bearer TOKEN' on every endpoint but /healthz; "
            + "at least 16 visible ASCII characters. [env TOKEN]")
    }
}
