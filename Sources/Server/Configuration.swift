import Glibc
import Routes

/// Everything the server can be told at start-up, with the defaults `docs/architecture.md` lists.
/// Built from flags over environment over these defaults (`Configuration+CommandLine.swift`).
struct Configuration: Sendable, Equatable {
    var address = SocketAddress.loopback(port: 8080)
    /// Event-loop threads; the default is one per core.
    var threads = Configuration.processorCount
    /// Open connections across all loops; beyond it new ones get a 503 and are closed.
    var maxConnections = 10_000
    /// Connections the kernel completes and queues on each loop's listener before the loop
    /// accepts them. A burst beyond it loses SYNs, which clients send again only after TCP's
    /// 1 s retransmission timeout: 3,000 connections opened in 0.1 s on this 2-core machine
    /// left 907 waiting on one listener, and with 1024 a burst now and then lost one (a 1 s
    /// connect). The kernel caps it at net.core.somaxconn (4096 by default since Linux 5.4).
    var backlog: Int32 = 4096
    /// Queued response bytes above which a connection stops reading (a client that does not read),
    /// and beyond which a streamed response is dropped rather than buffered.
    var maxPendingOutputBytes = 256 * 1024
    /// Bytes of recent frames answers kept to answer the same window again; 0 keeps none.
    var framesCacheBytes = Limits().framesCacheBytes
    var limits = HTTPLimits()
    var timeouts = Timeouts()
    /// Where the journal lives; sessions survive restarts unless `ephemeral`.
    var dataDirectory = "./data"
    var ephemeral = false
    var syncPolicy = SyncPolicy.always
    /// `--fsync-window-ms`, folded into `syncPolicy` once every option is read.
    var syncWindow: Double?
    /// `--fsync-gather-us`: with `--fsync always`, the longest a sync waits for other event loops'
    /// passes in progress, so that their changes share it (seconds; 0 never waits; nil:
    /// `FileJournal.maximumGather`).
    var syncGather: Double?
    /// Browser origins allowed to call the API; `*` is any.
    var corsOrigins = ["*"]
    /// When set, every endpoint but /healthz needs `Authorization: Bearer <token>`.
    var token: String?
    /// `--node-id`; nil takes the default derived from `hostname` and the port (`nodeID`).
    var explicitNodeID: String?
    /// `--registry etcd://HOST:PORT[,HOST:PORT…]`: user-defined controls in the etcd the cluster
    /// shares; nil keeps them in this node's journal.
    var registry: [EtcdTransport.Endpoint]?
    /// The longest one etcd call may take, connection included (`--registry-timeout-ms`).
    var registryTimeout = 2.0
    /// This machine's name, the default node id's source.
    var hostname = Configuration.localHostname

    /// The id this node's session ids carry (`<node>-<32 hex>`): `--node-id`, or else
    /// `NodeID.derived` from the host name and the configured port, stable across restarts.
    var nodeID: String {
        explicitNodeID ?? NodeID.derived(host: hostname, port: address.port)
    }

    static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// gethostname(2), or `localhost` if it fails.
    static var localHostname: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Logged once at start-up so an operator sees what is in force.
    var logLine: LogLine {
        LogLine(level: "info", "configuration")
            .field("host", address.host)
            .field("port", address.port)
            .field("threads", threads)
            .field("max_connections", maxConnections)
            .field("max_body_bytes", limits.maxBodyBytes)
            .field("max_header_bytes", limits.maxHeadBytes)
            .field("max_output_bytes", maxPendingOutputBytes)
            .field("header_timeout_s", "\(timeouts.header)")
            .field("body_timeout_s", "\(timeouts.body)")
            .field("idle_timeout_s", "\(timeouts.idle)")
            .field("write_timeout_s", "\(timeouts.write)")
            .field("response_timeout_s", "\(timeouts.response)")
            .field("shutdown_grace_s", "\(timeouts.shutdownGrace)")
            .field("data_dir", ephemeral ? "(ephemeral)" : dataDirectory)
            .field("fsync", syncPolicy.description)
            .field("fsync_gather_us", syncPolicy == .always ? "\(Int(((syncGather ?? FileJournal.maximumGather) * 1e6).rounded()))" : "-")
            .field("cors_origins", corsOrigins.joined(separator: ","))
            .field("auth", token == nil ? "off" : "bearer")
            .field("frames_cache_bytes", framesCacheBytes)
            .field("registry", registry.map { "etcd://" + $0.map { "\($0.host):\($0.port)" }.joined(separator: ",") } ?? "journal")
            .field("node", nodeID)
    }
}
