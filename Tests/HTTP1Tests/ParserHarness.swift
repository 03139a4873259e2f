import Testing
@testable import HTTP1

/// A parsed request reduced to comparable literals.
struct ParsedRequest: Equatable, CustomStringConvertible {
    var method: String
    var target: String
    var version = "HTTP/1.1"
    var headers: [String]
    var body = ""

    init(_ method: String, _ target: String, version: String = "HTTP/1.1", headers: [String] = ["Host: x"], body: String = "") {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    init(_ request: HTTPRequest) {
        self.init(request.method, request.target, version: request.version.description,
                  headers: request.headers.map { "\($0.name): \($0.value)" },
                  body: String(decoding: request.body, as: UTF8.self))
    }

    var description: String { "\(method) \(target) \(version) \(headers) \(body.debugDescription)" }
}

/// What the parser produced, in order: requests, and at most one error, after which it stops.
enum Outcome: Equatable {
    case request(ParsedRequest)
    case error(HTTPParseError.Kind)
}

/// Feeds the same bytes in several ways and requires identical results, as NIOHTTP1's tests do.
enum ParserHarness {
    static let get = "GET /first HTTP/1.1\r\nHost: x\r\n\r\n"
    static let getOutcome = Outcome.request(ParsedRequest("GET", "/first"))

    struct Run: Equatable {
        var outcomes: [Outcome] = []
        var continueSignals = 0
        var leftover = 0
    }

    /// Appends each chunk in turn and parses until the parser needs more bytes or fails.
    static func run(_ chunks: [[UInt8]], limits: HTTPLimits = HTTPLimits()) -> Run {
        var parser = HTTPParser(limits: limits)
        var buffer = ByteBuffer()
        var result = Run()
        for chunk in chunks {
            buffer.append(contentsOf: chunk)
            while true {
                do throws(HTTPParseError) {
                    guard let request = try parser.parse(&buffer) else {
                        if parser.takeContinueSignal() { result.continueSignals += 1 }
                        break
                    }
                    result.outcomes.append(.request(ParsedRequest(request)))
                } catch {
                    result.outcomes.append(.error(error.kind))
                    result.leftover = buffer.readableBytes
                    return result
                }
            }
        }
        result.leftover = buffer.readableBytes
        return result
    }

    /// All at once, byte by byte, split in two at every position, and pipelined between other requests.
    static func check(_ raw: String, _ expected: [Outcome], limits: HTTPLimits = HTTPLimits(),
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(raw.utf8)
        #expect(run([bytes], limits: limits).outcomes == expected, "all at once", sourceLocation: sourceLocation)
        #expect(run(bytes.map { [$0] }, limits: limits).outcomes == expected, "byte by byte", sourceLocation: sourceLocation)
        if bytes.count <= 2048 {
            for split in 1 ..< max(bytes.count, 1) {
                let outcomes = run([Array(bytes[..<split]), Array(bytes[split...])], limits: limits).outcomes
                #expect(outcomes == expected, "split at \(split)", sourceLocation: sourceLocation)
                if outcomes != expected { break }
            }
        }
        let failed = expected.contains { if case .error = $0 { true } else { false } }
        let pipelined = failed ? get + raw + get : raw + raw + raw
        let pipelinedExpected = failed ? [getOutcome] + expected : expected + expected + expected
        #expect(run([Array(pipelined.utf8)], limits: limits).outcomes == pipelinedExpected, "pipelined", sourceLocation: sourceLocation)
        #expect(run(Array(pipelined.utf8).map { [$0] }, limits: limits).outcomes == pipelinedExpected,
                "pipelined byte by byte", sourceLocation: sourceLocation)
    }

    static func checkError(_ raw: String, _ kind: HTTPParseError.Kind, limits: HTTPLimits = HTTPLimits(),
                           sourceLocation: SourceLocation = #_sourceLocation) {
        check(raw, [.error(kind)], limits: limits, sourceLocation: sourceLocation)
    }
}
