extension DefinedControl {
    /// Applies one input at `t`; the caller has advanced to `t` first. Throws without changing anything.
    public mutating func handle(_ input: Input, at t: Double, emit: inout [Emission]) throws(ControlError) {
        time = t
        defer { if !deferred.isEmpty { deferred.removeAll() } }
        switch input {
        case let .touch(touch): try handleTouch(touch, at: t, emit: &emit)
        case let .secondTouch(touch): try handleTouch(touch, finger: 1, at: t, emit: &emit)
        case let .command(command): try handleCommand(command, at: t, emit: &emit)
        }
        try runDeferred(emit: &emit)
    }

    /// A touch for some of the inputs only: those whose bit is set in `inputs` (inputs past the
    /// 64th always). A scene gives a view's recognisers and its touch tracking the same touch at
    /// different times, as UIKit's gesture recognisers and `touchesBegan` get it (docs/scenes.md).
    /// `finger` 1 is a second touch, for the two-finger recognisers only.
    mutating func handle(_ touch: Touch, at t: Double, inputs: UInt64, finger: Int = 0, emit: inout [Emission]) throws(ControlError) {
        time = t
        defer { if !deferred.isEmpty { deferred.removeAll() } }
        try handleTouch(touch, finger: finger, at: t, inputs: inputs, emit: &emit)
        try runDeferred(emit: &emit)
    }

    /// The tap of input `index` recognised now at `point`: one that waited for another view's
    /// recogniser to fail (a scene's `require(toFail:)` across views, docs/scenes.md).
    mutating func recognizeTap(_ index: Int, at point: Point, at t: Double, emit: inout [Emission]) throws(ControlError) {
        time = t
        defer { if !deferred.isEmpty { deferred.removeAll() } }
        try ScratchList.with(capacity: 1) { (items: inout ScratchList<Recognized>) throws(ControlError) in
            items.append(.tap(index, point))
            try react(items, at: t, emit: &emit)
        }
        try runDeferred(emit: &emit)
    }

    /// The swipe of input `index`, recognised at `point` with `translation` while a recogniser of
    /// another view it waits for was deciding, recognised now that that one failed (docs/scenes.md);
    /// while its finger is down it excludes the control's other recognisers, as a swipe does.
    mutating func recognizeSwipe(_ index: Int, at point: Point, translation: Point, at t: Double, emit: inout [Emission]) throws(ControlError) {
        guard case var .swipe(swipe) = input(index), swipe.isHeld, case let .swipe(spec) = instance.definition.inputs[index] else { return }
        swipe.release()
        setInput(index, .swipe(swipe))
        if swipe.isTracking { exclude(by: index, spec.simultaneous) }
        time = t
        defer { if !deferred.isEmpty { deferred.removeAll() } }
        try ScratchList.with(capacity: 1) { (items: inout ScratchList<Recognized>) throws(ControlError) in
            items.append(.swipe(index, point, translation: translation))
            try react(items, at: t, emit: &emit)
        }
        try runDeferred(emit: &emit)
    }

    /// The pan, long press, pinch or rotation of input `index`, whose began a scene held while a
    /// recogniser of another view it waits for was deciding, begins now (a pan from translation 0,
    /// a press where the finger is, a pinch or rotation with its value since its fingers came
    /// down), excluding the control's other recognisers; with `lifted` (a pinch or rotation: both
    /// its fingers up), its finger has gone: it begins and ends there at once, excluding nothing
    /// (docs/scenes.md).
    mutating func beginHeld(_ index: Int, lifted: Bool, at t: Double, emit: inout [Emission]) throws(ControlError) {
        time = t
        defer { if !deferred.isEmpty { deferred.removeAll() } }
        var began: Recognized, ended: Recognized?
        switch (input(index), instance.definition.inputs[index]) {
        case (.pan(var pan), let .pan(spec)):
            guard let point = pan.location, case let .began(_, velocity)? = pan.release() else { return }
            if lifted { pan.reset() } else { exclude(by: index, spec.simultaneous) }
            setInput(index, .pan(pan))
            began = .pan(index, .began(translation: .zero, velocity: velocity), point)
            ended = lifted ? .pan(index, .ended(translation: .zero, velocity: velocity), point) : nil
        case (.transform(var transform), let .transform(spec)):
            guard let (start, end) = transform.release() else { return }
            if end == nil { exclude(by: index, spec.simultaneous) }
            setInput(index, .transform(transform))
            began = .transform(index, start, transform.location)
            ended = end.map { .transform(index, $0, transform.location) }
        case (.longPress(var press), let .longPress(spec)):
            guard case let .began(point)? = press.release() else { return }
            if lifted { press.reset() } else { exclude(by: index, spec.simultaneous) }
            setInput(index, .longPress(press))
            began = .longPress(index, .began(point))
            ended = lifted ? .longPress(index, .ended(point)) : nil
        default:
            return
        }
        try ScratchList.with(capacity: 2) { (items: inout ScratchList<Recognized>) throws(ControlError) in
            items.append(began)
            if let ended { items.append(ended) }
            try react(items, at: t, emit: &emit)
        }
        try runDeferred(emit: &emit)
    }

