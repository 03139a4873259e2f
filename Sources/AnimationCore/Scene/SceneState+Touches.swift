/// Touch delivery and gesture arbitration over a scene (docs/scenes.md#arbitration, each rule's
/// source in docs/fidelity.md#scenes): recognisers of the hit view and its ancestors see a touch
/// first, inner first; the first to begin excludes the others and cancels the hit view's touch
/// tracking; a scroll view holds its content's touch-down back for 0.15 s and fails rather than
/// cancel a control that already has the touch; a control keeps single taps from its ancestors.
extension SceneState {
    mutating func touchDown(_ id: Int, _ p: Point, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        let hit = hitTest(p, at: t)
        var touch = ActiveTouch(id: id, hit: hit, downPoint: p, point: p)
        if let hit {
            // A view tracking a touch exclusively keeps every other touch from views that are not its ancestors.
            let exclusive = touches.first { other in other.hit.map { scene.nodes[$0].isExclusiveTouch } == true }?.hit
            // A recogniser on the path that another finger has made recognise takes this touch
            // too, and cancels touches in views: the hit view never gets it.
            var absorbed = false
            var view: Int? = hit
            while let v = view {
                view = scene.nodes[v].parent
                if recognizes(v) { absorbed = true }
                guard scene.nodes[v].recognizers != 0 else { continue }
                if drivesRecognizers(v) {
                    // A second finger on a view another finger drives: its pinch and rotation take it.
                    if exclusive.map({ scene.isAncestor(v, of: $0) }) ?? true, let origin = secondFingerOrigin(v) {
                        touch.participants.append(Participant(view: v, status: .possible, origin: origin, finger: 1))
                    }
                    continue
                }
                if let exclusive, !scene.isAncestor(v, of: exclusive) { continue }
                let lock = scene.nodes[v].isDirectionalLockEnabled && scene.nodes[v].isScrollView
                    ? DirectionalLock(axis: nil, last: p, lastTime: t, given: p) : nil
                touch.participants.append(Participant(view: v, status: .possible, origin: origin(of: v, at: t), lock: lock))
            }
            if scene.nodes[hit].tracking != 0, exclusive == nil, !absorbed, !tracks(hit), !(scene.nodes[hit].isExclusiveTouch && !touches.isEmpty) {
                for participant in touch.participants where participant.view != hit
                    && scene.nodes[participant.view].isScrollView && scene.nodes[participant.view].delaysContentTouches {
                    touch.holders.append(participant.view)
                }
                touch.delivery = touch.holders.isEmpty ? .delivered : .held(until: t + Self.contentTouchDelay)
            }
        }
        // A touch landing on a decelerating scroll view stops it and is its alone: its pan begins
        // with no hysteresis, every other recogniser on the path is out, the content never sees it.
        if let caught = touch.participants.firstIndex(where: { isDecelerating($0.view, at: t) }) {
            let v = touch.participants[caught].view
            for i in touch.participants.indices where i != caught { touch.participants[i].status = .failed }
            if touch.hit != v { touch.delivery = .none }
            touch.holders = []
            for index in scene.nodes[v].pans {
                guard case var .pan(recognizer) = controls[v]!.input(index) else { continue }
                touch.participants[caught].caught.append((index, recognizer.hysteresis))
                recognizer.hysteresis = 0
                change(v) { $0.setInput(index, .pan(recognizer)) }
            }
        }
        touches.append(touch)
        for participant in touch.participants where participant.status != .failed {
            try send(.down(p), to: participant.view, inputs: inputs(of: participant), from: participant.origin, finger: participant.finger, at: t, emit: &emit)
        }
        if touch.delivery == .delivered, let hit {
            try send(.down(p), to: hit, inputs: scene.nodes[hit].tracking, at: t, emit: &emit)
        }
    }

