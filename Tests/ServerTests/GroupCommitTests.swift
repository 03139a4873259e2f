import Glibc
import Testing
@testable import Server

/// The group commit alone: events in at chosen times, the whole list of actions out, and the
/// state they leave. No thread, no file, no lock. Segments here are small (chunks of 64 bytes,
/// filled when fewer than 32 zeros are left) so that the offsets read as literals.
@Suite struct GroupCommitTests {
    typealias Write = GroupCommit.Write
    typealias Flight = GroupCommit.Flight

    static let policy = GroupCommit.FillPolicy(chunk: 64, ahead: 32)
    static let eio = SyscallError("fdatasync", errno: EIO)

    /// Segment 1 on descriptor 5: its header (8 bytes), then zeros to 64.
    static func machine(_ gather: GroupCommit.Gather = .none, end: Int = 8, allocated: Int = 64) -> GroupCommit {
        GroupCommit(segment: .init(number: 1, descriptor: 5, end: end, allocated: allocated), gather: gather, fillPolicy: policy)
    }

    static func record(_ byte: UInt8, _ count: Int) -> [UInt8] { [UInt8](repeating: byte, count: count) }

    @Test func aBatchIsWrittenSyncedAndItsWritersReleased() throws {
        var machine = Self.machine()
        #expect(try machine.appended([1, 1, 1]) == (1, [.wake]), "the first record of a batch wakes the flusher")
        #expect(try machine.appended([2, 2]) == (2, []), "later ones need not")
        #expect(machine.tick(now: 0) == [.write(Write(descriptor: 5, offset: 8, bytes: [1, 1, 1, 2, 2], records: 2))])
        #expect(machine.state == .writing(Flight(descriptor: 5, through: 2, purpose: .commit)))
        #expect(try machine.appended([3]) == (3, []), "in flight: the next batch fills meanwhile")
        #expect(machine.tick(now: 0) == [], "one batch in flight at a time")
        #expect(machine.wrote() == [.sync(5)])
        #expect(machine.outcome(of: 1) == nil)
        #expect(machine.synced() == [.durable(through: 2)], "51 zeros left: no fill due")
        #expect(machine.outcome(of: 2) != nil && machine.outcome(of: 3) == nil)
        #expect(machine.tick(now: 1) == [.write(Write(descriptor: 5, offset: 13, bytes: [3], records: 1))])
        #expect(machine.segment == .init(number: 1, descriptor: 5, end: 14, allocated: 64))
    }

    @Test func theSegmentIsFilledAheadAndABatchPastTheZerosWaitsForTheFill() throws {
        var machine = Self.machine(end: 8, allocated: 8)
        _ = try machine.appended(Self.record(1, 20))
        #expect(machine.tick(now: 0) == [.write(Write(descriptor: 5, offset: 8, bytes: Self.record(1, 20), records: 1))])
        #expect(machine.wrote() == [.sync(5)])
        #expect(machine.synced() == [.durable(through: 1), .fill(descriptor: 5, from: 28, to: 64)])
        #expect(machine.segment == .init(number: 1, descriptor: 5, end: 28, allocated: 28, fill: .running(to: 64)))
        #expect(try machine.appended(Self.record(2, 40)) == (2, [.wake]))
        #expect(machine.tick(now: 1) == [], "it would run past the zeros while they are written")
        #expect(machine.filled(to: 64) == [.wake])
        #expect(machine.tick(now: 2) == [.write(Write(descriptor: 5, offset: 28, bytes: Self.record(2, 40), records: 1))])
        #expect(machine.wrote() == [.sync(5)])
        #expect(machine.synced() == [.durable(through: 2), .fill(descriptor: 5, from: 68, to: 128)])
    }

