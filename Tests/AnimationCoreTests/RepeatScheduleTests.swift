import Testing
@testable import AnimationCore

/// UIStepper's autorepeat as a pure schedule (docs/fidelity.md#autorepeat) against oracle §18.
@Suite("Repeat schedule")
struct RepeatScheduleTests {
    /// Oracle §18: fires of a hold from t = 0, 2 decimals (0.1 and 0.05 s are this project's choice
    /// for UIKit's unrecovered table).
    static let fires = [0.50, 1.00, 1.50, 2.00, 2.50, 2.60, 2.70, 2.80, 2.90, 3.00, 3.10, 3.20, 3.30, 3.40, 3.50,
                        3.60, 3.70, 3.80, 3.90, 4.00, 4.05, 4.10, 4.15, 4.20, 4.25]

    @Test("The k-th fire of a hold: 0.5 s, four at 0.5 s, then 0.1 s to the 20th, then 0.05 s")
    func fireTimes() {
        let schedule = RepeatSchedule.stepper
        let timer = schedule.timer(touchDownAt: 0)
        for (k, time) in Self.fires.enumerated() {
            expectClose(schedule.fireTime(k + 1, of: timer), time, within: 1e-9, "fire \(k + 1)")
        }
        let later = schedule.timer(touchDownAt: 7.25)
        expectClose(schedule.fireTime(1, of: later), 7.75, within: 1e-12, "first fire, half a second after the touch")
        expectClose(schedule.fireTime(25, of: later), 11.5, within: 1e-9)
    }

    @Test("Steps held until t: the stepper's value after holding (oracle §18)",
          arguments: [(0.2, 0), (0.5, 1), (1.999, 3), (2.0, 4), (2.5, 5), (3.0, 10), (4.0, 20), (4.2, 24)])
    func heldUntil(_ row: (hold: Double, steps: Int)) {
        let schedule = RepeatSchedule.stepper
        #expect(schedule.fireCount(of: schedule.timer(touchDownAt: 0), through: row.hold) == row.steps)
        #expect(schedule.fireCount(of: schedule.timer(touchDownAt: 10), through: 10 + row.hold) == row.steps,
                "the same from a later touch")
    }

    @Test("fireCount and fireTime are inverses at every fire, and just before it")
    func inverse() {
        let schedule = RepeatSchedule.stepper
        let timer = schedule.timer(touchDownAt: 3.3)
        for k in 1...200 {
            let time = schedule.fireTime(k, of: timer)
            #expect(schedule.fireCount(of: timer, through: time) == k)
            #expect(schedule.fireCount(of: timer, through: time - 1e-6) == k - 1)
        }
    }

    @Test("The fires inside a window, as a frame covering it runs them")
    func window() {
        let schedule = RepeatSchedule.stepper
        let timer = schedule.timer(touchDownAt: 0)
        #expect(schedule.fires(of: timer, after: 0, through: 0.49) == nil)
        #expect(schedule.fires(of: timer, after: 0.49, through: 0.5) == 1...1)
        #expect(schedule.fires(of: timer, after: 2.45, through: 3.0) == 5...10)
        #expect(schedule.fires(of: timer, after: 3.0, through: 3.0) == nil, "an empty window")
        #expect(schedule.fires(of: timer, after: 3.95, through: 4.2) == 20...24)
    }

    @Test("Off the control the fire steps nothing and the acceleration starts over (oracle §18)")
    func offTheControl() {
        let schedule = RepeatSchedule.stepper
        var timer = schedule.timer(touchDownAt: 0)
        var log: [String] = []
        var value = 0
        // The finger leaves at 0.7 and comes back at 1.2.
        while timer.nextFire <= 3.0 + 1e-9 {
            let on = !(timer.nextFire >= 0.7 && timer.nextFire < 1.2)
            log.append("\(timer.nextFire) \(on ? "step" : "idle") n \(timer.repeatCount)")
            if on { value += 1 }
            timer = schedule.fired(timer, stepped: on)
        }
        #expect(log == ["0.5 step n 0", "1.0 idle n 1", "1.5 step n 1", "2.0 step n 2", "2.5 step n 3", "3.0 step n 4"])
        #expect(value == 5)
        #expect(timer.nextFire == 3.1 && timer.repeatCount == 5)
        // An idle fire keeps a count of 0 at 0.
        #expect(schedule.fired(schedule.timer(touchDownAt: 0), stepped: false) == .init(nextFire: 1.0, repeatCount: 0))
    }

    @Test("Schedules out of range are refused by name; a custom one is followed")
    func parameters() throws {
        #expect(throws: ParameterError("midInterval", "must be between 0.001 and 3600")) {
            try RepeatSchedule(midInterval: 0)
        }
        #expect(throws: ParameterError("fastFromRepeat", "must be between slowRepeats and 1000000")) {
            try RepeatSchedule(slowRepeats: 4, fastFromRepeat: 2)
        }
        let even = try RepeatSchedule(initialDelay: 0.4, slowInterval: 0.2, slowRepeats: 0, midInterval: 0.2,
                                      fastFromRepeat: 0, fastInterval: 0.2)
        #expect(even.fireCount(of: even.timer(touchDownAt: 0), through: 1.0) == 4, "0.4, 0.6, 0.8, 1.0")
        #expect(try RepeatSchedule() == .stepper)
    }
}