    mutating func touchMoved(_ k: Int, _ p: Point, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        touches[k].point = p
        var points = givenPoints(k, p, at: t)
        // Which view's pan begins with this move: the hit view's first, then outwards; the first
        // that may begin wins. A scroll view's pan crossing its hysteresis only along an axis it
        // cannot scroll is not given the move, so it stays possible.
        var heldBack = [UInt64](repeating: 0, count: touches[k].participants.count)
        var winner: Int?
        for i in touches[k].participants.indices where touches[k].participants[i].status == .possible && touches[k].participants[i].finger == 0 {
            let v = touches[k].participants[i].view
            let origin = touches[k].participants[i].origin
            let local = Point(x: points[i].x - origin.x, y: points[i].y - origin.y)
            // Pans and long presses waiting for another view's recogniser take the move there.
            let held = scene.nodes[v].waits.isEmpty ? 0 : holdWaiting(k, participant: i, local, at: t)
            let (begins, blocked) = panBegins(v, with: local, at: t)
            heldBack[i] = blocked | held
            guard begins else { continue }
            guard shouldBegin(v, touch: touches[k]) else {
                try fail(k, participant: i, at: t, emit: &emit)
                continue
            }
            // A container interacting with this scroll view (a sheet) shares the drag with it.
            if touches[k].handoff == nil, let (outer, room) = interactingContainer(k, inner: i, at: t) {
                try beginHandoff(k, inner: i, outer: outer, room: room, p, at: t, emit: &emit)
                split(touches[k].handoff!, p, &points, down: touches[k].downPoint)
            }
            // It begins and excludes every other possible one it does not recognise together with.
            winner = winner ?? i
            try recognize(k, participant: i, at: t, emit: &emit)
        }
        for (i, participant) in touches[k].participants.enumerated() where participant.status != .failed {
            var inputs = self.inputs(of: participant) & ~heldBack[i]
            if let handoff = touches[k].handoff, handoff.outer == i {
                // The container's pan is given the move once its share engages it.
                inputs = handoff.engages(p.y - handoff.baseY) || panRecognized(participant.view) ? panInputs(participant.view) : 0
            }
            let marks = !scene.nodes[participant.view].waits.isEmpty
            if marks { holdTransforms(participant.view) }
            try send(.move(points[i]), to: participant.view, inputs: inputs, from: participant.origin, finger: participant.finger, at: t, emit: &emit)
            if marks { settleTransforms(participant.view) }
        }
        if winner != nil {
            try cancelDelivery(k, at: t, emit: &emit)
            return
        }
        // A pinch or rotation this move began wins as a pan does.
        for i in touches[k].participants.indices where touches[k].participants[i].status == .possible {
            let v = touches[k].participants[i].view
            if beganBesidePans(v) { try excludeOthers(from: v, at: t, emit: &emit) }
        }
        switch touches[k].delivery {
        case .delivered:
            if let hit = touches[k].hit { try send(.move(p), to: hit, inputs: scene.nodes[hit].tracking, at: t, emit: &emit) }
        case .held:
            try updateHolders(k, at: t, emit: &emit)
        case .none, .finished:
            break
        }
    }

