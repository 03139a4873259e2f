import Foundation
@testable import Routes

// The golden corpus's file format (Tests/RoutesTests/Goldens/README.md): a scenario is a list of
// HTTP requests sent in order to one fresh app (manual clock, counting ids), each with the
// response today's code gave it, byte for byte. Files are read with Foundation's JSONDecoder and
// written by `GoldenFile.text`, not by the project's own JSON code, so the corpus does not lean
// on the code it checks.

/// One scenario file.
struct GoldenScenario: Codable, Sendable {
    var description: String
    /// Limits other than the defaults, for the scenarios that reach them.
    var limits: GoldenLimits?
    var steps: [GoldenStep]
}

/// The `Limits` fields a scenario may set; the rest keep their defaults.
struct GoldenLimits: Codable, Sendable {
    var maxFramesPerRequest: Int?
    var maxSessions: Int?
    var sessionIdleTTL: Double?
    var maxEventsPerBatch: Int?
    var maxEventsPerSession: Int?

    var limits: Limits {
        var limits = Limits()
        if let maxFramesPerRequest { limits.maxFramesPerRequest = maxFramesPerRequest }
        if let maxSessions { limits.maxSessions = maxSessions }
        if let sessionIdleTTL { limits.sessionIdleTTL = sessionIdleTTL }
        if let maxEventsPerBatch { limits.maxEventsPerBatch = maxEventsPerBatch }
        if let maxEventsPerSession { limits.maxEventsPerSession = maxEventsPerSession }
        return limits
    }
}

/// One request, and the response it must get.
struct GoldenStep: Codable, Sendable {
    /// Seconds the manual clock moves on before the request (wall-clock sessions, expiry).
    var advance: Double?
    var method: String
    var target: String
    /// Sent with `Content-Type: application/json` when present.
    var body: String?
    /// Absent until recorded.
    var expect: GoldenResponse?
}

/// A response as the corpus pins it: status, content type, the other headers in order, and the
/// body's exact bytes. The body is stored as consecutive pieces of text whose concatenation is
/// the body; where it is cut is only for reading (see `pieces`).
struct GoldenResponse: Codable, Sendable, Equatable {
    var status: Int
    var contentType: String?
    var headers: [[String]]?
    var body: [String]

    init(_ response: HTTPResponse) {
        status = response.status
        contentType = response.headers["Content-Type"]
        let others = response.headers.fields.filter { !HTTPHeaders.sameName($0.name, "Content-Type") }
        headers = others.isEmpty ? nil : others.map { [$0.name, $0.value] }
        body = Self.pieces(of: response.body, json: contentType?.hasPrefix("application/json") == true)
    }

    var bodyBytes: [UInt8] { Array(body.joined().utf8) }

    /// Text cut after every newline, and in JSON before every frame, emission or keyframe
    /// (`{"t":`, `{"offset":`), so a file shows one of them a line and a re-recording diffs by line.
    static func pieces(of bytes: [UInt8], json: Bool) -> [String] {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            preconditionFailure("a response body that is not UTF-8 cannot be stored as text")
        }
        let starts = json ? [Array(#"{"t":"#.utf8), Array(#"{"offset":"#.utf8)] : []
        var pieces: [String] = []
        var start = 0
        for index in bytes.indices {
            // Every cut is at an ASCII byte, so each piece is valid UTF-8 on its own.
            if index > start, starts.contains(where: { bytes[index...].starts(with: $0) }) {
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index
            }
            if bytes[index] == UInt8(ascii: "\n") {
                pieces.append(String(decoding: bytes[start...index], as: UTF8.self))
                start = index + 1
            }
        }
        if start < bytes.count || pieces.isEmpty { pieces.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return pieces
    }
}

/// Where the corpus lives and how a scenario is run, compared and written.
enum GoldenFile {
    /// `Tests/RoutesTests/Goldens`, found from this source file (no bundle, no working directory).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Scenario names (file names without `.json`), sorted.
    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name + ".json") }

    static func load(_ name: String) throws -> GoldenScenario {
        try JSONDecoder().decode(GoldenScenario.self, from: Data(contentsOf: url(name)))
    }

    /// True when the corpus is to be rewritten from the current code (`RECORD_GOLDENS=1`).
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Sends every step to a fresh app; the responses, in order. A HEAD step is sent as GET, as
    /// the server does (HEAD never reaches the application; the server leaves the body out), so
    /// the corpus records the headers a HEAD answer carries.
    static func run(_ scenario: GoldenScenario) -> [GoldenResponse] {
        let app = TestApp(limits: scenario.limits?.limits ?? Limits())
        return scenario.steps.map { step in
            if let advance = step.advance { app.clock.advance(by: advance) }
            let method = step.method == "HEAD" ? "GET" : step.method
            return GoldenResponse(app.send(method, step.target, body: step.body))
        }
    }

