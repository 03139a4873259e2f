/// Seed 000's button. UIControl touch tracking drives `highlighted`; the seed's update handler
/// runs on every state change: in highlighted or selected (and enabled) the effects apply, in
/// any other state they are undone.
public struct Button: Control {
    public static let kind = "button"
    public var kind: String { Self.kind }
    public let configuration: ButtonConfiguration
    public private(set) var isHighlighted = false
    public private(set) var isSelected: Bool
    public private(set) var isEnabled: Bool
    private var scale = AnimatedValue(1)
    private var tracker: ControlTracker
    /// Pending timers, kept sorted by time.
    private var timers: [Timer] = []

    enum Timer: Sendable, Equatable {
        /// A pulse's press spring completes; the way back starts.
        case pulseReturn(at: Double)
        /// The minimum highlight after a touch ended back inside.
        case unhighlight(at: Double)

        var time: Double {
            switch self {
            case let .pulseReturn(t), let .unhighlight(t): t
            }
        }
    }

    public init(configuration: ButtonConfiguration) {
        self.configuration = configuration
        isSelected = configuration.isSelected
        isEnabled = configuration.isEnabled
        tracker = ControlTracker(bounds: Rect(x: 0, y: 0, width: configuration.width, height: configuration.height))
        if let effect = configuration.scaleEffect, effect.mode == .hold, isActive {
            scale.set(effect.ratio)
        }
    }

    /// The seed's `case .selected, .highlighted, [.selected, .highlighted]`.
    var isActive: Bool { isEnabled && (isHighlighted || isSelected) }

    public mutating func handle(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        switch input {
        case let .touch(touch):
            let outcome = tracker.handle(touch, enabled: isEnabled, highlighted: isHighlighted)
            var highlighted = outcome.highlighted ?? isHighlighted
            var selected = isSelected
            if outcome.flashHighlight {
                highlighted = true
                schedule(.unhighlight(at: t + ControlTracker.minimumHighlight))
            }
            if outcome.events.contains(.touchDown) {
                // A new touch owns the highlight: a pending minimum-highlight timer no longer applies.
                timers.removeAll { if case .unhighlight = $0 { true } else { false } }
            }
            if outcome.events.contains(.touchUpInside) && configuration.changesSelectionAsPrimaryAction {
                selected.toggle()
            }
            // State changes (and the update handler) come before the actions are sent.
            update(highlighted: highlighted, selected: selected, enabled: isEnabled, at: t, emit: &emit)
            for event in outcome.events {
                emit.append(Emission(t: t, name: event.rawValue))
                if event == .touchUpInside { emit.append(Emission(t: t, name: "primaryActionTriggered")) }
            }
        case let .command(command) where command.name == "setSelected":
            update(highlighted: isHighlighted, selected: command.bool(0), enabled: isEnabled, at: t, emit: &emit)
        case let .command(command) where command.name == "setEnabled":
            let enabled = command.bool(0)
            // A disabled control drops its highlight and any touch it was tracking.
            if !enabled { tracker = ControlTracker(bounds: tracker.bounds, slop: tracker.slop) }
            update(highlighted: enabled && isHighlighted, selected: isSelected, enabled: enabled, at: t, emit: &emit)
        case let .command(command):
            throw .unsupportedCommand(command.name, control: Self.kind)
        }
    }

    /// Applies a state change and, when anything changed, runs the update handler once.
    private mutating func update(highlighted: Bool, selected: Bool, enabled: Bool, at t: Double,
                                 emit: inout [Emission]) {
        guard highlighted != isHighlighted || selected != isSelected || enabled != isEnabled else { return }
        isHighlighted = highlighted
        isSelected = selected
        isEnabled = enabled
        emit.append(Emission(t: t, name: "stateChanged", fields: stateFields))
        runUpdateHandler(at: t)
    }

    private mutating func runUpdateHandler(at t: Double) {
        guard let effect = configuration.scaleEffect else { return }
        switch (effect.mode, isActive) {
        case (.pulse, true):
            scale.animate(to: effect.ratio, timing: .spring(effect.press), at: t)
            schedule(.pulseReturn(at: t + effect.press.duration))
        case (.pulse, false):
            break
        case (.hold, true) where scale.target != effect.ratio:
            scale.animate(to: effect.ratio, timing: .spring(effect.press), at: t)
        case (.hold, false) where scale.target != 1:
            scale.animate(to: 1, timing: .spring(effect.release), at: t)
        case (.hold, _):
            break
        }
    }

    private mutating func schedule(_ timer: Timer) {
        let index = timers.firstIndex { $0.time > timer.time } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    public var nextDeadline: Double? { timers.first?.time }

    public mutating func fireDeadline(emit: inout [Emission]) {
        guard !timers.isEmpty else { return }
        switch timers.removeFirst() {
        case let .pulseReturn(t):
            // The seed's completion block: back to identity whatever happened meanwhile.
            if let effect = configuration.scaleEffect {
                scale.animate(to: 1, timing: .spring(effect.release), at: t)
            }
        case let .unhighlight(t):
            update(highlighted: false, selected: isSelected, enabled: isEnabled, at: t, emit: &emit)
        }
    }

    private var stateFields: [Field] {
        [Field("highlighted", .bool(isHighlighted)), Field("selected", .bool(isSelected)),
         Field("enabled", .bool(isEnabled))]
    }

    public var state: [Field] { stateFields }

    public func render(at t: Double) -> Frame {
        let c = configuration
        let s = scale.value(at: t)
        let background = isActive ? c.backgroundEffect ?? c.backgroundColor : c.backgroundColor
        let opacity = isActive ? c.opacityEffect ?? 1 : 1
        return Frame(
            t: t,
            properties: [Field("scale", .number(s)), Field("backgroundColor", .color(background)),
                         Field("highlighted", .bool(isHighlighted)), Field("selected", .bool(isSelected)),
                         Field("enabled", .bool(isEnabled)), Field("opacity", .number(opacity))],
            layers: [
                Layer(id: "button", frame: Rect(x: 0, y: 0, width: c.width, height: c.height),
                      backgroundColor: background, cornerRadius: c.cornerRadius, opacity: opacity, scale: s),
            ])
    }
}
