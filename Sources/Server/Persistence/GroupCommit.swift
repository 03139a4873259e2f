/// The journal's group commit as a value: records framed into a batch, the batch written with one
/// write(2) and synced with one fdatasync, the writers it covered released, the segment filled
/// with zeros ahead of its records. Facts in (one `mutating func` per event), what to do out
/// (`Action`), as `Connection` does for a socket: it performs no I/O, reads no clock and holds no
/// lock, so its tests feed events at chosen times. `FileJournal` drives it: it calls the events
/// under its lock, performs the actions outside it and reports how each went.
///
/// One batch is in flight at a time (`State.writing`, then `.syncing`): records appended
/// meanwhile wait for the next. A found batch may first wait (`.gathering`): the `.batch`
/// policy's window, or `--fsync always`'s passes in progress (their changes join it), bounded.
/// A compaction takes the flight slot to move appends to a new segment (`.rotating`); a failed
/// write or sync is final (`.failed`).
struct GroupCommit: Equatable {
    /// How long a batch the flusher found waits before it is written.
    enum Gather: Equatable {
        /// Not at all.
        case none
        /// `--fsync batch`: this long from when it was found, so that more writers share the sync.
        case window(Double)
        /// `--fsync always`: until the passes in progress when it was found have ended, this long at most.
        case passes(atMost: Double)
    }

    /// When the zeros ahead of a segment's records are written: once fewer than `ahead` are
    /// left, up to the next multiple of `chunk` past that.
    struct FillPolicy: Equatable {
        var chunk: Int
        var ahead: Int
    }

    enum State: Equatable {
        /// The journal is being read (`JournalReplay`): no segment to append to yet.
        case opening
        /// No batch in flight; records wait in the batch for the flusher's next tick.
        case waiting
        /// The batch waits until `until` at the latest, or until each pass of `passes` has ended.
        case gathering(until: Double, passes: [Pass])
        /// A batch is being written (`Action.write`), then synced.
        case writing(Flight)
        case syncing(Flight)
        /// A compaction is creating the segment appends move to; no batch is written meanwhile.
        case rotating
        /// A write or a sync failed: nothing is accepted any more.
        case failed(SyscallError)
        case closed
    }

    /// A batch on its way to the disk.
    struct Flight: Equatable {
        enum Purpose: Equatable {
            /// The flusher's: the segment goes on.
            case commit
            /// A rotation's: the old segment's last batch; it is closed once synced.
            case rotation
            /// The close's: the journal is closed once synced.
            case close
        }

        var descriptor: Int32
        /// Every record up to this sequence number is durable once it is synced.
        var through: UInt64
        var purpose: Purpose
    }

    /// One event loop's pass, as `Passes` counted it when it began.
    struct Pass: Equatable {
        var loop: Int
        var count: UInt64
    }

    /// Per event loop, how many times it began or ended a pass: odd while it is in one.
    struct Passes: Equatable {
        var counts: [UInt64] = []
        var active = 0

        var inProgress: [Pass] {
            counts.enumerated().filter { $0.element & 1 == 1 }.map { Pass(loop: $0.offset, count: $0.element) }
        }

        func hasEnded(_ pass: Pass) -> Bool { counts[pass.loop] != pass.count }
    }

    /// The segment appends go to.
    struct Segment: Equatable {
        enum Fill: Equatable {
            case idle
            /// Zeros are being written up to `to`: a batch that would run past `allocated` waits.
            case running(to: Int)
            /// Filling failed (a full disk, say): batches are written past the end from now on.
            case failed
        }

        var number: Int
        var descriptor: Int32
        /// Where its records end: what has been written to it, or is being written.
        var end: Int
        /// Its size: the records, then zeros, filled ahead and synced, up to here.
        var allocated: Int
        var fill: Fill = .idle
    }

    /// Bytes to write with one write(2) at `offset`, `records` records of them.
    struct Write: Equatable {
        var descriptor: Int32
        var offset: Int
        var bytes: [UInt8]
        var records: Int
    }

