/// Told when an event loop begins and ends serving what one wait for readiness returned (a pass):
/// the journal's flusher waits for the passes in progress to end before it syncs, so that every
/// change they make shares that sync (`FileJournal`). Called on the loop's own thread.
protocol PassObserver: AnyObject, Sendable {
    /// A loop about to run joins once; the number it gets names it in the calls below.
    func joinLoop() -> Int
    func passBegan(_ loop: Int)
    func passEnded(_ loop: Int)
}