    mutating func touchEnded(_ k: Int, _ p: Point, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        touches[k].point = p
        let points = givenPoints(k, p, at: t)
        let hit = touches[k].hit
        // A tap recognised by this lift. A control keeps single taps of its ancestors from
        // beginning (UIButton's gestureRecognizerShouldBegin:); those taps fail instead. Made
        // (by participant) only when a tap is vetoed: a lift that recognises none allocates nothing.
        var vetoed = ParticipantMasks()
        // Taps that would recognise but wait for another view's recogniser (require(toFail:)).
        var waits = ParticipantMasks()
        var candidates: [Waiting] = []
        var recognizedTaps: [(view: Int, input: Int)] = []
        var recognized: Int?
        for i in touches[k].participants.indices where touches[k].participants[i].status == .possible && touches[k].participants[i].finger == 0 {
            let v = touches[k].participants[i].view
            guard let control = controls[v] else { continue }
            let origin = touches[k].participants[i].origin
            let local = Point(x: points[i].x - origin.x, y: points[i].y - origin.y)
            for index in scene.nodes[v].taps {
                guard case let .tap(recognizer) = control.input(index), recognizer.isTracking else { continue }
                var copy = recognizer
                guard copy.handle(.up(local), at: t) else { continue }
                if let hit, hit != v, scene.nodes[hit].isControl {
                    vetoed.add(1 << UInt64(index), at: i, of: touches[k].participants.count)
                } else if scene.nodes[v].waits.contains(where: { $0.input == index }) {
                    waits.add(1 << UInt64(index), at: i, of: touches[k].participants.count)
                    candidates.append(Waiting(view: v, input: index, point: local))
                } else {
                    recognizedTaps.append((v, index))
                    if recognized == nil { recognized = i }
                }
            }
        }
        if let recognized {
            touches[k].participants[recognized].status = .recognized
            for i in touches[k].participants.indices where i != recognized && touches[k].participants[i].status == .possible {
                try fail(k, participant: i, at: t, emit: &emit)
            }
        }
        // A waiting tap whose recogniser recognised (or began) already fails; so do those waiting
        // for a tap this lift recognises.
        let failing = candidates.map { waitsFor($0, recognizedTaps) }
        if !waiting.isEmpty { failWaiting(recognizedTaps) }
        for (i, participant) in touches[k].participants.enumerated() where participant.status != .failed {
            let inputs = touches[k].handoff?.outer == i ? panInputs(participant.view) : self.inputs(of: participant)
            let refused = vetoed[i] | waits[i]
            if refused != 0 { try send(.cancel, to: participant.view, inputs: refused, at: t, emit: &emit) }
            let held = waiting.isEmpty ? 0 : heldInputs(k, view: participant.view)
            try send(.up(points[i]), to: participant.view, inputs: inputs & ~refused & ~held, from: participant.origin, finger: participant.finger,
                     at: t, emit: &emit)
        }
        if !waiting.isEmpty { try settleHeldAtLift(k, recognizedTaps, at: t, emit: &emit) }
        for (candidate, fails) in zip(candidates, failing) where !fails { waiting.append(candidate) }
        for i in touches[k].participants.indices { giveBackHysteresis(k, i) }
        recordPanEnds(k, at: t)
        if recognized != nil {
            try cancelDelivery(k, at: t, emit: &emit)
        } else if let hit {
            switch touches[k].delivery {
            case .held:
                // The finger lifted first: the view gets its touch-down, then the lift, now (where
                // the view is does not change in between: only its own control does).
                let origin = origin(of: hit, at: t)
                try send(.down(touches[k].downPoint), to: hit, inputs: scene.nodes[hit].tracking, from: origin, at: t, emit: &emit)
                try send(.up(p), to: hit, inputs: scene.nodes[hit].tracking, from: origin, at: t, emit: &emit)
            case .delivered:
                try send(.up(p), to: hit, inputs: scene.nodes[hit].tracking, at: t, emit: &emit)
            case .none, .finished:
                break
            }
        }
        touches.remove(at: k)
    }

    mutating func touchCancelled(_ k: Int, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        if !waiting.isEmpty { dropHeld(touch: touches[k].id) }
        for participant in touches[k].participants where participant.status != .failed {
            try send(.cancel, to: participant.view, inputs: inputs(of: participant), finger: participant.finger, at: t, emit: &emit)
        }
        for i in touches[k].participants.indices { giveBackHysteresis(k, i) }
        recordPanEnds(k, at: t)
        try cancelDelivery(k, at: t, emit: &emit)
        touches.remove(at: k)
    }

    /// The held touch-down goes to the hit view (at the touch-down's point; then a move to where
    /// the finger is, if it moved).
    mutating func release(_ k: Int, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        guard case .held = touches[k].delivery, let hit = touches[k].hit else { return }
        touches[k].delivery = .delivered
        touches[k].holders = []
        let touch = touches[k]
        try send(.down(touch.downPoint), to: hit, inputs: scene.nodes[hit].tracking, at: t, emit: &emit)
        if touch.point != touch.downPoint {
            try send(.move(touch.point), to: hit, inputs: scene.nodes[hit].tracking, at: t, emit: &emit)
        }
    }

    // MARK: Rules

    /// Where each participant of a touch is told the finger is: the finger itself for every one
    /// until one is told otherwise (a directional lock, a shared drag); only then one point each.
    struct GivenPoints {
        let finger: Point
        let count: Int
        private var points: [Point] = []

        init(finger: Point, count: Int) {
            self.finger = finger
            self.count = count
        }

