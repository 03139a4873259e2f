/// Room at the connection cap made across event loops. A loop first makes room among its own
/// connections (`EventLoop.makeRoom`); one that finds nothing to close there asks here for the
/// places its new clients need. The exchange asks every other loop for its best candidates (each
/// loop's closable connections: never-spoken before spoken, then the longest idle), has the loops
/// holding the best of all close them, and gives their places to the loop that asked. It refuses
/// only when no other loop has anything to close. One request is served at a time, first come
/// first served; a request takes at most `maxPerRound` places per round.
///
/// A value: one `mutating func` per event, each returning what to tell which loop. `RoomBroker`
/// holds it and carries the notices; the loops act on them (`EventLoop+Room.swift`).
struct RoomExchange: Equatable {
    /// A connection a loop could close: never-spoken before spoken, then the longest idle first.
    struct Candidate: Comparable {
        let neverSpoke: Bool
        /// When it became idle (the loop's clock).
        let since: Double

        static func < (lhs: Candidate, rhs: Candidate) -> Bool {
            (lhs.neverSpoke ? 0 : 1, lhs.since) < (rhs.neverSpoke ? 0 : 1, rhs.since)
        }
    }

    /// What a loop is told.
    enum Notice: Equatable {
        /// Offer your best `count` candidates (`offered`).
        case offer(count: Int)
        /// Close your best `count` closable connections and give their places to loop `to` (`closed`).
        case close(count: Int, to: Int)
        /// `count` places freed by other loops are yours: the connection counter counts them already.
        case granted(Int)
        /// No other loop has anything to close: refuse `count` of the clients waiting for room.
        case refuse(Int)
    }

    enum Action: Equatable {
        case tell(loop: Int, Notice)
        /// Places given to a loop that has left: the counter must let them go.
        case release(Int)
    }

    /// One request being served.
    enum Phase: Equatable {
        case quiet
        /// Waiting for the offers of `awaiting`.
        case collecting(for: Int, wanted: Int, offers: [Int: [Candidate]], awaiting: Set<Int>)
        /// Waiting for the loops in `awaiting` to close what they were asked to (`granted` so far).
        case closing(for: Int, wanted: Int, granted: Int, awaiting: Set<Int>)
    }

    static let maxPerRound = 32

    private(set) var members: Set<Int> = []
    /// Loops waiting for places, and how many, first come first served.
    private(set) var waiting: [(loop: Int, count: Int)] = []
    private(set) var phase = Phase.quiet
    private var nextLoop = 0

    static func == (lhs: RoomExchange, rhs: RoomExchange) -> Bool {
        lhs.members == rhs.members && lhs.phase == rhs.phase && lhs.nextLoop == rhs.nextLoop
            && lhs.waiting.elementsEqual(rhs.waiting) { $0.loop == $1.loop && $0.count == $1.count }
    }

    /// A loop about to run joins once; the number it gets names it in the calls below.
    mutating func joined() -> Int {
        let loop = nextLoop
        nextLoop += 1
        members.insert(loop)
        return loop
    }

    /// A loop draining or ended: it offers nothing, closes nothing, and needs no more places.
    mutating func left(_ loop: Int) -> [Action] {
        guard members.remove(loop) != nil else { return [] }
        waiting.removeAll { $0.loop == loop }
        switch phase {
        case .quiet:
            return []
        case .collecting(let requester, _, _, _) where requester == loop:
            phase = .quiet
            return startRound()
        case .collecting(let requester, let wanted, var offers, var awaiting):
            awaiting.remove(loop)
            offers[loop] = nil
            phase = .collecting(for: requester, wanted: wanted, offers: offers, awaiting: awaiting)
            return awaiting.isEmpty ? choose() : []
        case .closing(let requester, let wanted, let granted, var awaiting):
            // A requester gone while others close for it: their places are released as they come.
            guard awaiting.remove(loop) != nil else { return [] }
            phase = .closing(for: requester, wanted: wanted, granted: granted, awaiting: awaiting)
            return awaiting.isEmpty ? endRound() : []
        }
    }

