/// `require(toFail:)` across views for a waiting pan (or screen-edge pan), long press and swipe
/// (docs/scenes.md#failure-requirements-across-views): when one would begin (a swipe: recognise)
/// while the recogniser of another view it waits for is still deciding, its began is withheld. The scene holds it (the
/// recogniser carries `isHeld` and is given the finger's moves directly, not through its control,
/// so nothing of it is delivered and it excludes nobody) and settles it after every input and
/// deadline: it fails when the other recognises or begins, and begins when the other fails (a pan
/// from translation 0 at that moment, a press where the finger is), then excluding as any
/// recogniser that begins does. Lifted while held, it begins and ends at the lift if the other has
/// failed by then, and ends unseen otherwise, as a definition's own held pan does. A swipe is
/// discrete: held, it is done with the finger, and it outlives the lift, as a waiting tap does: it
/// is recognised whenever the other fails (at the lift, if that is when), and dropped when the
/// other recognises. A waiting pinch or rotation is held the same way across its two touches: the
/// control runs it on unseen; it begins, with its value since its fingers came down, when the
/// other fails (both fingers up by then: it begins and ends there), and fails when the other
/// recognises or begins.
extension SceneState {
    /// The pans and long presses of `view` held for touch `k` (a held swipe is done with the finger).
    func heldInputs(_ k: Int, view: Int) -> UInt64 {
        var mask: UInt64 = 0
        for entry in waiting where entry.touch == touches[k].id && entry.view == view && entry.translation == nil {
            mask |= 1 << UInt64(entry.input)
        }
        return mask
    }

    /// Input `input` of `view` waits for a recogniser of another view that is still deciding.
    private func awaitsDeciding(_ view: Int, _ input: Int) -> Bool {
        scene.nodes[view].waits.contains { $0.input == input && isDeciding($0.view, $0.otherInput) }
    }

    /// Before participant `i`'s view's pans are asked whether the move to `local` (in their
    /// coordinates) begins them: its held recognisers follow the finger, and a waiting pan that
    /// would begin now while what it waits for is deciding is held instead. Returns the inputs the
    /// move must not reach through the control.
    mutating func holdWaiting(_ k: Int, participant i: Int, _ local: Point, at t: Double) -> UInt64 {
        let v = touches[k].participants[i].view
        guard controls[v] != nil else { return 0 }
        let held = heldInputs(k, view: v)
        for index in 0..<min(controls[v]!.inputCount, 64) where held & (1 << UInt64(index)) != 0 {
            switch controls[v]!.input(index) {
            case var .pan(recognizer):
                _ = recognizer.handle(.move(local), at: t)
                change(v) { $0.setInput(index, .pan(recognizer)) }
            case var .longPress(recognizer):
                _ = recognizer.handle(.move(local), at: t)
                change(v) { $0.setInput(index, .longPress(recognizer)) }
            default:
                break
            }
        }
        var holding: UInt64 = 0
        for index in scene.nodes[v].pans where held & (1 << UInt64(index)) == 0 && awaitsDeciding(v, index) {
            guard case var .pan(recognizer) = controls[v]!.input(index), case let .possible(tracking) = recognizer.phase,
                  case .began = recognizer.handle(.move(local), at: t) else { continue }
            if let axes = scrollAxes(v) {
                let dx = abs(local.x - tracking.origin.x), dy = abs(local.y - tracking.origin.y)
                guard (dx >= recognizer.hysteresis && axes.x) || (dy >= recognizer.hysteresis && axes.y) else { continue }
            }
            // A scroll view that could not cancel its content's touch fails rather than wait.
            guard shouldBegin(v, touch: touches[k]) else { continue }
            recognizer.isHeld = true
            change(v) { $0.setInput(index, .pan(recognizer)) }
            waiting.append(Waiting(view: v, input: index, point: local, touch: touches[k].id))
            holding |= 1 << UInt64(index)
        }
        // A waiting swipe that this move recognises is held, its recognition kept for later.
        for wait in scene.nodes[v].waits where holding & (1 << UInt64(wait.input)) == 0 {
            guard case var .swipe(swipe) = controls[v]!.input(wait.input), swipe.isPossible, awaitsDeciding(v, wait.input),
                  let translation = swipe.handle(.move(local), at: t) else { continue }
            swipe.isHeld = true
            change(v) { control in
                control.setInput(wait.input, .swipe(swipe))
                control.dropRecognizerTimers(wait.input)
            }
            waiting.append(Waiting(view: v, input: wait.input, point: local, touch: touches[k].id, translation: translation))
            holding |= 1 << UInt64(wait.input)
        }
        return held | holding
    }