        subscript(i: Int) -> Point {
            get { points.isEmpty ? finger : points[i] }
            set {
                if points.isEmpty { points = [Point](repeating: finger, count: count) }
                points[i] = newValue
            }
        }
    }

    /// An input mask per participant of a touch, all zero until one is set (then made whole).
    struct ParticipantMasks {
        private var masks: [UInt64] = []

        subscript(i: Int) -> UInt64 { masks.isEmpty ? 0 : masks[i] }

        mutating func add(_ bits: UInt64, at i: Int, of count: Int) {
            if masks.isEmpty { masks = [UInt64](repeating: 0, count: count) }
            masks[i] |= bits
        }
    }

    /// Where each participant is told the finger is: where it is, or for a scroll view with
    /// `isDirectionalLockEnabled`, its last point moved by the step along the locked axis.
    private mutating func givenPoints(_ k: Int, _ p: Point, at t: Double) -> GivenPoints {
        var points = GivenPoints(finger: p, count: touches[k].participants.count)
        for i in touches[k].participants.indices {
            guard var lock = touches[k].participants[i].lock, let axes = scrollAxes(touches[k].participants[i].view) else { continue }
            let dx = p.x - lock.last.x, dy = p.y - lock.last.y
            let deciding = touches[k].participants[i].status == .possible || t - lock.lastTime >= DirectionalLock.pause
            if deciding, dx != 0 || dy != 0 {
                if abs(dy) <= DirectionalLock.shallow * abs(dx), axes.x {
                    lock.axis = .x
                } else if abs(dy) >= DirectionalLock.steep * abs(dx), axes.y {
                    lock.axis = .y
                } else {
                    lock.axis = nil
                }
            }
            lock.given = switch lock.axis {
            case .x: Point(x: lock.given.x + dx, y: lock.given.y)
            case .y: Point(x: lock.given.x, y: lock.given.y + dy)
            case nil: Point(x: lock.given.x + dx, y: lock.given.y + dy)
            }
            lock.last = p
            lock.lastTime = t
            touches[k].participants[i].lock = lock
            points[i] = lock.given
        }
        if let handoff = touches[k].handoff { split(handoff, p, &points, down: touches[k].downPoint) }
        return points
    }

    // MARK: A container sharing its descendant scroll view's drag

    /// The container that takes part in the drag of the scroll view of participant `i`, whose pan
    /// begins now, with its room (`_UISheetInteraction._shouldInteractWithDescendentScrollView`):
    /// the scroll view scrolls vertically and not horizontally, its content is at its top, and
    /// the nearest container outwards declaring `interactsWithDescendantScrollView` takes part
    /// now (`when`), with no vertical scroll view between them (a scroll view inside another
    /// vertical one finds that one, `_shouldBeFoundByDescendentScrollView`).
    private func interactingContainer(_ k: Int, inner i: Int, at t: Double) -> (Int, Double)? {
        let s = touches[k].participants[i].view
        guard let axes = scrollAxes(s), axes.y, !axes.x, !hasRefreshControl(s), (contentOrigin(s, at: t).y * 3).rounded() >= 0 else { return nil }
        for j in touches[k].participants.indices.dropFirst(i + 1) {
            let v = touches[k].participants[j].view
            if let spec = scene.nodes[v].content?.descendantScrolling {
                guard touches[k].participants[j].status == .possible, !scene.nodes[v].pans.isEmpty, let control = controls[v] else { return nil }
                let (when, room) = control.instance.evaluate(spec.program, source: control, at: t) { r in (r[spec.when] != 0, r[spec.room]) }
                return when && !swipedTooSoon(s, container: v, at: t) ? (j, max(room, 0)) : nil
            }
            if scrollAxes(v)?.y == true { return nil }
        }
        return nil
    }

