/// A repeating timer that speeds up the longer it fires, as UIStepper's autorepeat does
/// (`-[UIStepperHorizontalVisualElement _updateCount:]`, docs/fidelity.md#autorepeat).
///
/// The timer first fires `initialDelay` after touch-down. Each fire that steps the value takes
/// the repeat count n (0 for the first) and schedules the next fire `interval(afterRepeat: n)`
/// later: `slowInterval` while n < `slowRepeats`, then `midInterval`, and `fastInterval` from
/// n = `fastFromRepeat` on. A fire that does not step (the finger is off the control) lowers the
/// count to 1 if it was higher, so the acceleration starts over, and the timer fires again
/// `slowInterval` later, its own period.
public struct RepeatSchedule: Sendable, Equatable {
    public let initialDelay: Double
    public let slowInterval: Double
    public let slowRepeats: Int
    public let midInterval: Double
    public let fastFromRepeat: Int
    public let fastInterval: Double

    /// UIStepper's: 0.5 s, then 0.5 s while n ≤ 3. The two faster intervals sit in a table that
    /// was not recovered; 0.1 s (n 4…18) and 0.05 s (n ≥ 19) are this project's choice.
    public static let stepper = RepeatSchedule(unchecked: 0.5, 0.5, 4, 0.1, 19, 0.05)

    private init(unchecked initialDelay: Double, _ slow: Double, _ slowRepeats: Int, _ mid: Double,
                 _ fastFrom: Int, _ fast: Double) {
        self.initialDelay = initialDelay
        slowInterval = slow
        self.slowRepeats = slowRepeats
        midInterval = mid
        fastFromRepeat = fastFrom
        fastInterval = fast
    }

    public init(initialDelay: Double = 0.5, slowInterval: Double = 0.5, slowRepeats: Int = 4,
                midInterval: Double = 0.1, fastFromRepeat: Int = 19, fastInterval: Double = 0.05) throws(ParameterError) {
        // At least 1 ms apart, so a window of session time holds a bounded number of fires.
        for (value, name) in [(initialDelay, "initialDelay"), (slowInterval, "slowInterval"),
                              (midInterval, "midInterval"), (fastInterval, "fastInterval")] {
            try ParameterError.within(value, 0.001...ParameterError.maximumDuration, name)
        }
        guard slowRepeats >= 0 && slowRepeats <= 1_000_000 else {
            throw ParameterError("slowRepeats", "must be between 0 and 1000000")
        }
        guard fastFromRepeat >= slowRepeats && fastFromRepeat <= 1_000_000 else {
            throw ParameterError("fastFromRepeat", "must be between slowRepeats and 1000000")
        }
        self.init(unchecked: initialDelay, slowInterval, slowRepeats, midInterval, fastFromRepeat, fastInterval)
    }

    /// The time from the fire that stepped with repeat count `n` to the next fire.
    public func interval(afterRepeat n: Int) -> Double {
        n < slowRepeats ? slowInterval : n < fastFromRepeat ? midInterval : fastInterval
    }

    /// The timer's state between fires: when it fires next and the repeat count it has.
    public struct Timer: Sendable, Equatable {
        public var nextFire: Double
        public var repeatCount: Int

        public init(nextFire: Double, repeatCount: Int) {
            self.nextFire = nextFire
            self.repeatCount = max(repeatCount, 0)
        }
    }

    /// The timer a touch-down at `t` starts.
    public func timer(touchDownAt t: Double) -> Timer {
        Timer(nextFire: t + initialDelay, repeatCount: 0)
    }

    /// The timer after its fire at `timer.nextFire`, which stepped the value or not.
    public func fired(_ timer: Timer, stepped: Bool) -> Timer {
        if stepped {
            return Timer(nextFire: timer.nextFire + interval(afterRepeat: timer.repeatCount),
                         repeatCount: timer.repeatCount == .max ? .max : timer.repeatCount + 1)
        }
        return Timer(nextFire: timer.nextFire + slowInterval, repeatCount: min(timer.repeatCount, 1))
    }

    /// The three runs of equal intervals met from repeat count `n` on: (first n, interval) each.
    private func bands(from n: Int) -> [(from: Int, interval: Double)] {
        [(0, slowInterval), (slowRepeats, midInterval), (fastFromRepeat, fastInterval)]
            .enumerated().compactMap { i, band in
                let next = i == 0 ? slowRepeats : i == 1 ? fastFromRepeat : Int.max
                guard next > n else { return nil }
                return (max(band.0, n), band.1)
            }
    }

    /// When the `k`-th fire (1 for the next one) of `timer` happens if every fire steps (the
    /// finger stays on): `nextFire` plus the intervals after repeats n…n + k − 2.
    public func fireTime(_ k: Int, of timer: Timer) -> Double {
        guard k > 1 else { return timer.nextFire }
        var time = timer.nextFire, remaining = k - 1
        let bands = bands(from: timer.repeatCount)
        for (i, band) in bands.enumerated() where remaining > 0 {
            let width = i + 1 < bands.count ? bands[i + 1].from - band.from : remaining
            let taken = min(width, remaining)
            time += Double(taken) * band.interval
            remaining -= taken
        }
        return time
    }

    /// How many fires of `timer` happen at or before `t` if every fire steps.
    public func fireCount(of timer: Timer, through t: Double) -> Int {
        guard t >= timer.nextFire else { return 0 }
        var count = 1, time = timer.nextFire
        let bands = bands(from: timer.repeatCount)
        for (i, band) in bands.enumerated() {
            let width = i + 1 < bands.count ? bands[i + 1].from - band.from : Int.max
            // Fires in this run land at time + j·interval, j = 1…width.
            let reachable = ((t - time) / band.interval + 1e-9).rounded(.down)
            let taken = Int(min(max(reachable, 0), Double(min(width, 1 << 52))))
            count += taken
            time += Double(taken) * band.interval
            if taken < width { break }
        }
        return count
    }

    /// The fires of `timer` (1-based indices) falling in the window `after < t ≤ through`, if
    /// every fire steps: what a frame covering that window must run.
    public func fires(of timer: Timer, after: Double, through: Double) -> ClosedRange<Int>? {
        let first = fireCount(of: timer, through: after) + 1
        let last = fireCount(of: timer, through: through)
        return first <= last ? first...last : nil
    }
}
