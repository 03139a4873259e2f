/// A log destination, injected so tests can capture lines instead of printing them. A call carries
/// one `LogLine`'s text, or several with a newline between two (an event loop's batch); the sink
/// ends the last.
public typealias LogSink = @Sendable (String) -> Void