    /// The container of participant `outer` starts following the drag: its recognisers forget the
    /// touch and its pan takes it again from the touch-down with no hysteresis, so that its
    /// translation is exactly its share of the finger's travel from now on.
    private mutating func beginHandoff(_ k: Int, inner i: Int, outer j: Int, room: Double, _ p: Point, at t: Double,
                                       emit: inout [SceneEmission]) throws(SceneInputError) {
        let inner = touches[k].participants[i].view, v = touches[k].participants[j].view
        var hysteresis = PanRecognizer.defaultHysteresis
        if let index = scene.nodes[inner].pans.first, case let .pan(recognizer) = controls[inner]!.input(index) { hysteresis = recognizer.hysteresis }
        let raw = p.y - touches[k].downPoint.y
        let travel = raw < 0 ? -max(-raw - hysteresis, 0) : max(raw - hysteresis, 0)
        try send(.cancel, to: v, inputs: scene.nodes[v].recognizers, at: t, emit: &emit)
        for index in scene.nodes[v].pans {
            guard case var .pan(recognizer) = controls[v]!.input(index) else { continue }
            touches[k].participants[j].caught.append((index, recognizer.hysteresis))
            recognizer.hysteresis = 0
            change(v) { $0.setInput(index, .pan(recognizer)) }
        }
        try send(.down(touches[k].downPoint), to: v, inputs: panInputs(v), from: touches[k].participants[j].origin, at: t, emit: &emit)
        touches[k].participants[j].status = .recognized
        touches[k].handoff = Handoff(inner: i, outer: j, baseY: p.y - travel, room: room,
                                     expands: scene.nodes[v].prefersScrollingExpandsWhenScrolledToEdge)
    }

    /// The points the scroll view and the container are given: the container its share of the
    /// travel from the touch-down, the scroll view the finger less that share.
    private func split(_ handoff: Handoff, _ p: Point, _ points: inout GivenPoints, down: Point) {
        let share = handoff.outerShare(p.y - handoff.baseY)
        points[handoff.inner] = Point(x: points[handoff.inner].x, y: points[handoff.inner].y - share)
        points[handoff.outer] = Point(x: p.x, y: down.y + share)
    }

    private func panInputs(_ view: Int) -> UInt64 {
        scene.nodes[view].pans.reduce(0) { $0 | 1 << UInt64($1) }
    }

    private func panRecognized(_ view: Int) -> Bool {
        guard let control = controls[view] else { return false }
        return scene.nodes[view].pans.contains { index in
            if case let .pan(recognizer) = control.input(index) { return recognizer.isRecognized }
            return false
        }
    }

    /// Whether one of `view`'s pans begins with a move to `local` (as its recognisers measure),
    /// and which of its pans must not see the move: a scroll view's pan past its hysteresis only
    /// along axes it cannot scroll.
    private func panBegins(_ view: Int, with local: Point, at t: Double) -> (Bool, UInt64) {
        guard let control = controls[view] else { return (false, 0) }
        let node = scene.nodes[view]
        var begins = false
        var blocked: UInt64 = 0
        for index in node.pans {
            guard case let .pan(recognizer) = control.input(index), case let .possible(tracking) = recognizer.phase else { continue }
            var copy = recognizer
            guard case .began = copy.handle(.move(local), at: t) else { continue }
            if let axes = scrollAxes(view) {
                let dx = abs(local.x - tracking.origin.x), dy = abs(local.y - tracking.origin.y)
                guard (dx >= recognizer.hysteresis && axes.x) || (dy >= recognizer.hysteresis && axes.y) else {
                    blocked |= 1 << UInt64(index)
                    continue
                }
            }
            begins = true
        }
        return (begins, blocked)
    }

    /// `gestureRecognizerShouldBegin` for a pan of `view`: a scroll view whose content already
    /// has the touch begins only if it may cancel it (`canCancelContentTouches` and
    /// `touchesShouldCancel(in:)`); otherwise it fails.
    func shouldBegin(_ view: Int, touch: ActiveTouch) -> Bool {
        guard scene.nodes[view].isScrollView, let hit = touch.hit, hit != view, touch.delivery == .delivered else { return true }
        return scene.nodes[view].canCancelContentTouches && touchesShouldCancel(in: hit)
    }

    /// `UIScrollView.touchesShouldCancel(in:)`: false for an enabled control, true for any other
    /// view, unless the scene says otherwise for that view.
    func touchesShouldCancel(in view: Int) -> Bool {
        if let answer = scene.nodes[view].touchesShouldCancel { return answer }
        guard scene.nodes[view].isControl, let control = controls[view] else { return true }
        for (index, input) in control.definition.inputs.enumerated() where index < 64 && scene.nodes[view].tracking & (1 << UInt64(index)) != 0 {
            if case let .control(tracking) = control.input(index), tracking.isEnabled, case .control = input { return false }
        }
        return true
    }

