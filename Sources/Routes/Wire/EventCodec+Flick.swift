import AnimationCore

/// `flick`: a stroke from `from` to `to` that the pan recogniser reports, at the touch-up, with the
/// `velocity` asked for (points per second). The recogniser's velocity is 0.2·current + 0.8·previous
/// of its last two move samples (docs/fidelity.md#pan), so the stroke ends with two moves of
/// `velocity / rate` each, one sample interval apart, and the touch-up on the last; before them a
/// straight lead-in from `from` on the same grid of times, at the requested speed (or over
/// `duration`, when given, from the touch-down to the touch-up). The expansion is checked against
/// the recogniser itself before it is accepted.
extension EventCodec {
    static let defaultFlickRate = 60.0
    /// The recogniser reads a sample less than 1 ms after the previous as 0: rates stay well below 1 kHz.
    static let flickRates = 10.0...500.0
    /// How far the recogniser's release velocity may be from the requested one, relative to its size.
    static let flickVelocityTolerance = 0.005

    static func flick(at t: Double, _ r: inout ObjectReader) throws(DocumentError) -> [TimedInput] {
        let from = try pointMember(&r, "from")
        let to = try pointMember(&r, "to")
        let velocity = try pointMember(&r, "velocity")
        let rate = try r.number("rate", default: defaultFlickRate)
        guard flickRates.contains(rate) else {
            throw r.error("rate", "must be between \(Int(flickRates.lowerBound)) and \(Int(flickRates.upperBound)) samples per second")
        }
        let interval = 1 / rate
        // The last two moves: each `velocity / rate`, ending on `to`.
        let tail = Point(x: to.x - velocity.x * interval, y: to.y - velocity.y * interval)
        let leadEnd = Point(x: to.x - 2 * velocity.x * interval, y: to.y - 2 * velocity.y * interval)
        guard abs(leadEnd.x) <= maximumCoordinate, abs(leadEnd.y) <= maximumCoordinate else {
            throw r.error("velocity", "is too fast to reach 'to' within ±\(Int(maximumCoordinate)) points at \(rate) samples per second")
        }
        let moves: Int
        if r.has("duration") {
            let duration = try shorthandDuration(&r, default: 0, at: t)
            moves = Int((duration * rate).rounded())
            guard moves >= 3 else {
                throw r.error("duration", "must be at least 3 sample intervals (\(3 * interval) s at \(rate) per second): a lead-in move and the two that carry the velocity")
            }
        } else {
            let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
            let distance = ((leadEnd.x - from.x) * (leadEnd.x - from.x) + (leadEnd.y - from.y) * (leadEnd.y - from.y)).squareRoot()
            let lead = speed > 0 ? distance / speed * rate : defaultDragDuration * rate
            guard lead < Double(maximumDragMoves) else {
                throw r.error("velocity", "is too slow for the distance: the flick would take over \(Int(Double(maximumDragMoves) / rate)) s; give a 'duration'")
            }
            moves = max(1, Int(lead.rounded())) + 2
        }
        guard moves <= maximumDragMoves else {
            throw r.error("duration", "a flick may take at most \(maximumDragMoves) moves (\(Double(maximumDragMoves) / rate) s at \(rate) per second)")
        }
        guard t + Double(moves) * interval <= maximumTime else {
            throw r.error("t", "the flick ends after \(Int(maximumTime)) s, the latest time a session takes")
        }
        let lead = moves - 2
        var inputs = [TimedInput(t: t, input: .touch(.down(from)))]
        inputs.reserveCapacity(moves + 2)
        for k in 1...lead {
            let p = Point.interpolate(from: from, to: leadEnd, progress: Double(k) / Double(lead))
            inputs.append(TimedInput(t: t + Double(k) / rate, input: .touch(.move(p))))
        }
        inputs.append(TimedInput(t: t + Double(moves - 1) / rate, input: .touch(.move(tail))))
        inputs.append(TimedInput(t: t + Double(moves) / rate, input: .touch(.move(to))))
        inputs.append(TimedInput(t: t + Double(moves) / rate, input: .touch(.up(to))))
        try checkFlick(inputs, velocity: velocity, r)
        return inputs
    }

    /// The recogniser must begin (default hysteresis) and end with the velocity asked for.
    private static func checkFlick(_ inputs: [TimedInput], velocity: Point, _ r: ObjectReader) throws(DocumentError) {
        var pan = PanRecognizer()
        var ended: Point?
        for input in inputs {
            guard case let .touch(touch) = input.input else { continue }
            if case let .ended(_, v)? = pan.handle(touch, at: input.t) { ended = v }
        }
        guard let ended else {
            throw r.error("to",
                            "the pan would not begin: a flick must move at least \(Int(PanRecognizer.defaultHysteresis)) points along x or y")
        }
        let size = max((velocity.x * velocity.x + velocity.y * velocity.y).squareRoot(), 1e-9)
        let error = ((ended.x - velocity.x) * (ended.x - velocity.x) + (ended.y - velocity.y) * (ended.y - velocity.y)).squareRoot()
        guard error <= flickVelocityTolerance * size else {
            throw r.error("velocity", "cannot be reproduced within 0.5 % at these times and coordinates (the samples lose precision)")
        }
    }

    /// A required `{"x", "y"}` member.
    static func pointMember(_ r: inout ObjectReader, _ key: String) throws(DocumentError) -> Point {
        guard var member = try r.object(key) else { throw r.error(key, "is required: {\"x\": …, \"y\": …}") }
        let p = try point(&member)
        try member.finish()
        return p
    }
}