    /// Why writers still waiting can no longer be made durable.
    enum Failure: Error, Equatable {
        case syscall(SyscallError)
        case closed
        /// Not open for appending yet.
        case opening
    }

    enum Action: Equatable {
        /// The flusher has work: wake it, so that it ticks.
        case wake
        /// Report `.wrote` or `.writeFailed` (a failed write cut back off the file first).
        case write(Write)
        /// fdatasync; report `.synced` or `.syncFailed`.
        case sync(Int32)
        /// Write and sync zeros over `from ..< to`; report `.filled` or `.fillFailed`.
        case fill(descriptor: Int32, from: Int, to: Int)
        /// Every writer waiting for a record up to `through` is answered: durable.
        case durable(through: UInt64)
        /// Every writer still waiting is answered with the failure.
        case fail(Failure)
        case close(Int32)
    }

    private(set) var state: State
    private(set) var segment: Segment
    let gather: Gather
    let fillPolicy: FillPolicy
    /// Sequence numbers handed out, and the last one synced.
    private(set) var appended: UInt64 = 0
    private(set) var syncedThrough: UInt64 = 0
    /// Framed records not yet in flight, in sequence order (`appended - batchCount + 1 … appended`).
    private(set) var batch: [UInt8] = []
    private(set) var batchCount = 0
    /// The buffer of the last flight, kept so that neither reallocates.
    private var spare: [UInt8] = []
    private(set) var passes = Passes()

    /// Open for appending to `segment`.
    init(segment: Segment, gather: Gather, fillPolicy: FillPolicy) {
        self.segment = segment
        self.gather = gather
        self.fillPolicy = fillPolicy
        state = .waiting
    }

    /// Not open yet: loops may join and pass, nothing is appended until `opened`.
    init(gather: Gather, fillPolicy: FillPolicy) {
        self.init(segment: Segment(number: 0, descriptor: -1, end: 0, allocated: 0), gather: gather, fillPolicy: fillPolicy)
        state = .opening
    }

    // MARK: Queries

    /// When the flusher must tick again though nothing happens: the end of a gather.
    var deadline: Double? {
        if case let .gathering(until, _) = state { until } else { nil }
    }

    /// Nothing will be written any more: the flusher's thread may end.
    var isFinished: Bool {
        switch state {
        case .failed, .closed: true
        default: false
        }
    }

    var failure: SyscallError? {
        if case let .failed(error) = state { error } else { nil }
    }

    /// What a writer of record `sequence` is told now; nil: wait for `.durable` or `.fail`.
    func outcome(of sequence: UInt64) -> Result<Void, Failure>? {
        if syncedThrough >= sequence { return .success(()) }
        switch state {
        case let .failed(error): return .failure(.syscall(error))
        case .closed: return .failure(.closed)
        default: return nil
        }
    }

    /// Bytes in the current segment, written or waiting.
    var segmentBytes: Int { segment.end + batch.count }

    /// The batch would run past the zeros while more are being written there.
    private var waitsForFill: Bool {
        if case .running = segment.fill { segment.end + batch.count > segment.allocated } else { false }
    }

    private var isClosing: Bool {
        switch state {
        case let .writing(flight), let .syncing(flight): flight.purpose == .close
        default: false
        }
    }

    // MARK: Events

    /// A writer framed a record: it joins the batch. Returns its sequence number. In a pass, the
    /// pass's end wakes the flusher, so that the pass's other changes share the sync; outside,
    /// the first record of a batch does (one wake-up per batch, not per record).
    mutating func appended(_ record: [UInt8]) throws(Failure) -> (sequence: UInt64, actions: [Action]) {
        switch state {
        case .opening: throw .opening
        case .closed: throw .closed
        case let .failed(error): throw .syscall(error)
        default: if isClosing { throw .closed }
        }
        batch += record
        batchCount += 1
        appended += 1
        let wakes = state == .waiting && passes.active == 0 && batchCount == 1
        return (appended, wakes ? [.wake] : [])
    }

