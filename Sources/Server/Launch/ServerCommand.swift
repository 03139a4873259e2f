import Dispatch
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
        do {
            return try serve(configuration, log: log)
        } catch {
            log(LogLine(level: "error", "cannot start").field("error", "\(error)").description)
            return 1
        }
    }

    private static func serve(_ configuration: Configuration, log: @escaping LogSink) throws -> Int32 {
        let clock = SystemClock()
        raiseOpenFileLimit()
        let signals = try TerminationSignals.install()
        var environment = AppEnvironment.live(log: log, node: configuration.nodeID, clock: clock)
        let journal = try configuration.ephemeral ? nil : makeJournal(configuration, clock: clock, log: log)
        let connections = ConnectionCounter()
        environment.corsOrigins = configuration.corsOrigins
        environment.limits.framesCacheBytes = configuration.framesCacheBytes
        environment.journal = journal
        environment.token = configuration.token
        if let endpoints = configuration.registry {
            environment.registry = EtcdGateway(transport: EtcdTransport(endpoints: endpoints, timeout: configuration.registryTimeout))
            // Registry calls block on the network for up to the timeout: they run on Dispatch's
            // global pool, which adds threads while its workers block, never on an event loop.
            environment.offload = { work in DispatchQueue.global().async(execute: work) }
        }
        environment.extraMetrics = { [statistics = journal?.statistics] in
            ProcessMetrics.render(connections: connections.current, journal: statistics?.snapshot)
        }
        let app = makeApp(environment)
        if journal != nil { app.markStarting() }
        let server = try Server(configuration: configuration, responder: app, log: log, counter: connections, clock: clock,
                                passes: journal)
        log(LogLine(level: "info", "listening").field("host", configuration.address.host).field("port", server.port)
            .field("node", configuration.nodeID).description)
        // Listening before the replay: `/healthz` answers and `/readyz` says how far the replay got
        // (`/v1/` answers 503 `starting` meanwhile), so an orchestrator can tell a slow start from a dead one.
        if let journal {
            do {
                try restore(app, from: journal, clock: clock, log: log)
            } catch {
                server.stop()
                throw JournalError("journal in \(configuration.dataDirectory): \(error)")
            }
        }
        // Scripts wait for this line (after `listening`) before they use the sessions.
        log(LogLine(level: "info", "ready").description)
        let signal = signals.wait()
        log(LogLine(level: "info", "stopping").field("signal", signal)
            .field("grace_s", "\(configuration.timeouts.shutdownGrace)").description)
        server.stop()
        journal?.close()
        log(LogLine(level: "info", "stopped").description)
        return 0
    }

    private static func makeJournal(_ configuration: Configuration, clock: any TimeSource, log: @escaping LogSink) throws -> FileJournal {
        do {
            return try FileJournal(directory: configuration.dataDirectory, policy: configuration.syncPolicy, clock: clock, log: log,
                                   maximumGather: configuration.syncGather ?? FileJournal.maximumGather)
        } catch {
            throw JournalError("journal in \(configuration.dataDirectory): \(error)")
        }
    }

    /// Replays the journal into the application; compacts it when the history is larger than the
    /// present, or when it held damage or files of the first format (so the damaged files leave
    /// the journal, their bytes staying in the quarantine, and every file is in the current
    /// format); and from then on compacts in the background as history piles up.
    /// The journal is read as it is replayed (`JournalReplay`: one file's chunk at a time, each
    /// record let go once applied), so the replay holds the sessions and little else; what the
    /// replay and the compaction freed is given back to the system (`malloc_trim`): otherwise a
    /// restarted server keeps it, resident, for good.
    private static func restore(_ app: Application, from journal: FileJournal, clock: any TimeSource, log: @escaping LogSink) throws {
        let started = clock.now()
        let replay = journal.replay(found: { app.journalRecordsFound($0) })
        let report = app.restore(reading: replay)
        let recovery = try replay.finish()
        for unusable in report.unusable.prefix(20) {
            log(LogLine(level: "warn", "journal_record_unusable").field("detail", unusable).description)
        }
        log(LogLine(level: "info", "journal_replayed").field("records", report.records).field("sessions", report.sessions)
            .field("events", report.events).field("damaged_spans", report.damage.count).field("unusable", report.unusable.count)
            .field("damaged_sessions", report.damagedSessions).field("not_applied", report.notApplied)
            .field("bytes", recovery.bytesRead).field("ms", milliseconds: clock.now() - started).description)
        if recovery.bytesRead > max(1 << 20, 2 * journal.snapshotBytes) || !recovery.damage.isEmpty || recovery.legacy {
            try journal.compact { emit in try app.snapshot(into: emit) }
        }
        _ = LinuxAPI.mallocTrim(0)
        journal.compactionNeeded = { [journal] in
            do {
                try journal.compact { emit in try app.snapshot(into: emit) }
            } catch {
                log(LogLine(level: "error", "journal_compaction_failed").field("error", "\(error)").description)
            }
        }
    }

    /// Thousands of connections need thousands of descriptors; take the hard limit the system allows.
    private static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
