/// The page a paging scroll view settles on when the finger lifts, by UIKit's rule
/// (`_prepareToPageWithHorizontalVelocity:…`, docs/fidelity.md#paging), one axis at a time.
public struct PageTarget: Sendable, Equatable {
    /// Which way the offset has to travel, as UIKit records it for the snap test.
    public enum Direction: Sendable, Equatable {
        case none, increasing, decreasing
    }

    /// The offset to settle at, clamped to the content.
    public let offset: Double
    /// The page boundary it came from, counted from `origin` (before clamping).
    public let page: Int
    public let direction: Direction

    /// Above this speed (points per second) a release moves to the next boundary in the flick's
    /// direction; at or below it, to the nearest one. UIKit: 0.3 pt/ms.
    public static let flickSpeed = 300.0

    /// - Parameters:
    ///   - offset: the content offset along the axis at the release.
    ///   - velocity: the offset's velocity (points per second; positive as the offset grows).
    ///   - pageSize: the bounds dimension plus UIKit's private interpage spacing (0 by default).
    ///   - origin: where page 0 starts (`_pagingOrigin`, 0 by default).
    ///   - minimum, maximum: the content's offset range; the target is clamped into it.
    ///   - ceilingAtEnd: at or beyond `maximum` a slow release rounds up rather than to the
    ///     nearest page, so a last page shorter than the bounds keeps its end (newer SDKs).
    public init(offset: Double, velocity: Double, pageSize: Double, origin: Double = 0,
                minimum: Double, maximum: Double, flickSpeed: Double = PageTarget.flickSpeed,
                ceilingAtEnd: Bool = true) {
        let upper = max(minimum, maximum)
        let position = offset - origin
        // On a boundary (or with no page size) the view stays where it is.
        guard pageSize > 0, position.isFinite, velocity.isFinite,
              position.truncatingRemainder(dividingBy: pageSize) != 0 else {
            self.offset = offset
            page = pageSize > 0 && position.isFinite ? Self.index(position / pageSize) : 0
            direction = .none
            return
        }
        let pages = position / pageSize
        let boundary: Double
        if velocity > flickSpeed {
            boundary = pages.rounded(.up)
        } else if velocity < -flickSpeed {
            boundary = pages.rounded(.down)
        } else if ceilingAtEnd && offset >= upper {
            boundary = pages.rounded(.up)
        } else {
            boundary = (pages + 0.5).rounded(.down)
        }
        let target = min(max(origin + boundary * pageSize, minimum), upper)
        self.offset = target
        page = Self.index(boundary)
        if velocity > flickSpeed {
            direction = .increasing
        } else if velocity < -flickSpeed || target < offset {
            direction = .decreasing
        } else {
            // UIKit leaves a slow release with no velocity at all without a direction.
            direction = velocity == 0 ? .none : .increasing
        }
    }

    private static func index(_ pages: Double) -> Int {
        Int(min(max(pages.rounded(.down), -1e15), 1e15))
    }
}