    /// The axes a scroll view can scroll (its `content.scrolls`), nil for any other view.
    func scrollAxes(_ view: Int) -> (x: Bool, y: Bool)? {
        guard let scrolls = scene.nodes[view].content?.scrolls, let control = controls[view] else { return nil }
        let constants = control.instance.constantTable
        return (constants[scrolls.x] != 0, constants[scrolls.y] != 0)
    }

    /// The scroll views still holding touch `k` back: those whose pan failed let go, and so does
    /// one the finger has moved more than 10 pt along an axis it cannot scroll, for a control.
    private mutating func updateHolders(_ k: Int, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        let touch = touches[k]
        guard let hit = touch.hit else { return }
        let moved = (x: abs(touch.point.x - touch.downPoint.x), y: abs(touch.point.y - touch.downPoint.y))
        touches[k].holders = touch.holders.filter { v in
            guard touch.participants.contains(where: { $0.view == v && $0.status != .failed }) else { return false }
            guard scene.nodes[hit].isControl, let axes = scrollAxes(v) else { return true }
            return !((moved.x > Self.scrollHysteresis && !axes.x) || (moved.y > Self.scrollHysteresis && !axes.y))
        }
        if touches[k].holders.isEmpty { try release(k, at: t, emit: &emit) }
    }

    /// A view's recognisers fail for touch `k`: they get a cancel (a possible pan or tap just
    /// resets), and a scroll view holding the touch back lets it go.
    mutating func fail(_ k: Int, participant i: Int, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        touches[k].participants[i].status = .failed
        let v = touches[k].participants[i].view
        if !waiting.isEmpty { dropHeld(touch: touches[k].id, view: v) }
        let participant = touches[k].participants[i]
        try send(.cancel, to: v, inputs: inputs(of: participant), finger: participant.finger, at: t, emit: &emit)
        giveBackHysteresis(k, i)
        if case .held = touches[k].delivery, touches[k].holders.contains(v) { try updateHolders(k, at: t, emit: &emit) }
    }

    /// A long press (on its deadline) or a pinch or rotation (on a move) of `view` began: the
    /// first to begin, it excludes, on each touch it takes part in, the other possible
    /// participants (the hit view's ancestors: UIKit's exclusion between a view's and its
    /// ancestors' recognisers, docs/fidelity.md) it does not recognise together with, and cancels
    /// the touch's delivery to a descendant it was going to, as a pan that begins does. The view's
    /// own touch handling is its definition's to arbitrate.
    mutating func excludeOthers(from view: Int, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        for k in touches.indices {
            guard let i = touches[k].participants.firstIndex(where: { $0.view == view && $0.status == .possible }) else { continue }
            try recognize(k, participant: i, at: t, emit: &emit)
            if touches[k].hit != view { try cancelDelivery(k, at: t, emit: &emit) }
        }
    }

    /// Participant `i` of touch `k` recognises: every other possible participant it does not
    /// recognise together with fails.
    mutating func recognize(_ k: Int, participant i: Int, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        touches[k].participants[i].status = .recognized
        let view = touches[k].participants[i].view
        for j in touches[k].participants.indices where j != i && touches[k].participants[j].status == .possible
            && !scene.nodes[view].simultaneous.contains(touches[k].participants[j].view) {
            try fail(k, participant: j, at: t, emit: &emit)
        }
    }

    /// A long press, pinch or rotation of `view` has begun (and is not held by a scene).
    func beganBesidePans(_ view: Int) -> Bool {
        guard let control = controls[view] else { return false }
        var bits = scene.nodes[view].recognizers
        while bits != 0 {
            let input = bits.trailingZeroBitCount
            bits &= bits - 1
            switch control.input(input) {
            case let .longPress(recognizer): if recognizer.isRecognized && !recognizer.isHeld { return true }
            case let .transform(recognizer): if recognizer.isRecognized && !recognizer.isHeld { return true }
            default: continue
            }
        }
        return false
    }

