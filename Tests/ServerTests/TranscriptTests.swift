import Foundation
import Glibc
import HTTP1
import Routes
import Synchronization
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
        if LoopbackTranscript.isRecording {
            var text = ""
            for transcript in Transcript.all {
                var configuration = TestServer.configuration()
                transcript.configure(&configuration)
                try TestServer.run(configuration, responder: LoopbackTranscript.responder) { server in
                    text += "=== \(transcript.name)\n" + (try LoopbackTranscript.run(transcript, port: server.port)) + "\n"
                }
            }
            try FileManager.default.createDirectory(at: Self.goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: Self.goldenURL, atomically: true, encoding: .utf8)
            return
        }
        let goldens = try Self.goldens()
        #expect(goldens.count == Transcript.all.count)
        // One server, each case on its own connection and thread at once: the loops serve them all.
        let cases = Transcript.all.filter(LoopbackTranscript.isSmokeCase)
        let replayed = Mutex<[String: String]>([:])
        try TestServer.run(responder: LoopbackTranscript.responder) { server in
            let done = cases.map { transcript in
                onNewThread {
                    let text = (try? LoopbackTranscript.run(transcript, port: server.port)) ?? "failed to connect"
                    replayed.withLock { $0[transcript.name] = text }
                }
            }
            for finished in done { finished.wait() }
        }
        for transcript in cases {
            #expect(replayed.withLock { $0[transcript.name] } == goldens[transcript.name], "\(transcript.name)")
        }
    }

    /// Every case, timeouts included, on the fake poller and the test clock: no sleep, no socket.
    @Test(arguments: Transcript.all.map(\.name))
    func replayOnTheTestClock(_ name: String) throws {
        let transcript = try #require(Transcript.all.first { $0.name == name })
        let replayed = try FakeTranscript.run(transcript)
        let golden = try Self.goldens()[name]
        #expect(replayed == golden)
    }
}

/// Runs a transcript against a real server on loopback: the way the goldens were recorded, and a
/// smoke check that the real poller and sockets behave as the fake ones do.
enum LoopbackTranscript {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_TRANSCRIPTS"] == "1" }

    /// Over loopback only the cases that do not wait for a timeout or a later delivery: those are
    /// replayed on the test clock (`FakeTranscript`). A wait over loopback only reads until quiet.
    static func isSmokeCase(_ transcript: Transcript) -> Bool {
        !transcript.waitsForTime
    }

    static let responder = TranscriptResponder { seconds, action in
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: action)
    }

    static func run(_ transcript: Transcript, port: Int) throws -> String {
        let client = try TestClient.connect(port: port)
        var outputs: [[UInt8]] = []
        var ending = Transcript.Ending.open
        for step in transcript.steps {
            switch step {
            case .send(let text): try? client.send(text)
            case .wait(let seconds):
                // Only a recording lets real time pass; the suite's loopback cases wait for bytes.
                if isRecording { usleep(UInt32(seconds * 1_000_000)) }
            case .finishSending: client.finishSending()
            }
            var received: [UInt8] = []
            if ending == .open { ending = drain(client.fd, into: &received) }
            outputs.append(received)
        }
        return Transcript.render(transcript.steps, outputs, ending)
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

/// Replays a transcript through one event loop on the fake poller. After each step the loop runs in
/// windows of 0.1 s of test time until one passes without output, as the recording read until the
/// server had been quiet for a while.
enum FakeTranscript {
    static func run(_ transcript: Transcript) throws -> String {
        var configuration = TestServer.configuration()
        transcript.configure(&configuration)
        let scheduler = TestScheduler()
        let loop = try LoopHarness(configuration, responder: TranscriptResponder(later: scheduler.after), scheduler: scheduler)
        let peer = loop.connect()
        var outputs: [[UInt8]] = []
        var seen = 0
        for step in transcript.steps {
            switch step {
            case .send(let text): peer.send(text)
            case .wait(let seconds): loop.run(for: seconds)
            case .finishSending: peer.finishedSending = true
            }
            loop.settle()
            repeat {
                seen = peer.received.count
                loop.run(for: 0.1)
            } while peer.received.count > seen
            outputs.append(Array(peer.received[(outputs.joined().count)...]))
        }
        let ending: Transcript.Ending = switch peer.closed {
        case true?: .reset
        case false?: .closed
        case nil: peer.serverShutWrite ? .closed : .open
        }
        return Transcript.render(transcript.steps, outputs, ending)
    }
}