    // MARK: Commands

    private mutating func handleCommand(_ command: Command, at t: Double, emit: inout [Emission]) throws(ControlError) {
        let definition = instance.definition
        guard let index = definition.commands.firstIndex(where: { $0.name == command.name }) else {
            throw .unsupportedCommand(command.name, control: instance.name)
        }
        let plan = definition.commands[index].plan
        guard command.arguments.count == plan.count else {
            throw .invalidParameter(ParameterError(definition.commands[index].parameters.first?.name ?? command.name,
                                                   "expected \(plan.count) arguments, got \(command.arguments.count)"))
        }
        try Registers.forReactions(count: frameSize) { (r) throws(ControlError) in
            var next = 0
            for position in plan.indices {
                let argument = plan[position]
                switch (argument.kind, command.arguments[position]) {
                case let (.number, .number(number)):
                    if let bounds = argument.bounds, let violation = bounds.violation(number) {
                        throw .invalidParameter(ParameterError(definition.commands[index].parameters[position].name, violation))
                    }
                    r[next] = number
                case let (.bool, .bool(flag)):
                    r[next] = flag ? 1 : 0
                case let (.color, .color(color)):
                    r[next] = color.red; r[next + 1] = color.green; r[next + 2] = color.blue; r[next + 3] = color.alpha
                case let (.enumeration, .string(text)):
                    guard let value = argument.cases.firstIndex(of: text) else {
                        throw .invalidParameter(ParameterError(definition.commands[index].parameters[position].name,
                                                               "must be one of \(argument.cases.map { "'\($0)'" }.joined(separator: ", "))"))
                    }
                    r[next] = Double(value)
                default:
                    let spec = definition.commands[index].parameters[position]
                    throw .invalidParameter(ParameterError(spec.name, "expected a \(spec.typeName)"))
                }
                next += argument.width
            }
            try run(definition.commands[index].reactions, r, at: t, emit: &emit)
        }
    }

    // MARK: Touches

    /// What one input made of a touch, before any reaction runs.
    enum Recognized {
        case control(Int, ControlTracking.Outcome, Point)
        case tap(Int, Point)
        case pan(Int, PanRecognizer.Event, Point)
        case longPress(Int, LongPressRecognizer.Event)
        /// A swipe recognized: where the finger is, and its translation from the touch-down.
        case swipe(Int, Point, translation: Point)
        /// A pinch's or rotation's event, and where the gesture is (between the fingers).
        case transform(Int, TransformRecognizer.Event, Point)
    }

    /// Every input sees the touch first (in declaration order; a pan that begins makes every tap
    /// fail, as UIKit's exclusive recognisers do); then the reactions run, in the same order.
    private mutating func handleTouch(_ touch: Touch, finger: Int = 0, at t: Double, inputs mask: UInt64 = .max,
                                      emit: inout [Emission]) throws(ControlError) {
        let location = touch.location ?? .zero
        let count = inputCount
        guard count > 0 else { return }
        if finger == 0, touch.isDown, let slot = instance.definition.elapsedSlot { setVariable(slot, t) }
        // Twice the inputs: a tap may recognize and have an earlier recognition delivered at once.
        try ScratchList.with(capacity: 2 * count) { (found: inout ScratchList<Recognized>) throws(ControlError) in
            feed(touch, finger: finger, at: t, location, inputs: mask, into: &found)
            if instance.definition.arbitrates { try arbitrate(&found, at: t) }
            guard found.count > 0 else { return }
            try react(found, at: t, emit: &emit)
        }
    }