    /// A recogniser that cancels touches in views recognised: a held touch-down is dropped, a
    /// delivered touch is cancelled (`touchesCancelled`, a control's `touchCancel`).
    mutating func cancelDelivery(_ k: Int, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        let delivery = touches[k].delivery
        touches[k].delivery = delivery == .none ? .none : .finished
        touches[k].holders = []
        if delivery == .delivered, let hit = touches[k].hit {
            try send(.cancel, to: hit, inputs: scene.nodes[hit].tracking, at: t, emit: &emit)
        }
    }

    /// The content says it is decelerating (`content.isDecelerating`).
    func isDecelerating(_ view: Int, at t: Double) -> Bool {
        guard scene.nodes[view].isScrollView, let decelerating = scene.nodes[view].content?.isDecelerating,
              let control = controls[view] else { return false }
        return control.instance.evaluate(decelerating.program, source: control, at: t) { r in r[decelerating.result] != 0 }
    }

    /// The pans a caught scroll view had its hysteresis taken from get it back.
    private mutating func giveBackHysteresis(_ k: Int, _ i: Int) {
        let v = touches[k].participants[i].view
        for (index, hysteresis) in touches[k].participants[i].caught {
            guard case var .pan(recognizer) = controls[v]!.input(index) else { continue }
            recognizer.hysteresis = hysteresis
            change(v) { $0.setInput(index, .pan(recognizer)) }
        }
        touches[k].participants[i].caught = []
    }

    // MARK: Delivery

    /// The inputs a participant's touch goes to: all the view's recognisers, or for a second
    /// finger its pinch and rotation only.
    private func inputs(of participant: Participant) -> UInt64 {
        participant.finger == 0 ? scene.nodes[participant.view].recognizers : scene.nodes[participant.view].transforms
    }

    /// A new touch on `view`, whose recognisers another touch drives, is its two-finger
    /// recognisers' second touch when it has some, no touch is that already, and the first is
    /// still deciding: measured from where that touch measures (the view at its touch-down).
    private func secondFingerOrigin(_ view: Int) -> Point? {
        guard scene.nodes[view].transforms != 0 else { return nil }
        var origin: Point?
        for touch in touches {
            for participant in touch.participants where participant.view == view && participant.status != .failed {
                if participant.finger != 0 { return nil }
                if participant.status == .possible { origin = participant.origin }
            }
        }
        return origin
    }

    /// Another touch drives `view`'s recognisers (each control follows one finger).
    private func drivesRecognizers(_ view: Int) -> Bool {
        touches.contains { touch in touch.participants.contains { $0.view == view && $0.status != .failed } }
    }

    /// Another touch has made `view`'s recognisers recognise.
    private func recognizes(_ view: Int) -> Bool {
        touches.contains { touch in touch.participants.contains { $0.view == view && $0.status == .recognized } }
    }

    /// Another touch is tracked by `view`'s own touch handling.
    private func tracks(_ view: Int) -> Bool {
        touches.contains { touch in
            guard touch.hit == view else { return false }
            if case .held = touch.delivery { return true }
            return touch.delivery == .delivered
        }
    }

    /// `touch` (in the window's coordinates) to the inputs `inputs` of `view`'s control, measured
    /// from `origin` (recognisers: where the view was at the touch-down) or else from where the
    /// view is now (touch tracking: `location(in:)`).
    private mutating func send(_ touch: Touch, to view: Int, inputs: UInt64, from origin: Point? = nil, finger: Int = 0, at t: Double,
                               emit: inout [SceneEmission]) throws(SceneInputError) {
        guard inputs != 0, controls[view] != nil else { return }
        let o = origin ?? self.origin(of: view, at: t)
        let local: Touch = switch touch {
        case let .down(p): .down(Point(x: p.x - o.x, y: p.y - o.y))
        case let .move(p): .move(Point(x: p.x - o.x, y: p.y - o.y))
        case let .up(p): .up(Point(x: p.x - o.x, y: p.y - o.y))
        case .cancel: .cancel
        }
        var produced: [Emission] = []
        do throws(ControlError) {
            try change(view) { (control) throws(ControlError) in try control.handle(local, at: t, inputs: inputs, finger: finger, emit: &produced) }
        } catch {
            throw .rejected(view: scene.nodes[view].id, error)
        }
        if !produced.isEmpty { emit += produced.map { SceneEmission(view: scene.nodes[view].id, $0) } }
    }
}

