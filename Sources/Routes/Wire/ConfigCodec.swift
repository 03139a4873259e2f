import AnimationCore

/// `config` on the wire ⇄ a control's resolved configuration: its definition's parameters read
/// (every field optional, each with its default; unknown fields are errors) and echoed whole.
enum ConfigCodec {
    static func encode(_ instance: ControlInstance, into w: inout JSONWriter) {
        w.value(instance.echo)
    }
}