    @Test func aFailedFillCostsOnlyTheFill() throws {
        var machine = Self.machine(end: 8, allocated: 8)
        _ = try machine.appended(Self.record(1, 30))
        _ = machine.tick(now: 0)
        _ = machine.wrote()
        #expect(machine.synced() == [.durable(through: 1), .fill(descriptor: 5, from: 38, to: 128)])
        #expect(machine.fillFailed() == [])
        _ = try machine.appended([2])
        #expect(machine.tick(now: 1) == [.write(Write(descriptor: 5, offset: 38, bytes: [2], records: 1))])
        _ = machine.wrote()
        #expect(machine.synced() == [.durable(through: 2)], "no fill again in this segment")
    }

    /// `--fsync always` with a bound: the batch waits for the passes in progress when it was
    /// found, and a change written meanwhile joins it.
    @Test func aFoundBatchWaitsForThePassesInProgressThenGoes() throws {
        var machine = Self.machine(.passes(atMost: 0.0005))
        let first = machine.loopJoined(), second = machine.loopJoined()
        machine.passBegan(first)
        machine.passBegan(second)
        #expect(try machine.appended([1]) == (1, []), "in a pass: its end wakes the flusher")
        #expect(machine.passEnded(first) == [.wake])
        #expect(machine.tick(now: 100) == [])
        #expect(machine.state == .gathering(until: 100.0005, passes: [.init(loop: 1, count: 1)]))
        #expect(machine.deadline == 100.0005)
        #expect(try machine.appended([2]) == (2, []))
        #expect(machine.tick(now: 100.0004) == [])
        #expect(machine.passEnded(second) == [.wake], "every gathered pass has ended")
        #expect(machine.tick(now: 100.0004) == [.write(Write(descriptor: 5, offset: 8, bytes: [1, 2], records: 2))])
    }

    @Test func theWaitForAPassIsBounded() throws {
        var machine = Self.machine(.passes(atMost: 0.0005))
        let first = machine.loopJoined()
        machine.passBegan(first)
        machine.passBegan(machine.loopJoined())
        _ = try machine.appended([1])
        _ = machine.passEnded(first)
        #expect(machine.tick(now: 100) == [])
        #expect(machine.passEnded(first) == [], "a pass that was not gathered")
        #expect(machine.tick(now: 100.0004) == [])
        #expect(machine.tick(now: 100.0005) == [.write(Write(descriptor: 5, offset: 8, bytes: [1], records: 1))])
    }

    @Test func noPassInProgressOrAZeroBoundMeansNoWait() throws {
        var machine = Self.machine(.passes(atMost: 0))
        machine.passBegan(machine.loopJoined())
        _ = try machine.appended([1])
        #expect(machine.tick(now: 0) == [.write(Write(descriptor: 5, offset: 8, bytes: [1], records: 1))])
        var idle = Self.machine(.passes(atMost: 1))
        _ = idle.loopJoined()
        _ = try idle.appended([1])
        #expect(idle.tick(now: 0) == [.write(Write(descriptor: 5, offset: 8, bytes: [1], records: 1))])
    }

    /// `--fsync batch`: the window from when the flusher found the batch.
    @Test func theBatchPolicyWaitsItsWindow() throws {
        var machine = Self.machine(.window(0.002))
        #expect(try machine.appended([1]) == (1, [.wake]))
        #expect(machine.tick(now: 10) == [])
        #expect(machine.deadline == 10.002)
        #expect(try machine.appended([2]) == (2, []))
        #expect(machine.tick(now: 10.001) == [])
        #expect(machine.tick(now: 10.002) == [.write(Write(descriptor: 5, offset: 8, bytes: [1, 2], records: 2))])
        #expect(machine.deadline == nil)
    }

    @Test func aFailedSyncIsFinal() throws {
        var machine = Self.machine()
        _ = try machine.appended([1])
        _ = machine.tick(now: 0)
        _ = machine.wrote()
        #expect(machine.failed(Self.eio) == [.fail(.syscall(Self.eio))])
        #expect(machine.state == .failed(Self.eio) && machine.isFinished)
        #expect(throws: GroupCommit.Failure.syscall(Self.eio)) { try machine.appended([2]) }
        #expect(machine.outcome(of: 1).map { if case .failure(.syscall(Self.eio)) = $0 { true } else { false } } == true)
        #expect(throws: GroupCommit.Failure.syscall(Self.eio)) { try machine.rotationRequested() }
        #expect(machine.closeRequested() == [.close(5), .fail(.syscall(Self.eio))])
        #expect(machine.state == .closed)
    }