    /// Every input sees the touch; what each recognised is added to `out`, in order.
    private mutating func feed(_ touch: Touch, finger: Int, at t: Double, _ location: Point, inputs mask: UInt64,
                               into out: inout ScratchList<Recognized>) {
        let definition = instance.definition
        for index in 0..<inputCount where index >= 64 || mask & (1 << UInt64(index)) != 0 {
            // The second finger is for the two-finger recognizers only.
            if finger != 0 { guard case .transform = definition.inputs[index] else { continue } }
            switch (input(index), definition.inputs[index]) {
            case let (.transform(transform), .transform(spec)):
                var transform = transform
                let area = landing(touch, spec.region, at: t)
                let event = transform.handle(finger: finger, touch, at: t, accepts: area.contains)
                setInput(index, .transform(transform))
                // Held by a scene: it runs on unseen, and excludes nobody until released.
                guard let event, !transform.isHeld else { continue }
                if case .began = event { exclude(by: index, spec.simultaneous) }
                out.append(.transform(index, event, transform.location))
            case let (.control(tracking), .control(spec)):
                var tracking = tracking
                tracking.bounds = region(spec.region, at: t)
                let begins = touch.isDown ? beginsTracking(spec.overrides, at: location, t) : true
                let outcome = tracking.handle(touch, at: t, begins: begins)
                setInput(index, .control(tracking))
                out.append(.control(index, outcome, location))
            case let (.tap(tap), .tap(spec)):
                var tap = tap
                let area = landing(touch, spec.region, at: t)
                if tap.handle(touch, at: t, accepts: area.contains) { out.append(.tap(index, location)) }
                setInput(index, .tap(tap))
            case let (.pan(pan), .pan(spec)):
                var pan = pan
                let area = landing(touch, spec.region, at: t)
                let wasHeld = pan.isHeld
                let event = pan.handle(touch, at: t, accepts: area.contains, bounds: area)
                if wasHeld || spec.requireToFail != 0 {
                    // Failure requirements: a began goes out held (arbitrate lets it through or
                    // fails it); while held, moves are withheld; an end goes out still held
                    // (arbitrate delivers the pending began and end if what it waits for fails now).
                    if case .began? = event {
                        pan.isHeld = true
                    } else if wasHeld, case .ended? = event {
                        // Idle now, and held until arbitrate has seen it.
                    } else if wasHeld {
                        if event != nil { pan.isHeld = pan.isRecognized }
                        setInput(index, .pan(pan))
                        continue
                    }
                }
                setInput(index, .pan(pan))
                guard let event else { continue }
                if case .began = event, !pan.isHeld { exclude(by: index, spec.simultaneous) }
                out.append(.pan(index, event, location))
            case let (.swipe(swipe), .swipe(spec)):
                var swipe = swipe
                let area = landing(touch, spec.region, at: t)
                let translation = swipe.handle(touch, at: t, accepts: area.contains)
                setInput(index, .swipe(swipe))
                guard let translation else { continue }
                // Discrete, yet recognized while the finger is down: it excludes as a pan that begins does.
                exclude(by: index, spec.simultaneous)
                out.append(.swipe(index, location, translation: translation))
            case let (.longPress(press), .longPress(spec)):
                var press = press
                let area = landing(touch, spec.region, at: t)
                let wasHeld = press.isHeld
                let event = press.handle(touch, at: t, accepts: area.contains)
                if wasHeld || spec.requireToFail != 0 {
                    // Failure requirements, as a pan's: a began goes out held, moves are withheld
                    // while held, an end goes out still held for arbitrate to settle.
                    if case .began? = event {
                        press.isHeld = true
                    } else if wasHeld, case .ended? = event {
                        // Idle now, and held until arbitrate has seen it.
                    } else if wasHeld {
                        if event != nil { press.isHeld = press.isRecognized }
                        setInput(index, .longPress(press))
                        continue
                    }
                }
                setInput(index, .longPress(press))
                guard let event else { continue }
                if case .began = event, !press.isHeld { exclude(by: index, spec.simultaneous) }
                out.append(.longPress(index, event))
            default:
                break
            }
        }
    }