    /// Before a move reaches `view`'s recognisers: its waiting pinches and rotations still possible
    /// while what they wait for is deciding are marked held, so that a began this move brings is
    /// withheld (their two fingers are two touches: the control feeds them, and delivers nothing).
    mutating func holdTransforms(_ view: Int) {
        for wait in scene.nodes[view].waits {
            guard case var .transform(transform) = controls[view]?.input(wait.input), transform.phase == .possible,
                  !transform.isHeld, awaitsDeciding(view, wait.input) else { continue }
            transform.isHeld = true
            change(view) { $0.setInput(wait.input, .transform(transform)) }
        }
    }

    /// After that move: a marked one that began is held (an entry without a touch, as a lifted
    /// swipe's, settled by `resolveWaiting`); one that did not is unmarked.
    mutating func settleTransforms(_ view: Int) {
        for wait in scene.nodes[view].waits {
            guard case var .transform(transform) = controls[view]?.input(wait.input), transform.isHeld else { continue }
            if transform.isRecognized {
                if !waiting.contains(where: { $0.view == view && $0.input == wait.input }) {
                    waiting.append(Waiting(view: view, input: wait.input, point: .zero))
                }
            } else {
                transform.isHeld = false
                change(view) { $0.setInput(wait.input, .transform(transform)) }
            }
        }
    }

    /// A deadline of `view` at `t` that would begin a waiting long press while what it waits for
    /// is deciding: the press is held instead (its timer dropped). Whether one was.
    mutating func holdWaitingPress(_ view: Int, at t: Double) -> Bool {
        guard let k = touches.firstIndex(where: { touch in touch.participants.contains { $0.view == view && $0.status == .possible } }) else {
            return false
        }
        var held = false
        for wait in scene.nodes[view].waits {
            guard case var .longPress(press) = controls[view]!.input(wait.input), press.beginTime == t,
                  awaitsDeciding(view, wait.input), press.pressDurationElapsed() != nil else { continue }
            press.isHeld = true
            change(view) { control in
                control.setInput(wait.input, .longPress(press))
                control.dropRecognizerTimers(wait.input)
            }
            waiting.append(Waiting(view: view, input: wait.input, point: .zero, touch: touches[k].id))
            held = true
        }
        return held
    }

    /// After an input or deadline: a held recogniser fails when what it waits for has begun,
    /// stays held while that is deciding, and otherwise begins now. One that is no longer held
    /// (its view excluded, its control's own recogniser winning) is forgotten.
    mutating func resolveHeld(_ entry: Waiting, at t: Double, emit: inout [SceneEmission]) {
        guard isHeld(entry), let k = touches.firstIndex(where: { $0.id == entry.touch }),
              let i = touches[k].participants.firstIndex(where: { $0.view == entry.view && $0.status == .possible }) else {
            if isHeld(entry) { forget(entry) }
            return
        }
        if waitsFor(entry, []) {
            forget(entry)
        } else if awaitsDeciding(entry.view, entry.input) {
            waiting.append(entry)
        } else {
            var produced: [SceneEmission] = []
            do throws(SceneInputError) {
                try transaction { (state) throws(SceneInputError) in try state.beginHeld(entry, touch: k, participant: i, at: t, emit: &produced) }
                emit += produced
            } catch {
                forget(entry)
            }
        }
    }

    /// The held recogniser begins: its control delivers the began, and, as a recogniser of the
    /// touch that begins, it excludes the other views' and cancels the hit view's touch.
    private mutating func beginHeld(_ entry: Waiting, touch k: Int, participant i: Int, at t: Double,
                                    emit: inout [SceneEmission]) throws(SceneInputError) {
        let v = entry.view
        touches[k].participants[i].status = .recognized
        for j in touches[k].participants.indices where j != i && touches[k].participants[j].status == .possible
            && !scene.nodes[v].simultaneous.contains(touches[k].participants[j].view) {
            try fail(k, participant: j, at: t, emit: &emit)
        }
        try deliverHeld(entry, lifted: false, at: t, emit: &emit)
        try cancelDelivery(k, at: t, emit: &emit)
    }

