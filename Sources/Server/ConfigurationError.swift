/// A configuration that cannot be used; the message names the flag or variable and what was expected.
struct ConfigurationError: Error, Equatable {
    var message: String
}
