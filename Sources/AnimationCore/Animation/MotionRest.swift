/// What a piece of a control's state says of when it stops moving if no input comes: the
/// question `settledAt` asks every kind of motion the runtime holds
/// (`DefinedControl+Settling.swift`).
public enum MotionRest: Sendable, Equatable {
    /// Nothing in flight.
    case still
    /// In flight until this session time, then at rest.
    case until(Double)
    /// Held where it is (paused) until an input moves it on: it does not finish by itself.
    case held

    /// Both together: the later end; held when either is held.
    public func combined(with other: MotionRest) -> MotionRest {
        switch (self, other) {
        case (.held, _), (_, .held): .held
        case (.still, let rest), (let rest, .still): rest
        case let (.until(a), .until(b)): .until(max(a, b))
        }
    }

    public mutating func combine(_ other: MotionRest) {
        self = combined(with: other)
    }
}

/// A kind of motion state that can say when it comes to rest.
public protocol Settling {
    var rest: MotionRest { get }
}

extension AnimatedValue: Settling {
    /// In flight until its last component ends: additive animations, springs, and a closed-form
    /// motion it follows (`AnimatedMotion`: a scroll view's deceleration, a page's spring, a sin²
    /// move), each by its own end (`Component.end`, where a new component kind says its end).
    /// An animation that repeats forever never rests by itself.
    public var rest: MotionRest {
        guard let end = endTime else { return .still }
        return end.isFinite ? .until(end) : .held
    }
}

extension BasicAnimation: Settling {
    /// Until it is removed at its end; held while paused (layer speed 0).
    public var rest: MotionRest { endTime.map(MotionRest.until) ?? .held }
}

extension PropertyAnimator: Settling {
    /// Until its natural end while running; held while paused (it waits for `continue`).
    public var rest: MotionRest {
        if let end = naturalEndTime { return .until(end) }
        return state == .active ? .held : .still
    }
}

extension PropertyAnimatorGroup: Settling {
    public var rest: MotionRest {
        members.reduce(.still) { $0.combined(with: $1.rest) }
    }
}

extension MotionSegment {
    /// Closed-form motions rest from their end.
    public var rest: MotionRest { .until(endTime) }
}