    mutating func deliverHeld(_ entry: Waiting, lifted: Bool, at t: Double, emit: inout [SceneEmission]) throws(SceneInputError) {
        var produced: [Emission] = []
        do throws(ControlError) {
            try change(entry.view) { (control) throws(ControlError) in
                if let translation = entry.translation {
                    try control.recognizeSwipe(entry.input, at: entry.point, translation: translation, at: t, emit: &produced)
                } else {
                    try control.beginHeld(entry.input, lifted: lifted, at: t, emit: &produced)
                }
            }
        } catch {
            throw .rejected(view: scene.nodes[entry.view].id, error)
        }
        emit += produced.map { SceneEmission(view: scene.nodes[entry.view].id, $0) }
    }

    /// Touch `k` lifts (its held pans and presses were kept from the lift): each begins and ends
    /// now if what it waits for has failed by then, and ends unseen otherwise. A held swipe is
    /// recognised now if that has failed, and otherwise waits on without its finger.
    mutating func settleHeldAtLift(_ k: Int, _ taps: [(view: Int, input: Int)], at t: Double,
                                   emit: inout [SceneEmission]) throws(SceneInputError) {
        let id = touches[k].id
        let held = waiting.filter { $0.touch == id }
        guard !held.isEmpty else { return }
        waiting.removeAll { $0.touch == id }
        for entry in held where isHeld(entry) {
            if entry.translation != nil, !waitsFor(entry, taps), awaitsDeciding(entry.view, entry.input) {
                var lifted = entry
                lifted.touch = nil
                waiting.append(lifted)
            } else if waitsFor(entry, taps) || awaitsDeciding(entry.view, entry.input) {
                forget(entry)
            } else {
                try deliverHeld(entry, lifted: true, at: t, emit: &emit)
            }
        }
    }

    /// Waiting recognisers whose awaited tap this lift recognised fail (held ones, a swipe past its lift too, are forgotten).
    mutating func failWaiting(_ taps: [(view: Int, input: Int)]) {
        let failing = waiting.filter { waitsFor($0, taps) }
        guard !failing.isEmpty else { return }
        waiting = waiting.filter { !waitsFor($0, taps) }
        for entry in failing where isHeld(entry) { forget(entry) }
    }

    /// Touch `touch`'s held recognisers (of `view` only, when given) fail: they forget the touch
    /// without a word, before their view's recognisers are cancelled.
    mutating func dropHeld(touch: Int, view: Int? = nil) {
        let dropped = waiting.filter { $0.touch == touch && (view == nil || $0.view == view) }
        guard !dropped.isEmpty else { return }
        waiting.removeAll { $0.touch == touch && (view == nil || $0.view == view) }
        for entry in dropped where isHeld(entry) { forget(entry) }
    }

    func isHeld(_ entry: Waiting) -> Bool {
        switch controls[entry.view]?.input(entry.input) {
        case let .pan(recognizer)?: recognizer.isHeld
        case let .longPress(recognizer)?: recognizer.isHeld
        case let .swipe(recognizer)?: recognizer.isHeld
        case let .transform(recognizer)?: recognizer.isHeld && recognizer.isRecognized
        default: false
        }
    }

    /// A held recogniser fails: it forgets its touch (it never began, so nothing is delivered).
    mutating func forget(_ entry: Waiting) {
        switch controls[entry.view]?.input(entry.input) {
        case var .pan(recognizer)?:
            recognizer.reset()
            change(entry.view) { $0.setInput(entry.input, .pan(recognizer)) }
        case var .longPress(recognizer)?:
            recognizer.reset()
            change(entry.view) { $0.setInput(entry.input, .longPress(recognizer)) }
        case var .swipe(recognizer)? where recognizer.isHeld:
            recognizer.dropHeld()
            change(entry.view) { $0.setInput(entry.input, .swipe(recognizer)) }
        case var .transform(recognizer)? where recognizer.isHeld:
            recognizer.reset()
            change(entry.view) { $0.setInput(entry.input, .transform(recognizer)) }
        default:
            break
        }
    }
}
