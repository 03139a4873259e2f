#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationCore
import Routes
import Synchronization

/// How much work each group does: 1 by default; `--quick` or `BENCH_SCALE=0.1` shrink every
/// count (the memory group then extrapolates to 100,000 sessions).
enum BenchScale {
    nonisolated(unsafe) static var factor: Double = {
        guard let text = getenv("BENCH_SCALE").map({ String(cString: $0) }), let value = Double(text), value > 0 else { return 1 }
        return value
    }()

    /// `count` scaled, never below `minimum`.
    static func scaled(_ count: Int, minimum: Int = 1) -> Int {
        max(minimum, Int((Double(count) * factor).rounded()))
    }
}

/// The router exactly as `main` composes it, driven in-process: no sockets, a monotonic clock,
/// 32-hex-digit ids from a counter (the same length as the server's random ones).
final class Harness: Sendable {
    let router: Application
    private let counter: IDCounter

    /// The frames cache is off unless asked for: the benchmarks time the work, not its reuse.
    init(maxSessions: Int = 200_000, framesCacheBytes: Int = 0) {
        var limits = Limits()
        limits.maxSessions = maxSessions
        limits.framesCacheBytes = framesCacheBytes
        let counter = IDCounter()
        self.counter = counter
        router = makeApp(AppEnvironment(now: { Double(Measure.now()) / 1e9 },
                                           makeID: { counter.next() },
                                           limits: limits))
    }

    /// The answer; an in-memory store never makes one wait.
    func respond(_ method: String, _ target: String, body: [UInt8] = []) -> HTTPAnswer {
        guard case .now(let answer) = router.respond(to: HTTPRequest(method: method, target: target, body: body)) else {
            preconditionFailure("\(method) \(target) answered later without a journal")
        }
        return answer
    }

    /// The id of the `sequence`-th session this harness created (from 0), without keeping a list.
    static func id(ofSequence sequence: Int) -> String {
        IDCounter.id(UInt64(sequence + 1))
    }

    /// A new session of `control` (default configuration); its id.
    func create(_ control: String) -> String {
        let response = respond("POST", "/v1/sessions", body: Array(#"{"control":"\#(control)"}"#.utf8))
        precondition(response.status == 201, "creating a \(control) answered \(response.status)")
        let location = response.headers["Location"] ?? ""
        return String(location.split(separator: "/").last ?? "")
    }

    /// Posts one event body; its status.
    @discardableResult
    func post(_ id: String, _ body: [UInt8]) -> Int {
        respond("POST", "/v1/sessions/\(id)/events", body: body).status
    }
}

private final class IDCounter: Sendable {
    private let value = Atomic<UInt64>(0)

    func next() -> String {
        Self.id(value.add(1, ordering: .relaxed).newValue)
    }

    static func id(_ n: UInt64) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 32 - digits.count) + digits
    }
}

/// The four controls, each with an event that sets it moving at t = 0 and a pool of realistic
/// events (wire JSON and the equivalent inputs) that any state accepts.
struct BenchControl {
    let name: String
    /// Posted at t = 0 so frames over [0, 1] s are mid-animation.
    let kickoff: String
    let kickoffInputs: [TimedInput]
    /// Each entry is one posted event: a JSON object with `T` where its time goes, and the inputs it expands to (times relative).
    let pool: [(json: String, inputs: [(dt: Double, input: Input)])]

    /// Seconds between posted events in a log built from the pool (longer than any shorthand).
    static let eventSpacing = 0.2

    static let all: [BenchControl] = [button, progressButton, toggle, card]

    /// A quick drag (0.02 s), as `EventCodec` expands it: a touch-down, one move, a touch-up. (Pool
    /// entries are whole gestures: a session refuses a move or up with no touch down.)
    static func drag(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (json: String, inputs: [(dt: Double, input: Input)]) {
        let from = Point(x: x0, y: y0), to = Point(x: x1, y: y1)
        let duration = 0.02, steps = 1
        var inputs: [(dt: Double, input: Input)] = [(0, .touch(.down(from)))]
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            inputs.append((duration * f, .touch(.move(.interpolate(from: from, to: to, progress: f)))))
        }
        inputs.append((duration, .touch(.up(to))))
        return (#"{"type":"drag","t":T,"from":{"x":\#(x0.formatted(0)),"y":\#(y0.formatted(0))},"to":{"x":\#(x1.formatted(0)),"y":\#(y1.formatted(0))},"duration":0.02}"#,
                inputs)
    }

