import Glibc
import Routes

/// The life of the process, kept out of main.swift so it reads as a script: configure, serve until
/// SIGTERM/SIGINT, drain, exit. Exit codes: 0 after a clean stop, 2 for bad configuration, 1 when
/// the server cannot start (e.g. the port is taken).
enum ServerCommand {
    /// `report` takes the one-line configuration error (stderr in production).
    static func run(arguments: [String], environment: [String: String], log: @escaping LogSink,
                    report: (String) -> Void = StandardError.write) -> Int32 {
        let configuration: Configuration
        do throws(ConfigurationError) {
            switch try Configuration.resolve(arguments: arguments, environment: environment) {
            case .help:
                print(Configuration.usage)
                return 0
            case .run(let resolved):
                configuration = resolved
            }
        } catch {
            report("error: \(error.message) (see --help)")
            return 2
        }
        log(configuration.logLine.description)
        do throws(SyscallError) {
            return try serve(configuration, log: log)
        } catch {
            log(LogLine(level: "error", "cannot start").field("error", error.description).description)
            return 1
        }
    }

    private static func serve(_ configuration: Configuration, log: @escaping LogSink) throws(SyscallError) -> Int32 {
        raiseOpenFileLimit()
        let signals = try TerminationSignals.install()
        let router = makeRouter(AppEnvironment.live(log: log))
        let server = try Server(configuration: configuration, responder: router, log: log)
        log(LogLine(level: "info", "listening").field("host", configuration.address.host).field("port", server.port).description)
        let signal = signals.wait()
        log(LogLine(level: "info", "stopping").field("signal", signal)
            .field("grace_s", "\(configuration.timeouts.shutdownGrace)").description)
        server.stop()
        log(LogLine(level: "info", "stopped").description)
        return 0
    }

    /// Thousands of connections need thousands of descriptors; take the hard limit the system allows.
    private static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
