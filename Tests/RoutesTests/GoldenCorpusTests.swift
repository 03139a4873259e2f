import Foundation
import Testing
@testable import Routes

/// The behaviour of the four controls as today's code gives it, pinned byte for byte: every
/// scenario in `Goldens/` is sent to a fresh app and each response must equal the recorded one
/// exactly (status, content type, headers, body bytes). `RECORD_GOLDENS=1 swift test --filter
/// GoldenCorpus` rewrites the expectations from the current code instead (Goldens/README.md).
@Suite("Golden corpus: the controls' HTTP behaviour, byte for byte")
struct GoldenCorpusTests {
    static let controls = ["button", "progressButton", "switch", "card"]

    /// A missing or emptied directory must fail, not pass with nothing checked.
    @Test func theCorpusIsThere() throws {
        let names = GoldenFile.names
        #expect(names.count >= 40, "\(names.count) scenarios in \(GoldenFile.directory.path)")
        let scenarios = try names.map(GoldenFile.load)
        for control in Self.controls {
            let creating = scenarios.filter { scenario in
                scenario.steps.contains { $0.method == "POST" && $0.target == "/v1/sessions" && $0.body?.contains(#""control":"\#(control)""#) == true }
            }
            #expect(creating.count >= 8, "\(creating.count) scenarios create a \(control)")
        }
    }

    @Test(arguments: GoldenFile.names)
    func scenario(_ name: String) throws {
        var scenario = try GoldenFile.load(name)
        try #require(!scenario.steps.isEmpty, "\(name) has no steps")
        let responses = GoldenFile.run(scenario)
        if GoldenFile.isRecording {
            for index in scenario.steps.indices { scenario.steps[index].expect = responses[index] }
            try GoldenFile.write(scenario, as: name)
            return
        }
        var mismatches: [String] = []
        for (index, (step, actual)) in zip(scenario.steps, responses).enumerated() {
            guard let expected = step.expect else {
                mismatches.append("request \(index) (\(step.method) \(step.target)) has no recorded response: run RECORD_GOLDENS=1 swift test --filter GoldenCorpus")
                continue
            }
            if let difference = GoldenFile.mismatch(actual, expected) {
                mismatches.append("request \(index) (\(step.method) \(step.target)): \(difference)")
            }
        }
        // The first mismatch in full (later ones often follow from it), and how many there are.
        if let first = mismatches.first {
            Issue.record("""
                golden scenario '\(name)': \(mismatches.count) of \(scenario.steps.count) responses differ; the first:
                \(first)
                """)
        }
    }

    /// The writer and the reader agree: a recorded file reads back to what was written.
    @Test func filesReadBackAsWritten() throws {
        guard !GoldenFile.isRecording else { return }
        for name in GoldenFile.names {
            let scenario = try GoldenFile.load(name)
            let text = try String(contentsOf: GoldenFile.url(name), encoding: .utf8)
            #expect(GoldenFile.text(scenario) == text, "\(name).json is not in the recorder's format: re-record it")
        }
    }
}
