import Testing
@testable import AnimationCore

/// The event log's compact encoding gives back every input bit for bit, across block
/// boundaries, however the inputs were appended; searching by time agrees with a linear scan.
@Suite("EventLog: compact encoding, blocks, search by time")
struct EventLogTests {
    /// Inputs exercising every tag and flag: repeated and new times, -0.0, points that fit a
    /// Float32 and points that do not, a repeated point, cancel (no point), commands with every
    /// kind of argument, a name longer than one length byte.
    static let varied: [TimedInput] = {
        let longName = String(repeating: "n", count: 200)
        var inputs: [TimedInput] = [
            TimedInput(t: 0, input: .touch(.down(Point(x: -0.0, y: 25)))),
            TimedInput(t: 0, input: .touch(.move(Point(x: 100.1, y: 1e300)))),
            TimedInput(t: 0.1, input: .touch(.up(Point(x: 100.1, y: 1e300)))),
            TimedInput(t: 0.1, input: .command(Command("setOn", [.bool(true), .bool(false)]))),
            TimedInput(t: 0.30000000000000004, input: .command(Command("start", [.number(0.5), .number(-0.0)]))),
            TimedInput(t: 0.4, input: .command(Command("tint", [.color(Color(red: 0.1, green: 1, blue: 0, alpha: 0.25))]))),
            TimedInput(t: 0.5, input: .command(Command(longName, [.string("é ✓ \(longName)"), .string("")]))),
            TimedInput(t: 0.5, input: .command(Command("toggle"))),
            TimedInput(t: 0.6, input: .touch(.down(Point(x: 16_777_217, y: 0.5)))),
            TimedInput(t: 0.6, input: .touch(.cancel)),
            TimedInput(t: 0.7, input: .touch(.down(Point(x: 16_777_217, y: 0.5)))),
            // A second finger: the same point as the touch before it, then one of its own, then its cancel.
            TimedInput(t: 0.7, input: .secondTouch(.down(Point(x: 16_777_217, y: 0.5)))),
            TimedInput(t: 0.75, input: .secondTouch(.move(Point(x: 3.3, y: 0.5)))),
            TimedInput(t: 0.75, input: .secondTouch(.cancel)),
        ]
        // Then enough touches to fill several blocks, times and points made by arithmetic so few fit a Float32.
        for k in 0..<150 {
            let t = 0.8 + Double(k / 3) * 0.0166
            inputs.append(TimedInput(t: t, input: .touch(k % 3 == 2 ? .up(Point(x: Double(k) * 0.3, y: 7)) : .move(Point(x: Double(k) * 0.3, y: 7)))))
        }
        return inputs
    }()

    /// Bit-for-bit equality (Double's == has 0.0 == -0.0).
    static func same(_ a: TimedInput, _ b: TimedInput) -> Bool {
        guard a.t.bitPattern == b.t.bitPattern else { return false }
        switch (a.input, b.input) {
        case let (.touch(x), .touch(y)):
            guard x == y else { return false }
            if let p = x.location, let q = y.location { return p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern }
            return x.location == nil && y.location == nil
        case let (.secondTouch(x), .secondTouch(y)):
            return same(TimedInput(t: a.t, input: .touch(x)), TimedInput(t: b.t, input: .touch(y)))
        case let (.command(x), .command(y)):
            guard x.name == y.name, x.arguments.count == y.arguments.count else { return false }
            return zip(x.arguments, y.arguments).allSatisfy { p, q in
                switch (p, q) {
                case let (.number(m), .number(n)): m.bitPattern == n.bitPattern
                default: p == q
                }
            }
        default:
            return false
        }
    }

    @Test("appended in batches of any size, every input reads back bit for bit", arguments: [1, 2, 7, 31, 32, 33, 100, 161])
    func roundTrip(batch: Int) {
        var log = EventLog()
        var start = 0
        while start < Self.varied.count {
            let end = min(start + batch, Self.varied.count)
            log += Self.varied[start..<end]
            start = end
        }
        #expect(log.count == Self.varied.count)
        let decoded = Array(log)
        #expect(decoded.count == Self.varied.count)
        for (index, (got, expected)) in zip(decoded, Self.varied).enumerated() {
            #expect(Self.same(got, expected), "input \(index): \(got) ≠ \(expected)")
            #expect(Self.same(log[index], expected), "subscript \(index)")
        }
        for range in [0..<0, 0..<5, 30..<34, 31..<32, 32..<64, 100..<161, 160..<161] {
            let slice = Array(IteratorSequence(log.inputs(range)))
            #expect(slice.count == range.count)
            #expect(zip(slice, Self.varied[range]).allSatisfy(Self.same), "inputs \(range)")
        }
    }

    @Test("lowerBound and upperBound agree with a linear scan at every time in and around the log")
    func searchByTime() {
        let log = EventLog(Self.varied)
        let times = Self.varied.map(\.t) + [-1, 0.05, 0.65, 2.0, 100]
        for t in times {
            #expect(log.lowerBound(t) == (Self.varied.firstIndex { $0.t >= t } ?? Self.varied.count), "lowerBound(\(t))")
            #expect(log.upperBound(t) == (Self.varied.firstIndex { $0.t > t } ?? Self.varied.count), "upperBound(\(t))")
        }
        #expect(EventLog().upperBound(0) == 0)
    }

    @Test("a tap takes 26 bytes: the down's time and Float32 point, the up's time alone")
    func compactTap() {
        let p = Point(x: 100, y: 25)
        let log = EventLog([TimedInput(t: 0.2, input: .touch(.down(p))), TimedInput(t: 0.30000000000000004, input: .touch(.up(p)))])
        #expect(log.encodedBytes == 26)
    }

    @Test("copies share blocks and stay as they were when the original grows")
    func copiesAreValues() {
        var log = EventLog(Array(Self.varied.prefix(40)))
        let copy = log
        log += Self.varied[40..<50]
        #expect(copy.count == 40 && log.count == 50)
        #expect(zip(Array(copy), Self.varied.prefix(40)).allSatisfy(Self.same))
        #expect(zip(Array(log), Self.varied.prefix(50)).allSatisfy(Self.same))
    }
}
