/// One command-line flag (and optionally its environment variable): declared once as data, so the
/// parser and `--help` can never disagree.
struct ConfigurationOption: Sendable {
    let flag: String
    let environment: String?
    let placeholder: String
    let help: String
    let apply: @Sendable (inout Configuration, _ value: String, _ source: String) throws(ConfigurationError) -> Void
    /// A switch (`--ephemeral`) takes no value on the command line; its environment variable is `1`/`true`.
    var takesValue: Bool { !placeholder.isEmpty }

    /// An on/off switch.
    static func flag(_ flag: String, environment: String? = nil, help: String,
                     _ set: @escaping @Sendable (inout Configuration) -> Void) -> ConfigurationOption {
        ConfigurationOption(flag: flag, environment: environment, placeholder: "", help: help) { configuration, value, source throws(ConfigurationError) in
            switch value {
            case "", "1", "true", "yes": set(&configuration)
            case "0", "false", "no": break
            default: throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected 1 or 0")
            }
        }
    }

    /// An integer setting within `range`.
    static func integer(_ flag: String, _ path: WritableKeyPath<Configuration, Int> & Sendable, _ range: ClosedRange<Int>,
                        environment: String? = nil, help: String) -> ConfigurationOption {
        ConfigurationOption(flag: flag, environment: environment, placeholder: "N", help: help) { configuration, value, source throws(ConfigurationError) in
            guard let number = Int(value), range.contains(number) else {
                throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected an integer from \(range.lowerBound) to \(range.upperBound)")
            }
            configuration[keyPath: path] = number
        }
    }

    /// A duration in seconds, positive and at most a day.
    static func seconds(_ flag: String, _ path: WritableKeyPath<Configuration, Double> & Sendable, help: String) -> ConfigurationOption {
        ConfigurationOption(flag: flag, environment: nil, placeholder: "SECONDS", help: help) { configuration, value, source throws(ConfigurationError) in
            guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw ConfigurationError(message: "invalid value \"\(value)\" for \(source): expected seconds, more than 0 and at most 86400")
            }
            configuration[keyPath: path] = seconds
        }
    }
}