    static func tap(_ x: Double, _ y: Double) -> (json: String, inputs: [(dt: Double, input: Input)]) {
        let p = Point(x: x, y: y)
        return (#"{"type":"tap","t":T,"x":\#(x.formatted(0)),"y":\#(y.formatted(0))}"#,
                [(0, .touch(.down(p))), (0.1, .touch(.up(p)))])
    }

    static func command(_ json: String, _ command: Command) -> (json: String, inputs: [(dt: Double, input: Input)]) {
        (json, [(0, .command(command))])
    }

    static let button = BenchControl(
        name: "button", kickoff: #"{"type":"tap","t":0,"x":100,"y":25}"#,
        kickoffInputs: tapInputs(100, 25),
        pool: [tap(100, 25), drag(100, 25, 330, 40), command(#"{"type":"setSelected","t":T,"selected":true}"#, .setSelected(true)),
               tap(60, 20), command(#"{"type":"setSelected","t":T,"selected":false}"#, .setSelected(false)), tap(20, 10),
               tap(150, 30), command(#"{"type":"setSelected","t":T,"selected":true}"#, .setSelected(true)), tap(100, 25),
               drag(10, 10, 300, 10)])

    static let progressButton = BenchControl(
        name: "progressButton", kickoff: #"{"type":"start","t":0}"#,
        kickoffInputs: [TimedInput(t: 0, input: .command(.start(startRatio: 0)))],
        pool: [command(#"{"type":"start","t":T}"#, .start(startRatio: 0)), command(#"{"type":"pause","t":T}"#, .pause),
               command(#"{"type":"resume","t":T}"#, .resume), tap(16, 16),
               command(#"{"type":"start","t":T,"startRatio":0.5}"#, .start(startRatio: 0.5)),
               command(#"{"type":"pause","t":T}"#, .pause), command(#"{"type":"resume","t":T}"#, .resume),
               command(#"{"type":"cancel","t":T}"#, .cancel), command(#"{"type":"start","t":T}"#, .start(startRatio: 0)),
               tap(10, 10)])

    static let toggle = BenchControl(
        name: "switch", kickoff: #"{"type":"tap","t":0,"x":25,"y":15}"#,
        kickoffInputs: tapInputs(25, 15),
        pool: [tap(25, 15), command(#"{"type":"setOn","t":T,"on":false,"animated":true}"#, .setOn(false, animated: true)),
               tap(25, 15), tap(40, 10), command(#"{"type":"setOn","t":T,"on":true,"animated":false}"#, .setOn(true, animated: false)),
               drag(10, 20, 45, 20), tap(25, 15), command(#"{"type":"setOn","t":T,"on":true,"animated":true}"#, .setOn(true, animated: true)),
               drag(45, 20, 10, 20), tap(5, 5)])

    static let card = BenchControl(
        name: "card", kickoff: #"{"type":"tap","t":0,"x":195,"y":800}"#,
        kickoffInputs: tapInputs(195, 800),
        pool: [tap(195, 800), command(#"{"type":"toggle","t":T}"#, .toggle), drag(195, 790, 195, 700),
               command(#"{"type":"expand","t":T}"#, .expand), command(#"{"type":"collapse","t":T}"#, .collapse),
               tap(195, 280), command(#"{"type":"toggle","t":T}"#, .toggle), drag(195, 800, 195, 500), tap(195, 800),
               command(#"{"type":"collapse","t":T}"#, .collapse)])

    static func tapInputs(_ x: Double, _ y: Double) -> [TimedInput] {
        let p = Point(x: x, y: y)
        return [TimedInput(t: 0, input: .touch(.down(p))), TimedInput(t: 0.1, input: .touch(.up(p)))]
    }

    /// Pool event `index` (cyclic) posted at `t`, as a request body.
    func body(_ index: Int, at t: Double) -> [UInt8] {
        let template = pool[index % pool.count].json
        return Array(template.replacingT(with: t.formatted(3)).utf8)
    }

    /// Pool event `index` (cyclic) at `t`, as the inputs the router would decode it into.
    func inputs(_ index: Int, at t: Double) -> [TimedInput] {
        pool[index % pool.count].inputs.map { TimedInput(t: t + $0.dt, input: $0.input) }
    }

    /// A session of this control with its kickoff applied, then `posted` pool events (whole
    /// posted events, shorthands expanded) spaced by `eventSpacing`, in a cycle over the pool.
    func session(posted: Int) -> Session {
        var session = Session(configuration: configuration)
        do {
            try session.apply(kickoffInputs)
            for index in 0..<posted {
                try session.apply(inputs(index, at: 0.2 + Double(index) * Self.eventSpacing))
            }
        } catch {
            fatalError("\(name): the benchmark's own events were refused: \(error)")
        }
        return session
    }

    /// The built-in definition with its defaults.
    var configuration: ControlInstance {
        guard let entry = BuiltInControls.named(name), let instance = try? ControlInstance(entry.definition, name: name, configuration: nil) else {
            fatalError("no built-in definition for \(name)")
        }
        return instance
    }
}

extension String {
    fileprivate func replacingT(with value: String) -> String {
        var result = ""
        for character in self { if character == "T" { result += value } else { result.append(character) } }
        return result
    }
}

/// Resident set size from /proc/self/statm (its second field, in pages), in bytes; 0 without /proc.
enum Memory {
    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
        let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Bytes the allocator has handed out and not had back (glibc's `malloc_info` totals: the
    /// arenas' current size less their free chunks, plus mmapped blocks): the live heap, without
    /// what freed chunks leave mapped. 0 where there is no glibc.
    static func heapInUse() -> Int {
        #if canImport(Glibc)
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return 0 }
        let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
        var text: UnsafeMutablePointer<CChar>?
        var length = 0
        guard let stream = open_memstream(&text, &length) else { return 0 }
        _ = mallocInfo(0, stream)
        fclose(stream)
        guard let text else { return 0 }
        defer { free(text) }
        // The last `<total …/>` and `<system type="current" …/>` lines are the totals over every arena.
        var totals: [String: Int] = [:]
        for line in String(cString: text).split(separator: "\n") {
            let words = line.split(separator: "\"")
            guard words.count >= 4 else { continue }
            let size = Int(words[words.count - 2]) ?? 0
            if line.hasPrefix("<total type=") || line.hasPrefix("<system type=\"current\"") { totals[String(words[1])] = size }
        }
        return (totals["current"] ?? 0) - (totals["fast"] ?? 0) - (totals["rest"] ?? 0) + (totals["mmap"] ?? 0)
        #else
        return 0
        #endif
    }
}

extension Double {
    /// `1234567` → `1,234,567` (rounded to an integer).
    var grouped: String {
        let digits = String(Int(self.rounded()))
        var result = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 && c != "-" { result.append(",") }
            result.append(c)
        }
        return String(result.reversed())
    }
}

extension Int {
    var grouped: String { Double(self).grouped }
}

/// A fixed-width text table.
struct TextTable {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: [String]) { self.headers = headers }

    mutating func add(_ row: [String]) { rows.append(row) }

    func print(indent: String = "  ") {
        let widths = headers.indices.map { column in ([headers] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            indent + cells.enumerated().map { column, cell in
                column == 0 ? cell.padded(to: widths[column]) : cell.leftPadded(to: widths[column])
            }.joined(separator: "  ")
        }
        Swift.print(line(headers))
        for row in rows { Swift.print(line(row)) }
    }
}

/// What the server's loop does with one request's bytes but the socket calls and the log line:
/// parse, answer through the app, encode the response.
struct WireServer {
    let harness: Harness
    var parser = HTTPParser()
    var encoder = ResponseEncoder()

    init(_ harness: Harness) { self.harness = harness }

    /// The response's size in bytes.
    mutating func serve(_ wire: [UInt8], expecting status: Int) -> Int {
        var input = ByteBuffer(wire)
        guard let request = try? parser.parse(&input), case .now(let answer) = harness.router.respond(to: request) else {
            preconditionFailure("the request failed: \(String(decoding: wire, as: UTF8.self))")
        }
        precondition(answer.status == status, "answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        let (head, body) = encoder.message(status: answer.status, headers: answer.headers, body: .bytes(answer.body),
                                           ResponseEncoder.Exchange(), epochSeconds: 1_800_000_000)
        return head.count + body.count
    }
}
