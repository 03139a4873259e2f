@testable import AnimationCore
import Testing
@testable import Routes
import TestSupport

/// A window's frames are written from their values (`FrameValuesWriter`, no `Frame` made per
/// frame); these check it writes byte for byte what the `Frame` writer writes for the same frames,
/// for every built-in control driven by random touches, on and off the frame grid.
@Suite("FrameValuesWriter")
struct FrameValuesWriterTests {
    private static func session(_ entry: BuiltInControls.Entry, seed: UInt64) throws -> Session {
        let instance = try ControlInstance(entry.definition, name: entry.name, configuration: nil)
        var session = Session(configuration: instance)
        var random = SplitMix64(seed: seed)
        var t = 0.0
        func point() -> Point { Point(x: Double(random.next() % 4000) / 10, y: Double(random.next() % 9000) / 10) }
        for _ in 0..<12 {
            t += Double(random.next() % 400) / 1000
            var batch = [TimedInput(t: t, input: .touch(.down(point())))]
            for _ in 0 ..< random.next() % 5 {
                t += Double(random.next() % 50) / 1000
                batch.append(TimedInput(t: t, input: .touch(.move(point()))))
            }
            t += Double(random.next() % 200) / 1000
            batch.append(TimedInput(t: t, input: .touch(random.next() % 8 == 0 ? .cancel : .up(point()))))
            try session.apply(batch)
        }
        return session
    }

    private static func byFrames(_ session: Session, _ window: SampleWindow) -> String {
        var writer = FrameWriter()
        var w = JSONWriter()
        w.beginArray()
        for frame in session.frames(from: window.from, to: window.to, fps: window.fps) { writer.encode(frame, into: &w) }
        w.endArray()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private static func byValues(_ session: Session, _ window: SampleWindow, preparingTexts: Int = FrameValuesWriter.texts) -> String {
        var w = JSONWriter()
        FrameWriter.encodeWindow(session, window, preparingTexts: preparingTexts, into: &w)
        #expect(w.isComplete)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test(arguments: BuiltInControls.all.map(\.name))
    func windowsAsTheFrameWriterWritesThem(_ name: String) throws {
        let entry = try #require(BuiltInControls.named(name))
        for seed in UInt64(1)...3 {
            let session = try Self.session(entry, seed: seed)
            for (from, to, fps) in [(0.0, session.time + 1.5, 60.0), (0.0123, session.time / 2, 90), (session.time, session.time + 2, 24)] {
                let window = SampleWindow(from: from, to: to, fps: fps, count: Session.frameCount(from: from, to: to, fps: fps))
                let text = Self.byValues(session, window)
                #expect(text == Self.byFrames(session, window), "\(name) seed \(seed) from \(from) fps \(fps)")
                #expect(text.count > 100)
            }
        }
    }

    /// The texts past the prepared ones are quoted as they are written: none or one prepared, the
    /// windows are the same (the card's state and blur style, the others' texts).
    @Test(arguments: BuiltInControls.all.map(\.name))
    func textsQuotedAsWritten(_ name: String) throws {
        let entry = try #require(BuiltInControls.named(name))
        let session = try Self.session(entry, seed: 7)
        let window = SampleWindow(from: 0, to: session.time + 1, fps: 30, count: Session.frameCount(from: 0, to: session.time + 1, fps: 30))
        let expected = Self.byFrames(session, window)
        for prepared in 0...1 {
            #expect(Self.byValues(session, window, preparingTexts: prepared) == expected, "\(name), \(prepared) texts prepared")
        }
    }
}
