import Testing
@testable import Server

/// `RoomExchange` fed events: who is asked, who closes, who is granted or refused.
@Suite struct RoomExchangeTests {
    typealias Candidate = RoomExchange.Candidate

    static func never(_ since: Double) -> Candidate { Candidate(neverSpoke: true, since: since) }
    static func spoke(_ since: Double) -> Candidate { Candidate(neverSpoke: false, since: since) }

    /// Loops 0, 1 and 2.
    static func three() -> RoomExchange {
        var exchange = RoomExchange()
        for expected in 0 ..< 3 {
            #expect(exchange.joined() == expected)
        }
        return exchange
    }

    @Test func theBestCandidatesOfAllLoopsAreClosedAndTheirPlacesGranted() {
        var exchange = Self.three()
        #expect(exchange.wanted(0, count: 2) == [.tell(loop: 1, .offer(count: 2)), .tell(loop: 2, .offer(count: 2))])
        #expect(exchange.offered(1, [Self.spoke(5)]) == [])
        #expect(exchange.phase == .collecting(for: 0, wanted: 2, offers: [1: [Self.spoke(5)]], awaiting: [2]))
        // Never-spoken first even when newer, then the longest idle.
        #expect(exchange.offered(2, [Self.never(9), Self.spoke(3)]) == [.tell(loop: 2, .close(count: 2, to: 0))])
        #expect(exchange.phase == .closing(for: 0, wanted: 2, granted: 0, awaiting: [2]))
        #expect(exchange.closed(2, count: 2) == [.tell(loop: 0, .granted(2))])
        #expect(exchange.phase == .quiet)
        #expect(exchange.waiting.isEmpty)
    }

    @Test func closesAreSplitOverLoopsAndTiesGoToTheLowerLoop() {
        var exchange = Self.three()
        _ = exchange.wanted(2, count: 3)
        #expect(exchange.offered(0, [Self.spoke(4), Self.spoke(7)]) == [])
        #expect(exchange.offered(1, [Self.spoke(4), Self.spoke(5)])
            == [.tell(loop: 0, .close(count: 1, to: 2)), .tell(loop: 1, .close(count: 2, to: 2))])
        #expect(exchange.closed(1, count: 2) == [.tell(loop: 2, .granted(2))])
        #expect(exchange.closed(0, count: 1) == [.tell(loop: 2, .granted(1))])
        #expect(exchange.phase == .quiet)
    }

    @Test func nothingToCloseAnywhereRefuses() {
        var exchange = Self.three()
        _ = exchange.wanted(0, count: 1)
        #expect(exchange.offered(2, []) == [])
        #expect(exchange.offered(1, []) == [.tell(loop: 0, .refuse(1))])
        #expect(exchange.phase == .quiet)
    }

    @Test func aLoopOnItsOwnIsRefusedAtOnce() {
        var exchange = RoomExchange()
        let only = exchange.joined()
        #expect(exchange.wanted(only, count: 3) == [.tell(loop: only, .refuse(3))])
        #expect(exchange == { var alone = RoomExchange(); _ = alone.joined(); return alone }())
    }

    @Test func requestsAreServedInTurnAtMostThirtyTwoPlacesARound() {
        var exchange = Self.three()
        #expect(exchange.wanted(0, count: 40) == [.tell(loop: 1, .offer(count: 32)), .tell(loop: 2, .offer(count: 32))])
        #expect(exchange.wanted(1, count: 1) == [], "waits for the round in progress")
        #expect(exchange.waiting.map(\.loop) == [0, 1] && exchange.waiting.map(\.count) == [8, 1])
        _ = exchange.offered(1, [])
        #expect(exchange.offered(2, []) == [.tell(loop: 0, .refuse(32)), .tell(loop: 1, .offer(count: 8)), .tell(loop: 2, .offer(count: 8))])
        _ = exchange.offered(1, [])
        // Loop 1's request comes after loop 0's rest.
        #expect(exchange.offered(2, []) == [.tell(loop: 0, .refuse(8)), .tell(loop: 0, .offer(count: 1)), .tell(loop: 2, .offer(count: 1))])
    }

    @Test func aShortfallIsAskedForAgainWhenTheRoundGaveSomethingAndRefusedWhenItGaveNothing() {
        var exchange = Self.three()
        _ = exchange.wanted(0, count: 2)
        _ = exchange.offered(1, [])
        _ = exchange.offered(2, [Self.never(1), Self.never(2)])
        // One candidate became busy before loop 2 closed it: the rest is asked for again.
        #expect(exchange.closed(2, count: 1)
            == [.tell(loop: 0, .granted(1)), .tell(loop: 1, .offer(count: 1)), .tell(loop: 2, .offer(count: 1))])
        _ = exchange.offered(1, [])
        _ = exchange.offered(2, [Self.spoke(3)])
        #expect(exchange.closed(2, count: 0) == [.tell(loop: 0, .refuse(1))])
        #expect(exchange.phase == .quiet)
    }

    @Test func loopsThatLeaveOfferNothingAndTheirPlacesGoBack() {
        var exchange = Self.three()
        _ = exchange.wanted(0, count: 1)
        _ = exchange.offered(1, [Self.spoke(1)])
        #expect(exchange.left(2) == [.tell(loop: 1, .close(count: 1, to: 0))], "no offer from a loop that left")
        // The requester leaves while loop 1 closes for it: the place goes back to the counter.
        #expect(exchange.left(0) == [])
        #expect(exchange.closed(1, count: 1) == [.release(1)])
        #expect(exchange.phase == .quiet)
        #expect(exchange.members == [1])
        #expect(exchange.wanted(0, count: 1) == [], "a loop that left asks for nothing")
    }

    @Test func aRequesterThatLeavesWhileOffersAreCollectedEndsItsRound() {
        var exchange = Self.three()
        _ = exchange.wanted(0, count: 1)
        _ = exchange.wanted(1, count: 1)
        #expect(exchange.left(0) == [.tell(loop: 2, .offer(count: 1))], "loop 1's request is next")
        #expect(exchange.offered(2, [Self.never(4)]) == [.tell(loop: 2, .close(count: 1, to: 1))])
    }
}