    /// The reactions to what the inputs recognised, in order.
    private mutating func react(_ recognized: ScratchList<Recognized>, at t: Double, emit: inout [Emission]) throws(ControlError) {
        let definition = instance.definition
        try Registers.forReactions(count: frameSize) { (r) throws(ControlError) in
            for position in 0..<recognized.count {
                let item = recognized[position]
                switch item {
                case let .control(index, outcome, point):
                    guard case let .control(spec) = definition.inputs[index] else { continue }
                    if let at = outcome.unhighlightAt { try schedule(.unhighlight(input: index), at: at) }
                    if outcome.cancelsUnhighlight {
                        timers.removeAll { $0.kind == .unhighlight(input: index) }
                        releaseEmptyTimers()
                    }
                    if outcome.stateChanged { try run(spec.onStateChange, r, at: t, emit: &emit) }
                    for (position, tracked) in outcome.events.enumerated() {
                        let event = ControlTracking.Event(tracked)
                        if let list = spec.overrides.list(before: event, at: position, of: outcome.events) {
                            try runOverride(list, point, r, at: t, emit: &emit)
                        }
                        try controlEvent(event, spec, point, r, at: t, emit: &emit)
                        if event == .touchUpInside && spec.overrides.primaryActionOnTouchUpInside { try controlEvent(.primaryActionTriggered, spec, point, r, at: t, emit: &emit) }
                    }
                case let .tap(index, point):
                    guard case let .tap(spec) = definition.inputs[index], !spec.recognized.isEmpty else { continue }
                    r[0] = point.x
                    r[1] = point.y
                    try run(spec.recognized, r, at: t, emit: &emit)
                case let .swipe(index, point, translation):
                    guard case let .swipe(spec) = definition.inputs[index], !spec.recognized.isEmpty else { continue }
                    r[0] = point.x; r[1] = point.y
                    r[2] = translation.x; r[3] = translation.y
                    try run(spec.recognized, r, at: t, emit: &emit)
                case let .transform(index, event, point):
                    guard case let .transform(spec) = definition.inputs[index] else { continue }
                    let reactions: ReactionList
                    switch event {
                    case let .began(value, velocity), let .changed(value, velocity), let .ended(value, velocity):
                        r[0] = value; r[1] = velocity
                        r[2] = point.x; r[3] = point.y
                        switch event {
                        case .began: reactions = spec.began
                        case .changed: reactions = spec.changed
                        default: reactions = spec.ended
                        }
                    case .cancelled:
                        reactions = spec.cancelled
                    }
                    try run(reactions, r, at: t, emit: &emit)
                case let .longPress(index, event):
                    guard case let .longPress(spec) = definition.inputs[index] else { continue }
                    let reactions: ReactionList
                    switch event {
                    case let .began(p), let .changed(p), let .ended(p):
                        r[0] = p.x; r[1] = p.y
                        switch event {
                        case .began: reactions = spec.began
                        case .changed: reactions = spec.changed
                        default: reactions = spec.ended
                        }
                    case .cancelled:
                        reactions = spec.cancelled
                    }
                    try run(reactions, r, at: t, emit: &emit)
                case let .pan(index, event, point):
                    guard case let .pan(spec) = definition.inputs[index] else { continue }
                    let reactions: ReactionList
                    switch event {
                    case let .began(translation, velocity), let .changed(translation, velocity), let .ended(translation, velocity):
                        r[0] = translation.x; r[1] = translation.y
                        r[2] = velocity.x; r[3] = velocity.y
                        r[4] = point.x; r[5] = point.y
                        switch event {
                        case .began: reactions = spec.began
                        case .changed: reactions = spec.changed
                        default: reactions = spec.ended
                        }
                    case .cancelled:
                        reactions = spec.cancelled
                    }
                    try run(reactions, r, at: t, emit: &emit)
                }
            }
        }
    }

    /// A control event: its name emitted (when the input emits them), then its reactions.
    @inline(__always)
    private mutating func controlEvent(_ event: ControlTracking.Event, _ spec: ControlInputSpec, _ point: Point,
                                       _ r: Registers, at t: Double, emit: inout [Emission]) throws(ControlError) {
        if spec.emitsControlEvents { emit.add(Emission(t: t, name: event.rawValue)) }
        let reactions = instance.definition.eventLists[Int(spec.on.start) + Int(event.index)]
        guard reactions.count > 0 else { return }
        r[0] = point.x
        r[1] = point.y
        try run(reactions, r, at: t, emit: &emit)
    }

