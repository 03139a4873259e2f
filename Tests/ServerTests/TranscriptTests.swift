import Foundation
import Glibc
import Routes
import Testing
@testable import Server

/// The wire behaviour pinned byte for byte (`Transcript`), replayed over loopback against the real
/// server. Only a recording (`RECORD_TRANSCRIPTS=1`) rewrites the golden file.
@Suite(.serialized) struct TranscriptTests {
    static let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/transcripts.txt")

    /// The golden file's sections by case name.
    static func goldens() throws -> [String: String] {
        let text = try String(contentsOf: goldenURL, encoding: .utf8)
        var sections: [String: String] = [:]
        for section in text.components(separatedBy: "=== ").dropFirst() {
            guard let newline = section.firstIndex(of: "\n") else { continue }
            sections[String(section[..<newline])] = String(section[section.index(after: newline)...])
                .trimmingCharacters(in: .newlines) + "\n"
        }
        return sections
    }

    @Test func recordOrCheckOverLoopback() throws {
        if ProcessInfo.processInfo.environment["RECORD_TRANSCRIPTS"] == "1" {
            var text = ""
            for transcript in Transcript.all {
                text += "=== \(transcript.name)\n" + (try LoopbackTranscript.run(transcript)) + "\n"
            }
            try FileManager.default.createDirectory(at: Self.goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: Self.goldenURL, atomically: true, encoding: .utf8)
            return
        }
        let goldens = try Self.goldens()
        #expect(goldens.count == Transcript.all.count)
        for transcript in Transcript.all where LoopbackTranscript.isSmokeCase(transcript) {
            #expect(try LoopbackTranscript.run(transcript) == goldens[transcript.name], "\(transcript.name)")
        }
    }
}

/// Runs a transcript against a real server on loopback: the way the goldens were recorded, and a
/// smoke check that the real poller and sockets behave as the fake ones do.
enum LoopbackTranscript {
    /// Over loopback only the cases that do not wait for a timeout: those are replayed on the test
    /// clock (`ConnectionTranscriptTests`).
    static func isSmokeCase(_ transcript: Transcript) -> Bool {
        !transcript.steps.contains { if case .wait = $0 { true } else { false } }
    }

    static func run(_ transcript: Transcript) throws -> String {
        var configuration = TestServer.configuration()
        transcript.configure(&configuration)
        var result = ""
        try TestServer.run(configuration, responder: transcript.responder()) { server in
            let client = try TestClient.connect(port: server.port)
            var outputs: [[UInt8]] = []
            var ending = Transcript.Ending.open
            for step in transcript.steps {
                switch step {
                case .send(let text): try? client.send(text)
                case .wait(let seconds): usleep(UInt32(seconds * 1_000_000))
                case .finishSending: client.finishSending()
                }
                var received: [UInt8] = []
                if ending == .open { ending = drain(client.fd, into: &received) }
                outputs.append(received)
            }
            result = Transcript.render(transcript.steps, outputs, ending)
        }
        return result
    }

    /// Reads until the server has been quiet for a while or the connection ended.
    private static func drain(_ fd: Int32, into bytes: inout [UInt8]) -> Transcript.Ending {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 300) > 0 else { return .open }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return .closed }
            if count < 0 { return errno == ECONNRESET ? .reset : .closed }
            bytes.append(contentsOf: buffer[..<count])
        }
    }
}
