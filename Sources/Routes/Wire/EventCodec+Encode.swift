import AnimationCore

extension EventCodec {
    /// One primitive input as a wire event that `decode` reads back to the same input
    /// (shorthands are already expanded, so none is written). Arguments are named as `definition`
    /// declares them.
    static func encode(_ event: TimedInput, definition: ControlDefinition?, into w: inout JSONWriter) {
        encode(event, definition: definition, into: &w) { _ in }
    }

    /// `encode`, with `members` written after the type (a scene's `touch` or `view`).
    static func encode(_ event: TimedInput, definition: ControlDefinition?, into w: inout JSONWriter,
                       members: (inout JSONWriter) -> Void) {
        w.beginObject()
        switch event.input {
        case let .touch(touch), let .secondTouch(touch):
            switch touch {
            case .down: w.member("type", "touchDown")
            case .move: w.member("type", "touchMove")
            case .up: w.member("type", "touchUp")
            case .cancel: w.member("type", "touchCancel")
            }
            if case .secondTouch = event.input { w.member("touch", 1) }
            members(&w)
            w.member("t", event.t)
            if let p = touch.location {
                w.member("x", p.x)
                w.member("y", p.y)
            }
        case let .command(command):
            w.member("type", command.name)
            members(&w)
            w.member("t", event.t)
            let names = definition?.command(named: command.name)?.parameters.map(\.name) ?? []
            for (name, value) in zip(names, command.arguments) {
                FrameEncoder.member(Field(name, value), into: &w)
            }
        }
        w.endObject()
    }
}