    /// Recognizer `winner` began: every other recognizer still possible fails (the first to begin
    /// wins, docs/fidelity.md#arbitration), except those it recognizes simultaneously with.
    mutating func exclude(by winner: Int, _ simultaneous: UInt64) {
        for index in 0..<inputCount where index != winner && (index >= 64 || simultaneous & (1 << UInt64(index)) == 0) {
            switch input(index) {
            case var .tap(tap):
                tap.fail()
                setInput(index, .tap(tap))
                if instance.definition.arbitrates { dropRecognizerTimers(index) }
            case var .longPress(press) where press.isPossible || press.isHeld:
                press.fail()
                setInput(index, .longPress(press))
                dropRecognizerTimers(index)
            case var .pan(pan) where (!pan.isRecognized && pan.phase != .idle) || pan.isHeld:
                pan.reset()
                setInput(index, .pan(pan))
            case var .transform(transform) where !transform.isRecognized || transform.isHeld:
                if transform.isHeld { transform.reset() } else { transform.fail() }
                setInput(index, .transform(transform))
            case var .swipe(swipe) where swipe.isPossible:
                swipe.fail()
                setInput(index, .swipe(swipe))
                dropRecognizerTimers(index)
            default:
                break
            }
        }
    }

    /// After the inputs saw an event (only for definitions with long presses, multi-taps or
    /// failure requirements): recognizer timers follow the recognizers' state, and each
    /// tap's recognition that `requireToFail` holds is held, dropped or delivered (UIKit's
    /// failure requirements: held while a required recognizer is possible, dropped when one
    /// recognizes, delivered when all have failed): `out` keeps what goes on to react.
    mutating func arbitrate(_ out: inout ScratchList<Recognized>, at t: Double) throws(ControlError) {
        let found = out.count
        let definition = instance.definition
        // Recognizers that recognized or began in this event.
        var won: UInt64 = 0
        for k in 0..<found {
            switch out[k] {
            case let .tap(index, _) where index < 64: won |= 1 << UInt64(index)
            case let .pan(index, .began, _) where index < 64 && beganStands(index): won |= 1 << UInt64(index)
            case let .longPress(index, .began) where index < 64 && beganStands(index): won |= 1 << UInt64(index)
            case let .swipe(index, _, _) where index < 64: won |= 1 << UInt64(index)
            case let .transform(index, .began, _) where index < 64: won |= 1 << UInt64(index)
            default: break
            }
        }
        var possible: UInt64 = 0
        for index in 0..<min(inputCount, 64) {
            let bit: UInt64 = 1 << UInt64(index)
            switch input(index) {
            case let .tap(tap):
                if tap.isTracking { possible |= bit }
                try followTimer(index, tap.waitDeadline)
            case let .longPress(press):
                if press.isPossible || press.isHeld { possible |= bit }
                try followTimer(index, press.beginTime)
            case let .pan(pan):
                if pan.phase != .idle && (!pan.isRecognized || pan.isHeld) { possible |= bit }
            case let .swipe(swipe):
                if swipe.isPossible { possible |= bit }
                try followTimer(index, swipe.deadline)
            case let .transform(transform):
                if transform.phase == .possible || transform.isHeld { possible |= bit }
            case .control:
                break
            }
        }
        // Recognitions this event made, held or dropped by what they wait for.
        var kept = 0
        var endedHeld: [(index: Int, velocity: Point, at: Point)] = []
        var endedHeldPresses: [(index: Int, at: Point)] = []
        for k in 0..<found {
            let item = out[k]
            if case let .pan(index, .began, _) = item, !beganStands(index), !letThrough(index, won: won, possible: possible) { continue }
            if case let .longPress(index, .began) = item, !beganStands(index), !letThrough(index, won: won, possible: possible) { continue }
            if case let .longPress(index, .ended(point)) = item, case var .longPress(press) = input(index), press.isHeld {
                // Lifted while held: began and end delivered now if all it waits for failed, else unseen.
                press.isHeld = false
                setInput(index, .longPress(press))
                if case let .longPress(spec) = definition.inputs[index], spec.requireToFail & (won | possible) == 0 {
                    endedHeldPresses.append((index, point))
                }
                continue
            }
            if case let .pan(index, .ended(_, velocity), point) = item, case var .pan(pan) = input(index), pan.isHeld {
                // Lifted while held: its began and end are delivered now if all it waits for failed
                // (translation 0: counted from now), else it ends unseen.
                pan.isHeld = false
                setInput(index, .pan(pan))
                if case let .pan(spec) = definition.inputs[index], spec.requireToFail & (won | possible) == 0 {
                    endedHeld.append((index, velocity, point))
                }
                continue
            }
            if case let .tap(index, point) = item, case let .tap(spec) = definition.inputs[index], spec.requireToFail != 0 {
                if spec.requireToFail & won != 0 { continue }
                if spec.requireToFail & possible != 0 {
                    guard case var .tap(tap) = input(index) else { continue }
                    tap.held = point
                    setInput(index, .tap(tap))
                    continue
                }
            }
            out[kept] = item
            kept += 1
        }
        out.keepFirst(kept)
        // Recognitions held before: dropped when what they wait for recognized, delivered when it all failed.
        for index in 0..<inputCount {
            guard case var .tap(tap) = input(index), let point = tap.held, case let .tap(spec) = definition.inputs[index] else { continue }
            if spec.requireToFail & won != 0 {
                tap.held = nil
            } else if spec.requireToFail & possible == 0 {
                tap.held = nil
                out.append(.tap(index, point))
            } else {
                continue
            }
            setInput(index, .tap(tap))
        }
        for ended in endedHeld {
            out.append(.pan(ended.index, .began(translation: .zero, velocity: ended.velocity), ended.at))
            out.append(.pan(ended.index, .ended(translation: .zero, velocity: ended.velocity), ended.at))
        }
        for ended in endedHeldPresses {
            out.append(.longPress(ended.index, .began(ended.at)))
            out.append(.longPress(ended.index, .ended(ended.at)))
        }
        // Pans held by failure requirements: failed when one of them recognized or began, let
        // through (beginning now, excluding the others) when all have failed.
        for index in 0..<inputCount {
            // A pan a scene holds (its control declares no requirement) is the scene's to settle.
            guard case var .pan(pan) = input(index), pan.isHeld, case let .pan(spec) = definition.inputs[index],
                  spec.requireToFail != 0 else { continue }
            if spec.requireToFail & won != 0 {
                pan.reset()
                setInput(index, .pan(pan))
            } else if spec.requireToFail & possible == 0, let point = pan.location, let event = pan.release() {
                setInput(index, .pan(pan))
                exclude(by: index, spec.simultaneous)
                out.append(.pan(index, event, point))
            }
        }
        // Long presses held the same way: failed, or let through where the finger is.
        for index in 0..<inputCount {
            guard case var .longPress(press) = input(index), press.isHeld, case let .longPress(spec) = definition.inputs[index],
                  spec.requireToFail != 0 else { continue }
            if spec.requireToFail & won != 0 {
                press.reset()
                setInput(index, .longPress(press))
            } else if spec.requireToFail & possible == 0, let event = press.release() {
                setInput(index, .longPress(press))
                exclude(by: index, spec.simultaneous)
                out.append(.longPress(index, event))
            }
        }
    }

