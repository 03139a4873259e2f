import Testing
@testable import AnimationCore

/// Paging (docs/fidelity.md#paging): the page a release picks, UIKit's per-millisecond paging
/// spring in closed form, and its snap, against oracle §16 and the loop itself run in the test.
@Suite("Paging")
struct PagingTests {
    struct Release: Sendable {
        let offset, velocity: Double
        let page: Int
        let target: Double
    }

    /// Oracle §16: page 390, 5 pages (offsets 0…1560).
    static let releases: [Release] = [
        .init(offset: 100, velocity: 400, page: 1, target: 390),
        .init(offset: 100, velocity: 200, page: 0, target: 0),
        .init(offset: 250, velocity: -400, page: 0, target: 0),
        .init(offset: 250, velocity: -200, page: 1, target: 390),
        .init(offset: 10, velocity: 310, page: 1, target: 390),
        .init(offset: 380, velocity: 2000, page: 1, target: 390),
        .init(offset: 1600, velocity: 0, page: 5, target: 1560),
        .init(offset: 780, velocity: 900, page: 2, target: 780),
    ]

    @Test("The page a release picks: nearest when slow, the next boundary the flick's way when fast, never two",
          arguments: releases)
    func target(_ row: Release) {
        let target = PageTarget(offset: row.offset, velocity: row.velocity, pageSize: 390, minimum: 0, maximum: 1560)
        #expect(target.page == row.page)
        #expect(target.offset == row.target)
    }

    @Test("At the end a slow release rounds up, keeping a short last page's end (oracle §16)")
    func ceilingAtEnd() {
        let newer = PageTarget(offset: 520, velocity: 0, pageSize: 390, minimum: 0, maximum: 510)
        #expect(newer.offset == 510 && newer.page == 2)
        let older = PageTarget(offset: 520, velocity: 0, pageSize: 390, minimum: 0, maximum: 510, ceilingAtEnd: false)
        #expect(older.offset == 390 && older.page == 1)
    }