// MARK: Failure requirements across views

extension SceneState {
    /// Whether what `tap` waits for has recognised: a tap among `taps` (recognised by this lift),
    /// a swipe recognised (its finger still down), or a pan, long press or pinch/rotation that has begun.
    func waitsFor(_ tap: Waiting, _ taps: [(view: Int, input: Int)]) -> Bool {
        scene.nodes[tap.view].waits.contains { wait in
            wait.input == tap.input && (taps.contains { $0.view == wait.view && $0.input == wait.otherInput } || hasBegun(wait.view, wait.otherInput))
        }
    }

    private func hasBegun(_ view: Int, _ input: Int) -> Bool {
        switch controls[view]?.input(input) {
        case let .pan(recognizer)?: recognizer.isRecognized && !recognizer.isHeld
        case let .longPress(recognizer)?: recognizer.isRecognized && !recognizer.isHeld
        case let .swipe(recognizer)?: recognizer.isRecognized && !recognizer.isHeld
        case let .transform(recognizer)?: recognizer.isRecognized && !recognizer.isHeld
        default: false
        }
    }

    /// The recogniser is still deciding: UIKit's `.possible` with a touch (a multi-tap between its taps).
    func isDeciding(_ view: Int, _ input: Int) -> Bool {
        switch controls[view]?.input(input) {
        case let .tap(recognizer)?: recognizer.isTracking
        case let .pan(recognizer)?: recognizer.isTracking && (!recognizer.isRecognized || recognizer.isHeld)
        case let .longPress(recognizer)?: recognizer.isPossible || recognizer.isHeld
        case let .swipe(recognizer)?: recognizer.isPossible || recognizer.isHeld
        case let .transform(recognizer)?: (recognizer.isTracking && !recognizer.isRecognized) || recognizer.isHeld
        default: false
        }
    }

    /// After each input and each deadline: a waiting tap (a swipe whose finger has lifted, a held
    /// pinch or rotation) is dropped when what it waits for has begun, kept while it is deciding,
    /// and otherwise (it failed) recognised (begun) now, at this time. A control refusing the late recognition drops it, as
    /// a deadline's fault is dropped.
    mutating func resolveWaiting(at t: Double, emit: inout [SceneEmission]) {
        let taps = waiting
        waiting = []
        for tap in taps {
            if tap.touch != nil {
                resolveHeld(tap, at: t, emit: &emit)
                continue
            }
            // Held without a touch: a swipe past its lift, a pinch or rotation (two touches).
            var late = tap.translation != nil
            if case .transform? = controls[tap.view]?.input(tap.input) { late = true }
            if late, !isHeld(tap) { continue }
            if waitsFor(tap, []) {
                forget(tap)
                continue
            }
            if scene.nodes[tap.view].waits.contains(where: { $0.input == tap.input && isDeciding($0.view, $0.otherInput) }) {
                // A held pinch or rotation whose fingers have both lifted meanwhile ends unseen.
                if case let .transform(recognizer)? = controls[tap.view]?.input(tap.input), !recognizer.isTracking {
                    forget(tap)
                } else {
                    waiting.append(tap)
                }
                continue
            }
            if late {
                var produced: [SceneEmission] = []
                do throws(SceneInputError) {
                    try transaction { (state) throws(SceneInputError) in try state.deliverHeld(tap, lifted: true, at: t, emit: &produced) }
                    emit += produced
                } catch {
                    forget(tap)
                }
                continue
            }
            var produced: [Emission] = []
            do throws(SceneInputError) {
                try transaction { (state) throws(SceneInputError) in
                    do throws(ControlError) {
                        try state.change(tap.view) { (control) throws(ControlError) in try control.recognizeTap(tap.input, at: tap.point, at: t, emit: &produced) }
                    } catch {
                        throw .rejected(view: state.scene.nodes[tap.view].id, error)
                    }
                }
                emit += produced.map { SceneEmission(view: scene.nodes[tap.view].id, $0) }
            } catch {
                continue
            }
        }
    }
}
