/// Seed 003's custom switch: a track and a thumb whose centre travels between the two ends,
/// the track colour following the thumb. The seed's frame.x/center.x mix-up does not exist here:
/// the thumb is positioned by its centre, at rest and in flight.
public struct Switch: Control {
    public static let kind = "switch"
    public var kind: String { Self.kind }
    public let configuration: SwitchConfiguration
    public private(set) var isOn: Bool
    private var thumbCenterX: AnimatedValue
    private var tracker: ControlTracker

    public init(configuration: SwitchConfiguration) {
        self.configuration = configuration
        isOn = configuration.isOn
        let range = configuration.thumbRange
        thumbCenterX = AnimatedValue(configuration.isOn ? range.on : range.off)
        tracker = ControlTracker(bounds: Rect(x: 0, y: 0, width: configuration.width, height: configuration.height))
    }

    public mutating func handle(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        switch input {
        case let .touch(touch):
            let outcome = tracker.handle(touch, highlighted: tracker.isTracking)
            let trigger: ControlTracker.Event = configuration.toggleOn == .touchDown ? .touchDown : .touchUpInside
            if outcome.events.contains(trigger) {
                move(to: !isOn, animated: true, at: t)
                emit.append(Emission(t: t, name: "valueChanged", fields: [Field("isOn", .bool(isOn))]))
            }
        case let .command(command) where command.name == "setOn":
            // Like UISwitch.setOn(_:animated:), no valueChanged action is sent.
            move(to: command.bool(0), animated: command.bool(1), at: t)
        case let .command(command):
            throw .unsupportedCommand(command.name, control: Self.kind)
        }
    }

    private mutating func move(to on: Bool, animated: Bool, at t: Double) {
        isOn = on
        let range = configuration.thumbRange
        let target = on ? range.on : range.off
        guard animated else { return thumbCenterX.set(target) }
        switch configuration.animation {
        case let .curve(curve, duration):
            thumbCenterX.animate(to: target, timing: .curve(curve, duration: duration), at: t)
        case let .spring(spring):
            thumbCenterX.retarget(to: target, spring: spring, at: t)
        }
    }

    public var nextDeadline: Double? { nil }
    public mutating func fireDeadline(emit: inout [Emission]) {}

    public var state: [Field] { [Field("isOn", .bool(isOn))] }

    public func render(at t: Double) -> Frame {
        let c = configuration
        let x = thumbCenterX.value(at: t)
        let range = c.thumbRange
        let track = Color.interpolate(from: c.offTintColor, to: c.onTintColor,
                                      progress: (x - range.off) / (range.on - range.off))
        return Frame(
            t: t,
            properties: [Field("thumbCenterX", .number(x)), Field("trackColor", .color(track)),
                         Field("isOn", .bool(isOn))],
            layers: [
                Layer(id: "track", frame: Rect(x: 0, y: 0, width: c.width, height: c.height),
                      backgroundColor: track, cornerRadius: c.height / 2),
                Layer(id: "thumb",
                      frame: Rect(x: x - c.thumbSize / 2, y: (c.height - c.thumbSize) / 2,
                                  width: c.thumbSize, height: c.thumbSize),
                      backgroundColor: c.thumbColor, cornerRadius: c.thumbSize / 2),
            ])
    }
}
