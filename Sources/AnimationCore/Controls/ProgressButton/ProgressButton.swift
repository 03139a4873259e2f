/// Seed 001's progress button. `start` adds a ring whose `strokeEnd` animates linearly from
/// the start ratio to 1; the stroke colour is applied when the animation starts; `cancel` (or
/// a tap) removes the ring with no completion; a natural end reports `completed` and leaves
/// the full ring showing (the model `strokeEnd` is 1), as the seed's layer does.
public struct ProgressButton: Control {
    public static let kind = "progressButton"
    public var kind: String { Self.kind }
    public let configuration: ProgressButtonConfiguration
    private var ring: Ring?
    private var tracker: ControlTracker

    struct Ring: Sendable, Equatable {
        var animation: BasicAnimation
        /// Cleared once the animation completed and was removed.
        var running: Bool
    }

    public init(configuration: ProgressButtonConfiguration) {
        self.configuration = configuration
        let side = configuration.radius * 2
        tracker = ControlTracker(bounds: Rect(x: 0, y: 0, width: side, height: side))
    }

    public mutating func handle(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        switch input {
        case let .touch(touch):
            let outcome = tracker.handle(touch, highlighted: tracker.isTracking)
            for event in outcome.events {
                emit.append(Emission(t: t, name: event.rawValue))
                if event == .touchUpInside { emit.append(Emission(t: t, name: "primaryActionTriggered")) }
            }
            if outcome.events.contains(.touchUpInside) { cancel(at: t, emit: &emit) }
        case let .command(command) where command.name == "start":
            let ratio = command.number(0)
            guard ratio.isFinite, (0...1).contains(ratio) else {
                throw .invalidParameter(ParameterError("startRatio", "must be between 0 and 1"))
            }
            cancel(at: t, emit: &emit)
            let animation: BasicAnimation
            do {
                animation = try BasicAnimation(from: ratio, to: 1, duration: configuration.duration * (1 - ratio), begin: t)
            } catch {
                throw .invalidParameter(error)
            }
            ring = Ring(animation: animation, running: true)
            // animationDidStart: the stroke takes the colour now.
            emit.append(Emission(t: t, name: "started", fields: [Field("startRatio", .number(ratio)),
                                                                  Field("remaining", .number(animation.duration))]))
        case let .command(command) where command.name == "cancel":
            cancel(at: t, emit: &emit)
        case let .command(command) where command.name == "pause":
            guard var current = ring, current.running, !current.animation.isPaused else { return }
            current.animation.pause(at: t)
            ring = current
            emit.append(Emission(t: t, name: "paused", fields: progressFields(at: t)))
        case let .command(command) where command.name == "resume":
            guard var current = ring, current.running, current.animation.isPaused else { return }
            current.animation.resume(at: t)
            ring = current
            emit.append(Emission(t: t, name: "resumed", fields: progressFields(at: t)))
        case let .command(command):
            throw .unsupportedCommand(command.name, control: Self.kind)
        }
    }

    /// The seed's `cancel()`: remove the ring; an animation cut short reports `finished: false`.
    private mutating func cancel(at t: Double, emit: inout [Emission]) {
        guard let current = ring else { return }
        if current.running {
            emit.append(Emission(t: t, name: "cancelled", fields: progressFields(at: t)))
        }
        ring = nil
    }

    public var nextDeadline: Double? {
        guard let ring, ring.running else { return nil }
        return ring.animation.endTime
    }

    public mutating func fireDeadline(emit: inout [Emission]) {
        guard var current = ring, current.running, let end = current.animation.endTime else { return }
        current.running = false
        ring = current
        emit.append(Emission(t: end, name: "completed"))
    }

    private func progressFields(at t: Double) -> [Field] {
        [Field("strokeEnd", .number(strokeEnd(at: t))), Field("remaining", .number(remaining(at: t)))]
    }

    private func strokeEnd(at t: Double) -> Double {
        guard let ring else { return 0 }
        return ring.running ? ring.animation.value(at: t) ?? ring.animation.from : 1
    }

    private func remaining(at t: Double) -> Double {
        guard let ring, ring.running else { return 0 }
        return ring.animation.remaining(at: t)
    }

    public var state: [Field] {
        [Field("ringVisible", .bool(ring != nil)), Field("animating", .bool(ring?.running ?? false)),
         Field("paused", .bool(ring?.animation.isPaused ?? false))]
    }

    public func render(at t: Double) -> Frame {
        let c = configuration
        let side = c.radius * 2
        let end = strokeEnd(at: t)
        let strokeColor = ring == nil ? Color(red: 0, green: 0, blue: 0, alpha: 0) : c.color
        var layers = [Layer(id: "button", frame: Rect(x: 0, y: 0, width: side, height: side),
                            backgroundColor: c.backgroundColor, cornerRadius: c.radius)]
        if ring != nil {
            layers.append(Layer(id: "ring", kind: .arc, frame: Rect(x: 0, y: 0, width: side, height: side),
                                stroke: Layer.Stroke(color: strokeColor, lineWidth: c.lineWidth, strokeEnd: end,
                                                     startAngle: -Double.pi / 2, clockwise: false)))
        }
        return Frame(
            t: t,
            properties: [Field("strokeEnd", .number(end)), Field("strokeColor", .color(strokeColor)),
                         Field("ringVisible", .bool(ring != nil)), Field("animating", .bool(ring?.running ?? false)),
                         Field("remaining", .number(remaining(at: t)))],
            layers: layers)
    }
}