    /// A compaction waits for the flight, takes the slot, sends what waits to the old segment and
    /// appends to the new one meanwhile; the old one is closed once synced, then the new one filled.
    @Test func aRotationWaitsForTheFlightAndMovesAppendsToTheNewSegment() throws {
        var machine = Self.machine()
        _ = try machine.appended([1])
        _ = machine.tick(now: 0)
        #expect(try machine.rotationRequested() == false, "a batch is in flight")
        _ = machine.wrote()
        _ = machine.synced()
        _ = try machine.appended([2])
        #expect(try machine.rotationRequested() == true)
        #expect(machine.state == .rotating)
        #expect(try machine.appended([3]) == (3, []))
        #expect(machine.tick(now: 1) == [], "the flusher keeps off while the segment is created")
        let next = GroupCommit.Segment(number: 2, descriptor: 6, end: 8, allocated: 8)
        #expect(machine.rotated(to: next) == [.write(Write(descriptor: 5, offset: 9, bytes: [2, 3], records: 2))])
        #expect(machine.state == .writing(Flight(descriptor: 5, through: 3, purpose: .rotation)))
        #expect(try machine.appended([4]) == (4, []))
        #expect(machine.wrote() == [.sync(5)])
        #expect(machine.synced() == [.close(5), .durable(through: 3), .fill(descriptor: 6, from: 8, to: 64), .wake])
        #expect(machine.tick(now: 2) == [], "record 4 would run past the zeros being written")
        #expect(machine.filled(to: 64) == [.wake])
        #expect(machine.tick(now: 2) == [.write(Write(descriptor: 6, offset: 8, bytes: [4], records: 1))])
    }

    @Test func aRotationWithNothingWaitingSyncsTheOldSegmentAndAFailedOneChangesNothing() throws {
        var machine = Self.machine()
        #expect(try machine.rotationRequested() == true)
        #expect(machine.rotationFailed() == [])
        #expect(machine.state == .waiting)
        #expect(try machine.rotationRequested() == true)
        #expect(machine.rotated(to: .init(number: 2, descriptor: 6, end: 8, allocated: 64)) == [.sync(5)])
        #expect(machine.synced() == [.close(5), .durable(through: 0)])
    }

    @Test func aCloseWaitsForTheFlightWritesWhatWaitsAndRefusesTheRest() throws {
        var machine = Self.machine()
        _ = try machine.appended([1])
        _ = machine.tick(now: 0)
        #expect(machine.closeRequested() == nil, "a batch is in flight")
        _ = machine.wrote()
        _ = machine.synced()
        _ = try machine.appended([2])
        #expect(machine.closeRequested() == [.write(Write(descriptor: 5, offset: 9, bytes: [2], records: 1))])
        #expect(throws: GroupCommit.Failure.closed) { try machine.appended([3]) }
        #expect(machine.wrote() == [.sync(5)])
        #expect(machine.synced() == [.close(5), .durable(through: 2), .fail(.closed)])
        #expect(machine.state == .closed && machine.isFinished)
        #expect(machine.closeRequested() == [])
    }

    @Test func nothingIsAppendedBeforeTheJournalIsRead() throws {
        var machine = GroupCommit(gather: .none, fillPolicy: Self.policy)
        let loop = machine.loopJoined()
        machine.passBegan(loop)
        #expect(throws: GroupCommit.Failure.opening) { try machine.appended([1]) }
        #expect(machine.passEnded(loop) == [])
        #expect(machine.tick(now: 0) == [])
        machine.opened(.init(number: 3, descriptor: 7, end: 8, allocated: 64))
        #expect(try machine.appended([1]) == (1, [.wake]))
        #expect(machine.tick(now: 0) == [.write(Write(descriptor: 7, offset: 8, bytes: [1], records: 1))])
    }
}