    static func write(_ scenario: GoldenScenario, as name: String) throws {
        try Data(text(scenario).utf8).write(to: url(name), options: .atomic)
    }

    // MARK: Writing

    /// The file's text: members in a fixed order, two-space indent, one body piece a line.
    static func text(_ scenario: GoldenScenario) -> String {
        var out = "{\n"
        out += "  \"description\": \(quoted(scenario.description)),\n"
        if let limits = scenario.limits { out += "  \"limits\": \(inline(limits)),\n" }
        out += "  \"steps\": [\n"
        out += scenario.steps.map { step in
            var lines: [String] = []
            if let advance = step.advance { lines.append("\"advance\": \(number(advance))") }
            lines.append("\"method\": \(quoted(step.method))")
            lines.append("\"target\": \(quoted(step.target))")
            if let body = step.body { lines.append("\"body\": \(quoted(body))") }
            if let expect = step.expect { lines.append("\"expect\": " + response(expect)) }
            return "    {\n" + lines.map { "      " + $0 }.joined(separator: ",\n") + "\n    }"
        }.joined(separator: ",\n")
        out += "\n  ]\n}\n"
        return out
    }

    private static func response(_ response: GoldenResponse) -> String {
        var lines = ["\"status\": \(response.status)"]
        if let contentType = response.contentType { lines.append("\"contentType\": \(quoted(contentType))") }
        if let headers = response.headers {
            lines.append("\"headers\": [" + headers.map { "[" + $0.map(quoted).joined(separator: ", ") + "]" }
                .joined(separator: ", ") + "]")
        }
        lines.append("\"body\": [\n" + response.body.map { "          " + quoted($0) }.joined(separator: ",\n") + "\n        ]")
        return "{\n" + lines.map { "        " + $0 }.joined(separator: ",\n") + "\n      }"
    }

    private static func inline(_ limits: GoldenLimits) -> String {
        let members: [(String, String?)] = [
            ("maxFramesPerRequest", limits.maxFramesPerRequest.map(String.init)),
            ("maxSessions", limits.maxSessions.map(String.init)),
            ("sessionIdleTTL", limits.sessionIdleTTL.map(number)),
            ("maxEventsPerBatch", limits.maxEventsPerBatch.map(String.init)),
            ("maxEventsPerSession", limits.maxEventsPerSession.map(String.init)),
        ]
        return "{" + members.compactMap { key, value in value.map { "\(quoted(key)): \($0)" } }.joined(separator: ", ") + "}"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A JSON string literal: quote, backslash and control characters escaped, the rest as is.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Comparing

    /// Where `actual` first differs from `expected`, described for a person; nil when equal.
    static func mismatch(_ actual: GoldenResponse, _ expected: GoldenResponse) -> String? {
        if actual.status != expected.status { return "status \(actual.status), expected \(expected.status)" }
        if actual.contentType != expected.contentType {
            return "Content-Type \(actual.contentType ?? "none"), expected \(expected.contentType ?? "none")"
        }
        if actual.headers != expected.headers {
            return "headers \(actual.headers ?? []), expected \(expected.headers ?? [])"
        }
        let a = actual.bodyBytes, e = expected.bodyBytes
        guard let offset = a.indices.first(where: { $0 >= e.count || a[$0] != e[$0] }) ?? (a.count == e.count ? nil : a.count) else {
            return nil
        }
        func context(_ bytes: [UInt8]) -> String {
            let from = max(0, offset - 80), to = min(bytes.count, offset + 80)
            let before = String(decoding: bytes[from..<offset], as: UTF8.self)
            let after = String(decoding: bytes[offset..<to], as: UTF8.self)
            return (from > 0 ? "…" : "") + before + "⟦here⟧" + after + (to < bytes.count ? "…" : "")
        }
        // The recorded piece (a frame, an emission, a line) the difference falls in.
        var piece = 0, end = 0
        for (index, text) in expected.body.enumerated() {
            piece = index
            end += text.utf8.count
            if end > offset { break }
        }
        return """
            body differs at byte \(offset) (actual \(a.count) bytes, expected \(e.count)), in recorded body piece \(piece) \
            (\(expected.body.indices.contains(piece) ? String(expected.body[piece].prefix(40)) : "past the end")…)
              expected: \(context(e))
              actual:   \(context(a))
            """
    }
}