    @Test("The direction UIKit records for the snap test")
    func directions() {
        func direction(_ offset: Double, _ velocity: Double) -> PageTarget.Direction {
            PageTarget(offset: offset, velocity: velocity, pageSize: 390, minimum: 0, maximum: 1560).direction
        }
        #expect(direction(100, 400) == .increasing)
        #expect(direction(300, -400) == .decreasing)
        #expect(direction(250, 0) == .none, "slow, at rest, target ahead: no direction")
        #expect(direction(250, 100) == .increasing)
        #expect(direction(500, 0) == .decreasing, "target behind")
        #expect(direction(780, 900) == .none, "on a boundary")
        #expect(PageTarget(offset: 100, velocity: 400, pageSize: 0, minimum: 0, maximum: 1560).offset == 100,
                "no page size: it stays")
    }

    @Test("UIKit's paging spring constants for a bounds dimension (oracle §16)")
    func springLaw() throws {
        for (width, pull, friction) in [(320.0, 0.000300000000, 0.970000000), (390, 0.000287073864, 0.970696023),
                                        (1024, 0.000170000000, 0.977000000), (1200, 0.000170000000, 0.977000000)] {
            let spring = try DiscreteSpring.paging(dimension: width)
            expectClose(spring.pull, pull, within: 5e-13, "pull at \(width)")
            expectClose(spring.friction, friction, within: 5e-10, "friction at \(width)")
        }
    }

    /// The loop UIKit runs every millisecond, as the oracle.
    static func loop(from x0: Double, velocity v0: Double, to target: Double, spring: DiscreteSpring,
                     steps: Int) -> [(x: Double, v: Double)] {
        var (x, v) = (x0, v0)
        return (0..<steps).map { _ in
            v = (v + (target - x) * spring.pull) * spring.friction
            x += v
            return (x, v)
        }
    }

    @Test("The closed form is the per-millisecond loop at every whole millisecond, in every root regime",
          arguments: [(0.000287073864, 0.970696023), (0.00017, 0.977), (0.3, 0.5), (0.05, 0.5), (0.0025, 0.9)])
    func closedFormMatchesTheLoop(_ constants: (Double, Double)) throws {
        let spring = try DiscreteSpring(pull: constants.0, friction: constants.1)
        let loop = Self.loop(from: 100, velocity: 0.4, to: 390, spring: spring, steps: 600)
        for (i, step) in loop.enumerated() {
            let state = spring.state(after: Double(i + 1), displacement: 100 - 390, velocity: 0.4)
            expectClose(390 + state.displacement, step.x, within: 1e-8, "x after \(i + 1) ms")
            expectClose(state.velocity, step.v, within: 1e-10, "v after \(i + 1) ms")
        }
    }

    @Test("The closed form's roots: complex for UIKit's constants, real and repeated otherwise")
    func regimes() throws {
        if case .complex = try DiscreteSpring.paging(dimension: 390).roots {} else { Issue.record("UIKit's are complex") }
        if case .real = try DiscreteSpring(pull: 0.05, friction: 0.5).roots {} else { Issue.record("real") }
        // Repeated when trace² = 4·det, (1 + f − f·s)² = 4f: s = (1 − √f)²/f, 0.0625 for f = 0.64.
        let f = 0.64, s = 1 + 1 / f - 2 / f.squareRoot()
        let repeated = try DiscreteSpring(pull: s, friction: f)
        if case .repeated = repeated.roots {} else { Issue.record("repeated") }
        let loop = Self.loop(from: 10, velocity: 1, to: 0, spring: repeated, steps: 40)
        for (i, step) in loop.enumerated() {
            expectClose(repeated.state(after: Double(i + 1), displacement: 10, velocity: 1).displacement, step.x,
                        within: 1e-6, "repeated roots after \(i + 1) steps")
        }
    }

    @Test("The rate is the derivative of the displacement between whole milliseconds too")
    func rateIsTheDerivative() throws {
        let spring = try DiscreteSpring.paging(dimension: 390)
        for n in [0.5, 13.25, 120.7, 301] {
            let h = 1e-5
            let ahead = spring.state(after: n + h, displacement: -290, velocity: 0.4).displacement
            let behind = spring.state(after: n - h, displacement: -290, velocity: 0.4).displacement
            expectClose(spring.state(after: n, displacement: -290, velocity: 0.4).rate, (ahead - behind) / (2 * h),
                        relative: 1e-6, "at \(n)")
        }
    }

    struct Settle: Sendable {
        let offset, velocity, target: Double
        /// (ms, x) from oracle §16, 9 decimals.
        let samples: [(Double, Double)]
        let snap: Double
    }

    static let settles: [Settle] = [
        .init(offset: 100, velocity: 400, target: 390,
              samples: [(1, 100.469090232), (50, 172.796449972), (100, 264.742063988), (200, 364.777336495),
                        (300, 388.336905069)], snap: 333),
        .init(offset: 250, velocity: 0, target: 390,
              samples: [(50, 280.735873287), (100, 325.659037345), (300, 388.999341935)], snap: 352),
        .init(offset: 500, velocity: 0, target: 390,
              samples: [(50, 475.850385275), (200, 400.539579483), (300, 390.786231337)], snap: 338),
        .init(offset: 1700, velocity: 0, target: 1560,
              samples: [(100, 1624.340962655), (300, 1561.000658065)], snap: 338),
    ]

    @Test("Settling on the page: the spring's motion and UIKit's snap (oracle §16)", arguments: settles)
    func settle(_ row: Settle) throws {
        let target = PageTarget(offset: row.offset, velocity: row.velocity, pageSize: 390, minimum: 0, maximum: 1560)
        #expect(target.offset == row.target)
        let motion = PagingMotion(offset: row.offset, velocity: row.velocity, target: target,
                                  spring: try .paging(dimension: 390), minimum: 0, maximum: 1560, at: 1)
        for (ms, x) in row.samples {
            expectClose(motion.value(at: 1 + ms / 1000), x, within: 1e-8, "x after \(ms) ms")
        }
        expectClose(motion.endTime, 1 + row.snap / 1000, within: 1e-12, "snap")
        #expect(motion.sample(at: motion.endTime) == (row.target, 0))
        #expect(motion.sample(at: 0.5).value == row.offset, "before the release: where it was")
    }

    @Test("A flick that has just passed its page slowly snaps there at once (UIKit's pass test)")
    func passSnap() throws {
        // From 100 at 400 pt/s the spring first passes 390 in the 333rd ms at under 0.1 pt/ms (oracle §16):
        // the pass test snaps it there, before the settle test would.
        let spring = try DiscreteSpring.paging(dimension: 390)
        let target = PageTarget(offset: 100, velocity: 400, pageSize: 390, minimum: 0, maximum: 1560)
        let loop = Self.loop(from: 100, velocity: 0.4, to: 390, spring: spring, steps: 333)
        #expect(loop[331].x <= 390 && loop[332].x > 390 && abs(loop[332].v) < 0.1)
        let motion = PagingMotion(offset: 100, velocity: 400, target: target, spring: spring,
                                  minimum: 0, maximum: 1560, at: 0)
        expectClose(motion.endTime, 0.333, within: 1e-12)
    }

    @Test("Without bounces a paging overshoot past the content snaps at once")
    func escapes() throws {
        let spring = try DiscreteSpring.paging(dimension: 390)
        // Flung hard at the last page from near it: it overshoots the end (1560).
        let target = PageTarget(offset: 1500, velocity: 3000, pageSize: 390, minimum: 0, maximum: 1560)
        #expect(target.offset == 1560)
        let loop = Self.loop(from: 1500, velocity: 3, to: 1560, spring: spring, steps: 200)
        let escape = try #require(loop.firstIndex { $0.x > 1560 }) + 1
        let held = PagingMotion(offset: 1500, velocity: 3000, target: target, spring: spring, minimum: 0, maximum: 1560,
                                bounces: false, at: 0)
        expectClose(held.endTime * 1000, Double(escape), within: 1e-9, "snapped when it left the content")
        let bouncing = PagingMotion(offset: 1500, velocity: 3000, target: target, spring: spring, minimum: 0,
                                    maximum: 1560, at: 0)
        #expect(bouncing.endTime > held.endTime)
        #expect(bouncing.value(at: held.endTime) > 1560, "with bounces it swings past the end and back")
    }

    @Test("UIKit's dropped fractions of a millisecond, emulated: 0.96 runs the same motion 4 % slower")
    func clockRate() throws {
        let spring = try DiscreteSpring.paging(dimension: 390)
        let target = PageTarget(offset: 100, velocity: 400, pageSize: 390, minimum: 0, maximum: 1560)
        let snap = try PagingMotion.Snap(settleSpeed: 10, settleDistance: 1, passSpeed: 100, clockRate: 0.96, timeLimit: 60)
        let slow = PagingMotion(offset: 100, velocity: 400, target: target, spring: spring, minimum: 0, maximum: 1560,
                                at: 0, snap: snap)
        expectClose(slow.endTime, 0.333 / 0.96, within: 1e-12)
        expectClose(slow.value(at: 0.1 / 0.96), 264.742063988, within: 1e-8, "100 simulated ms")
    }

    @Test("A spring too weak to settle snaps at the time limit, so the search is bounded")
    func timeLimit() throws {
        let weak = try DiscreteSpring(pull: 1e-9, friction: 0.999999)
        let target = PageTarget(offset: 100, velocity: 0, pageSize: 390, minimum: 0, maximum: 1560)
        let snap = try PagingMotion.Snap(settleSpeed: 10, settleDistance: 1, passSpeed: 100, clockRate: 1, timeLimit: 2)
        let motion = PagingMotion(offset: 100, velocity: 0, target: target, spring: weak, minimum: 0, maximum: 1560,
                                  at: 0, snap: snap)
        #expect(motion.endTime == 2)
        #expect(motion.sample(at: 2) == (0, 0))
    }

    @Test("Sampled at 60, 120 and 240 fps a page settle agrees at the shared times")
    func frameRates() throws {
        let target = PageTarget(offset: 100, velocity: 400, pageSize: 390, minimum: 0, maximum: 1560)
        let motion = PagingMotion(offset: 100, velocity: 400, target: target, spring: try .paging(dimension: 390),
                                  minimum: 0, maximum: 1560, at: 0.5)
        expectFrameRateAgreement(motion, from: 0.5, through: 1)
    }

    @Test("Paging constants out of range are refused by name")
    func invalid() {
        #expect(throws: ParameterError("friction", "must be less than 1")) { try DiscreteSpring(pull: 0.01, friction: 1) }
        #expect(throws: ParameterError("pull", "must be greater than 0")) { try DiscreteSpring(pull: 0, friction: 0.9) }
        #expect(throws: ParameterError("dimension", "must be greater than 0")) { try DiscreteSpring.paging(dimension: 0) }
        #expect(throws: ParameterError("clockRate", "must be between 0.1 and 4")) {
            try PagingMotion.Snap(settleSpeed: 10, settleDistance: 1, passSpeed: 100, clockRate: 0, timeLimit: 60)
        }
        #expect(throws: ParameterError("timeLimit", "must be between 0.001 and 60")) {
            try PagingMotion.Snap(settleSpeed: 10, settleDistance: 1, passSpeed: 100, clockRate: 1, timeLimit: 3600)
        }
    }
}
