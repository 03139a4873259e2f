import AnimationCore

/// `config` on the wire ⇄ a control's resolved configuration: its definition's parameters read
/// (every field optional, each with its default; unknown fields are errors) and echoed whole.
enum ConfigCodec {
    /// A session's configuration of `control`; faults are named under `config.…`.
    static func instance(_ control: RegisteredControl, config: JSON?) throws(WireError) -> ControlInstance {
        do {
            return try control.instance(configuration: config)
        } catch {
            throw WireError(code: error.code.rawValue, field: error.path.dotted, error.message)
        }
    }

    static func encode(_ instance: ControlInstance, into w: inout JSONWriter) {
        w.value(instance.echo)
    }
}