    /// `loop` has `count` new clients and nothing of its own to close.
    mutating func wanted(_ loop: Int, count: Int) -> [Action] {
        guard members.contains(loop), count > 0 else { return [] }
        if let index = waiting.firstIndex(where: { $0.loop == loop }) {
            waiting[index].count += count
        } else {
            waiting.append((loop, count))
        }
        return phase == .quiet ? startRound() : []
    }

    /// `loop`'s best candidates, best first (as many as it was asked for at most; none when it has nothing to close).
    mutating func offered(_ loop: Int, _ candidates: [Candidate]) -> [Action] {
        guard case .collecting(let requester, let wanted, var offers, var awaiting) = phase,
              awaiting.remove(loop) != nil else { return [] }
        if !candidates.isEmpty { offers[loop] = Array(candidates.prefix(wanted)) }
        phase = .collecting(for: requester, wanted: wanted, offers: offers, awaiting: awaiting)
        return awaiting.isEmpty ? choose() : []
    }

    /// `loop` closed `count` connections as it was asked (fewer when some became busy meanwhile),
    /// keeping their places for the requester.
    mutating func closed(_ loop: Int, count: Int) -> [Action] {
        guard case .closing(let requester, let wanted, let granted, var awaiting) = phase,
              awaiting.remove(loop) != nil else { return count > 0 ? [.release(count)] : [] }
        phase = .closing(for: requester, wanted: wanted, granted: granted + count, awaiting: awaiting)
        var actions: [Action] = []
        if count > 0 {
            actions.append(members.contains(requester) ? .tell(loop: requester, .granted(count)) : .release(count))
        }
        if awaiting.isEmpty { actions += endRound() }
        return actions
    }

    /// Serves the first request waiting, if any: asks every other loop for its candidates.
    private mutating func startRound() -> [Action] {
        guard phase == .quiet, let first = waiting.first else { return [] }
        let wanted = min(first.count, Self.maxPerRound)
        if first.count > wanted {
            waiting[0].count -= wanted
        } else {
            waiting.removeFirst()
        }
        let others = members.subtracting([first.loop])
        guard !others.isEmpty else {
            return [.tell(loop: first.loop, .refuse(wanted))] + startRound()
        }
        phase = .collecting(for: first.loop, wanted: wanted, offers: [:], awaiting: others)
        return others.sorted().map { .tell(loop: $0, .offer(count: wanted)) }
    }

    /// Every offer is in: the best `wanted` candidates of all, ties to the lower loop number.
    private mutating func choose() -> [Action] {
        guard case .collecting(let requester, let wanted, let offers, _) = phase else { return [] }
        let all = offers.flatMap { loop, candidates in candidates.map { (loop: loop, candidate: $0) } }
            .sorted { ($0.candidate, $0.loop) < ($1.candidate, $1.loop) }
        var counts: [Int: Int] = [:]
        for chosen in all.prefix(wanted) {
            counts[chosen.loop, default: 0] += 1
        }
        guard !counts.isEmpty else {
            phase = .quiet
            return [.tell(loop: requester, .refuse(wanted))] + startRound()
        }
        phase = .closing(for: requester, wanted: wanted, granted: 0, awaiting: Set(counts.keys))
        return counts.keys.sorted().map { .tell(loop: $0, .close(count: counts[$0]!, to: requester)) }
    }

    /// Every loop asked to close has answered. A shortfall (candidates that became busy
    /// meanwhile) is asked for again in a round of its own when this round gave something, and
    /// refused when it gave nothing, so rounds always end.
    private mutating func endRound() -> [Action] {
        guard case .closing(let requester, let wanted, let granted, _) = phase else { return [] }
        phase = .quiet
        var actions: [Action] = []
        let shortfall = wanted - granted
        if shortfall > 0, members.contains(requester) {
            if granted == 0 {
                actions.append(.tell(loop: requester, .refuse(shortfall)))
            } else if let index = waiting.firstIndex(where: { $0.loop == requester }) {
                waiting[index].count += shortfall
            } else {
                waiting.insert((requester, shortfall), at: 0)
            }
        }
        return actions + startRound()
    }
}