    /// The journal was read: appends go to `segment` from now on.
    mutating func opened(_ segment: Segment) {
        guard case .opening = state else { preconditionFailure("opened twice: \(state)") }
        self.segment = segment
        state = .waiting
    }

    /// A loop about to run joins; the number names it in `passBegan` and `passEnded`.
    mutating func loopJoined() -> Int {
        passes.counts.append(0)
        return passes.counts.count - 1
    }

    mutating func passBegan(_ loop: Int) {
        passes.counts[loop] &+= 1
        passes.active += 1
    }

    /// Wakes the flusher when a batch waits for this pass, or was begun in it.
    mutating func passEnded(_ loop: Int) -> [Action] {
        passes.counts[loop] &+= 1
        passes.active -= 1
        switch state {
        case .waiting where batchCount > 0 && !waitsForFill: return [.wake]
        case let .gathering(_, gathered) where !gathered.isEmpty && gathered.allSatisfy(passes.hasEnded): return [.wake]
        default: return []
        }
    }

    /// The flusher's turn at `now`: commits the batch, begins gathering for it, or does nothing
    /// (nothing waits, a flight or a fill is in the way, or the gather goes on).
    mutating func tick(now: Double) -> [Action] {
        guard batchCount > 0, !waitsForFill else { return [] }
        switch state {
        case .waiting:
            switch gather {
            case .none:
                return commit()
            case let .window(window):
                state = .gathering(until: now + window, passes: [])
                return []
            case let .passes(atMost):
                let inProgress = passes.inProgress
                if inProgress.isEmpty || atMost == 0 { return commit() }
                state = .gathering(until: now + atMost, passes: inProgress)
                return []
            }
        case let .gathering(until, gathered):
            if !gathered.isEmpty && gathered.allSatisfy(passes.hasEnded) { return commit() }
            return now < until ? [] : commit()
        default:
            return []
        }
    }

    /// The flight's bytes are written: sync them.
    mutating func wrote() -> [Action] {
        guard case let .writing(flight) = state else { preconditionFailure("wrote with no write in flight: \(state)") }
        spare.removeAll(keepingCapacity: true)
        state = .syncing(flight)
        return [.sync(flight.descriptor)]
    }

    /// The flight is durable: its writers are released; the segment is filled further if that
    /// is due (a rotation's old segment closed first).
    mutating func synced() -> [Action] {
        guard case let .syncing(flight) = state else { preconditionFailure("synced with no sync in flight: \(state)") }
        syncedThrough = max(syncedThrough, flight.through)
        switch flight.purpose {
        case .commit:
            state = .waiting
            return [.durable(through: syncedThrough)] + dueFill()
        case .rotation:
            state = .waiting
            return [.close(flight.descriptor), .durable(through: syncedThrough)] + dueFill() + (batchCount > 0 ? [.wake] : [])
        case .close:
            state = .closed
            return [.close(flight.descriptor), .durable(through: syncedThrough), .fail(.closed)]
        }
    }

    /// A write or a sync failed. Final: what it covered may be lost (a later sync would prove
    /// nothing about it) and the changes it held are in memory already, so every writer waiting
    /// is failed and nothing is accepted after it (the restart replays what the disk holds).
    mutating func failed(_ error: SyscallError) -> [Action] {
        let flight: Flight
        switch state {
        case let .writing(inFlight), let .syncing(inFlight): flight = inFlight
        default: preconditionFailure("a failure with nothing in flight: \(state)")
        }
        spare.removeAll(keepingCapacity: true)
        switch flight.purpose {
        case .commit:
            state = .failed(error)
            return [.fail(.syscall(error))]
        case .rotation:
            state = .failed(error)
            return [.close(flight.descriptor), .fail(.syscall(error))]
        case .close:
            state = .closed
            return [.close(flight.descriptor), .fail(.closed)]
        }
    }