    /// Input `index` is a pan or a long press whose began stands: neither held nor failed since.
    private func beganStands(_ index: Int) -> Bool {
        switch input(index) {
        case let .pan(pan): pan.isRecognized && !pan.isHeld
        case let .longPress(press): press.isRecognized && !press.isHeld
        default: false
        }
    }

    /// A pan or a long press whose began this event is held by `requireToFail`: failed when one of
    /// the recognizers it waits for recognized or began, kept held while one is possible, else let
    /// through (beginning now, as it would have without the requirement). Whether its began goes out.
    private mutating func letThrough(_ index: Int, won: UInt64, possible: UInt64) -> Bool {
        // Not held: excluded while it was (a recognizer it waits for began in this event).
        let spec = instance.definition.inputs[index]
        let stands: Bool
        switch input(index) {
        case var .pan(pan) where pan.isHeld:
            stands = Self.settle(&pan, waitingFor: spec.requireToFail, won: won, possible: possible)
            setInput(index, .pan(pan))
        case var .longPress(press) where press.isHeld:
            stands = Self.settle(&press, waitingFor: spec.requireToFail, won: won, possible: possible)
            setInput(index, .longPress(press))
        default:
            return false
        }
        if stands { exclude(by: index, spec.simultaneous) }
        return stands
    }

