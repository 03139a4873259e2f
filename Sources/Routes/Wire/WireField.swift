import AnimationCore

/// One member of a configuration object on the wire: how it is read and how it is echoed,
/// declared once so that decoding and the echo cannot drift apart.
struct WireField<Config>: Sendable {
    let read: @Sendable (inout Config, inout ObjectReader) throws(WireError) -> Void
    let write: @Sendable (Config, inout JSONWriter) -> Void

    static func number(_ name: String, _ path: WritableKeyPath<Config, Double> & Sendable) -> Self {
        Self(read: { c, r throws(WireError) in c[keyPath: path] = try r.number(name, default: c[keyPath: path]) },
             write: { c, w in w.member(name, c[keyPath: path]) })
    }

    static func bool(_ name: String, _ path: WritableKeyPath<Config, Bool> & Sendable) -> Self {
        Self(read: { c, r throws(WireError) in c[keyPath: path] = try r.bool(name, default: c[keyPath: path]) },
             write: { c, w in w.member(name, c[keyPath: path]) })
    }

    static func string(_ name: String, _ path: WritableKeyPath<Config, String> & Sendable) -> Self {
        Self(read: { c, r throws(WireError) in c[keyPath: path] = try r.string(name) ?? c[keyPath: path] },
             write: { c, w in w.member(name, c[keyPath: path]) })
    }

    static func color(_ name: String, _ path: WritableKeyPath<Config, Color> & Sendable) -> Self {
        Self(read: { c, r throws(WireError) in c[keyPath: path] = try r.color(name, default: c[keyPath: path]) },
             write: { c, w in w.member(name, c[keyPath: path].hex) })
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ path: WritableKeyPath<Config, T> & Sendable) -> Self
        where T.RawValue == String {
        Self(read: { c, r throws(WireError) in c[keyPath: path] = try r.choice(name, default: c[keyPath: path]) },
             write: { c, w in w.member(name, c[keyPath: path].rawValue) })
    }

    /// A value derived from the others: echoed, and read back only to be type-checked.
    static func derived(_ name: String, _ value: @escaping @Sendable (Config) -> Double) -> Self {
        Self(read: { _, r throws(WireError) in _ = try r.number(name) },
             write: { c, w in w.member(name, value(c)) })
    }

    /// Reads an object of `fields` over `defaults`; any other member is an error.
    static func decode(_ fields: [Self], over defaults: Config, from json: JSON, path: String) throws(WireError) -> Config {
        var reader = try ObjectReader(json, path: path)
        var config = defaults
        for field in fields { try field.read(&config, &reader) }
        try reader.finish()
        return config
    }

    static func encode(_ fields: [Self], _ config: Config, into w: inout JSONWriter) {
        w.beginObject()
        for field in fields { field.write(config, &w) }
        w.endObject()
    }
}