    /// The zeros are written and synced up to `end`.
    mutating func filled(to end: Int) -> [Action] {
        segment.fill = .idle
        segment.allocated = max(segment.allocated, end)
        return wakeAfterFill()
    }

    /// Filling failed: it costs only the speed (batches are written past the end from now on).
    mutating func fillFailed() -> [Action] {
        segment.fill = .failed
        return wakeAfterFill()
    }

    /// A compaction asks for the flight slot: true once it has it (`.rotating`), false while a
    /// flight or a fill is in the way (ask again once it ends).
    mutating func rotationRequested() throws(Failure) -> Bool {
        switch state {
        case .opening: throw .opening
        case .closed: throw .closed
        case let .failed(error): throw .syscall(error)
        case .writing, .syncing, .rotating: return false
        case .waiting, .gathering:
            if case .running = segment.fill { return false }
            state = .rotating
            return true
        }
    }

    /// The new segment is created: appends go there from now on, and what waits goes to the
    /// old one, which is synced and closed.
    mutating func rotated(to next: Segment) -> [Action] {
        guard case .rotating = state else { preconditionFailure("rotated without a rotation: \(state)") }
        let actions = takeBatch(purpose: .rotation)
        segment = next
        return actions
    }

    /// The new segment could not be created: the segment goes on as it was.
    mutating func rotationFailed() -> [Action] {
        guard case .rotating = state else { preconditionFailure("rotation failed without a rotation: \(state)") }
        state = .waiting
        return batchCount > 0 ? [.wake] : []
    }

    /// The journal closes: what waits is written and synced, then the segment closed. nil while
    /// a flight or a fill is in the way (ask again once it ends).
    mutating func closeRequested() -> [Action]? {
        switch state {
        case .closed: return []
        case .opening:
            state = .closed
            return []
        case let .failed(error):
            state = .closed
            return [.close(segment.descriptor), .fail(.syscall(error))]
        case .writing, .syncing, .rotating: return nil
        case .waiting, .gathering:
            if case .running = segment.fill { return nil }
            return takeBatch(purpose: .close)
        }
    }

    // MARK: Steps

    /// The flusher's flight: the batch, written at the end of the segment's records.
    private mutating func commit() -> [Action] { takeBatch(purpose: .commit) }

    /// Puts the batch in flight to the current segment, which grows by it (a flight with nothing
    /// to write goes straight to its sync).
    private mutating func takeBatch(purpose: Flight.Purpose) -> [Action] {
        let flight = Flight(descriptor: segment.descriptor, through: appended, purpose: purpose)
        guard !batch.isEmpty else {
            state = .syncing(flight)
            return [.sync(flight.descriptor)]
        }
        swap(&batch, &spare)
        let write = Write(descriptor: segment.descriptor, offset: segment.end, bytes: spare, records: batchCount)
        segment.end += spare.count
        segment.allocated = max(segment.allocated, segment.end)
        batchCount = 0
        state = .writing(flight)
        return [.write(write)]
    }

    /// Zeros to write after the current segment's records, when fewer than `ahead` are left.
    private mutating func dueFill() -> [Action] {
        guard case .idle = segment.fill, segment.allocated - segment.end < fillPolicy.ahead else { return [] }
        let start = max(segment.allocated, segment.end)
        let end = (segment.end + fillPolicy.ahead) / fillPolicy.chunk * fillPolicy.chunk + fillPolicy.chunk
        segment.allocated = start
        segment.fill = .running(to: end)
        return [.fill(descriptor: segment.descriptor, from: start, to: end)]
    }

    /// A batch held back by the fill can go now.
    private func wakeAfterFill() -> [Action] {
        switch state {
        case .waiting, .gathering: batchCount > 0 ? [.wake] : []
        default: []
        }
    }
}