    /// A held recognizer fails when one it waits for won, stays held while one is possible, else
    /// is let through. Whether its began now stands.
    private static func settle(_ recognizer: inout some HeldRecognizer, waitingFor required: UInt64, won: UInt64,
                               possible: UInt64) -> Bool {
        if required & won != 0 {
            recognizer.reset()
        } else if required & possible == 0 {
            recognizer.isHeld = false
        }
        return !recognizer.isHeld && recognizer.isRecognized
    }

    /// Keeps input `index`'s one recognizer timer at `deadline` (none when nil).
    private mutating func followTimer(_ index: Int, _ deadline: Double?) throws(ControlError) {
        let pending = timers.first { $0.kind == .recognizer(input: index) }?.t
        guard pending != deadline else { return }
        dropRecognizerTimers(index)
        if let deadline { try schedule(.recognizer(input: index), at: deadline) }
    }

    mutating func dropRecognizerTimers(_ index: Int) {
        guard timers.contains(where: { $0.kind == .recognizer(input: index) }) else { return }
        timers.removeAll { $0.kind == .recognizer(input: index) }
        releaseEmptyTimers()
    }

    /// Input `index`'s own timer fell due: a long press begins, a multi-tap's wait runs out;
    /// then what that changes for the others, and the reactions.
    mutating func recognizerTimer(_ index: Int, at t: Double, emit: inout [Emission]) throws(ControlError) {
        let count = inputCount
        try ScratchList.with(capacity: 2 * count) { (out: inout ScratchList<Recognized>) throws(ControlError) in
            switch (input(index), instance.definition.inputs[index]) {
            case let (.longPress(press), .longPress(spec)) where press.beginTime == t:
                var press = press
                if let event = press.pressDurationElapsed() {
                    // With failure requirements its began goes out held (arbitrate settles it).
                    if spec.requireToFail != 0 { press.isHeld = true }
                    setInput(index, .longPress(press))
                    if !press.isHeld { exclude(by: index, spec.simultaneous) }
                    out.append(.longPress(index, event))
                }
            case (.tap(var tap), _):
                if tap.intervalElapsed(at: t) { setInput(index, .tap(tap)) }
            case (.swipe(var swipe), _):
                if swipe.durationElapsed(at: t) { setInput(index, .swipe(swipe)) }
            default:
                break
            }
            try arbitrate(&out, at: t)
            guard out.count > 0 else { return }
            try react(out, at: t, emit: &emit)
        }
    }

    /// Where a touch-down may land for an input with `region` (computed only for a touch-down:
    /// the other phases do not ask).
    private func landing(_ touch: Touch, _ region: RegionSpec, at t: Double) -> Rect {
        touch.isDown ? self.region(region, at: t) : Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// A region's rectangle at `t`.
    func region(_ spec: RegionSpec, at t: Double) -> Rect {
        if let slots = spec.constant {
            let c = instance.constantTable
            return Rect(x: c[slots], y: c[slots + 1], width: c[slots + 2], height: c[slots + 3])
        }
        return instance.evaluate(spec.program, source: self, at: t) { r in
            Rect(x: r[spec.registers.0], y: r[spec.registers.1], width: r[spec.registers.2], height: r[spec.registers.3])
        }
    }

    /// The registers one entry point (an input, a command, a timer, a completion) needs.
    var frameSize: Int { instance.frameSize }

    /// Runs an entry point's reactions in a fresh frame (no event fields).
    mutating func runEntry(_ reactions: ReactionList, at t: Double, emit: inout [Emission]) throws(ControlError) {
        guard !reactions.isEmpty else { return }
        try Registers.forReactions(count: frameSize) { (r) throws(ControlError) in try run(reactions, r, at: t, emit: &emit) }
    }
}

extension Touch {
    var isDown: Bool {
        if case .down = self { return true }
        return false
    }
}
