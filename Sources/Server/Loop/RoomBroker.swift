import Synchronization

/// Holds the server's `RoomExchange` and carries its notices: each loop has an inbox here, and a
/// notice for it wakes it (`LoopControl.noteRoom`); the loop takes its inbox at the end of a pass
/// and answers with the calls below. Places given to a loop that has left go back to the counter.
final class RoomBroker: Sendable {
    private struct State {
        var exchange = RoomExchange()
        var inboxes: [Int: [RoomExchange.Notice]] = [:]
        var controls: [Int: LoopControl] = [:]
    }

    private let state = Mutex(State())
    private let counter: ConnectionCounter

    init(counter: ConnectionCounter) {
        self.counter = counter
    }

    /// A loop about to run joins once; the number it gets names it in the calls below.
    func join(_ control: LoopControl) -> Int {
        state.withLock { state in
            let loop = state.exchange.joined()
            state.controls[loop] = control
            state.inboxes[loop] = []
            return loop
        }
    }

    /// The loop drains or has ended. Places already granted to it and not taken go back to the counter.
    func leave(_ loop: Int) {
        perform { state in
            let untaken = (state.inboxes.removeValue(forKey: loop) ?? []).reduce(0) { sum, notice in
                if case .granted(let count) = notice { sum + count } else { sum }
            }
            state.controls[loop] = nil
            return state.exchange.left(loop) + (untaken > 0 ? [.release(untaken)] : [])
        }
    }

    func want(_ loop: Int, count: Int) {
        perform { $0.exchange.wanted(loop, count: count) }
    }

    func offer(_ loop: Int, _ candidates: [RoomExchange.Candidate]) {
        perform { $0.exchange.offered(loop, candidates) }
    }

    func closed(_ loop: Int, count: Int) {
        perform { $0.exchange.closed(loop, count: count) }
    }

    /// What `loop` has been told since it last looked, oldest first.
    func take(_ loop: Int) -> [RoomExchange.Notice] {
        state.withLock { state in
            guard let notices = state.inboxes[loop], !notices.isEmpty else { return [] }
            state.inboxes[loop] = []
            return notices
        }
    }

    /// Runs one event under the lock, posts its notices there, and wakes the loops told and
    /// releases places outside it.
    private func perform(_ event: (inout State) -> [RoomExchange.Action]) {
        var wake: [LoopControl] = []
        var released = 0
        state.withLock { state in
            for action in event(&state) {
                switch action {
                case .tell(let loop, let notice):
                    guard state.inboxes[loop] != nil, let control = state.controls[loop] else {
                        if case .granted(let count) = notice { released += count }
                        continue
                    }
                    state.inboxes[loop]!.append(notice)
                    wake.append(control)
                case .release(let count):
                    released += count
                }
            }
        }
        if released > 0 { counter.release(released) }
        for control in wake {
            control.noteRoom()
        }
    }
}
