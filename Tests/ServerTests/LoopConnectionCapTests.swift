import Routes
import Testing
@testable import Server

/// The connection cap on the fake poller: a full table makes room by closing connections with
/// nothing in progress (never-spoken first, then the longest idle) before it refuses anyone, and
/// a refusal is delivered as every error answer is (half-close, linger), not reset.
@Suite struct LoopConnectionCapTests {
    static let serverBusy = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\n\(Wire.date)"
        + "Content-Length: 137\r\nConnection: close\r\n\r\n"
        + #"{"type":"about:blank","title":"Service Unavailable","status":503,"code":"server_busy","detail":"too many open connections; retry later"}"#
        + "\n"

    /// A request whose head has begun: the connection is busy with it.
    static let partial = "GET /a HTTP/1.1\r\n"

    static func capped(_ cap: Int) -> Configuration {
        TestServer.configuration { $0.maxConnections = cap }
    }

    @Test func aFullTableClosesTheNeverSpokenFirstThenTheLongestIdle() throws {
        let loop = try LoopHarness(Self.capped(4))
        let silentOld = loop.connect()
        loop.run(for: 1)
        let silentNew = loop.connect()
        loop.run(for: 1)
        let keepAlive = loop.connect(sending: Wire.get)
        let busy = loop.connect(sending: Self.partial)
        #expect(loop.counter.current == 4)
        loop.run(for: 0.5)

        // Each newcomer is served; one idle connection made room for it.
        let first = loop.connect(sending: Wire.get)
        #expect(first.text == Wire.ok("GET /a 0"))
        #expect(silentOld.closed == false, "the oldest never-spoken connection went first, with a FIN")
        #expect(silentOld.received.isEmpty)
        #expect(silentNew.closed == nil && keepAlive.closed == nil && busy.closed == nil)

        let second = loop.connect(sending: Wire.get)
        #expect(second.text == Wire.ok("GET /a 0"))
        #expect(silentNew.closed == false, "then the other never-spoken one")
        #expect(keepAlive.closed == nil && first.closed == nil && busy.closed == nil)

        loop.run(for: 1)
        let third = loop.connect(sending: Wire.get)
        #expect(third.text == Wire.ok("GET /a 0"))
        #expect(keepAlive.closed == false, "then the longest idle after a request")
        #expect(keepAlive.text == Wire.ok("GET /a 0"))
        #expect(first.closed == nil && second.closed == nil && busy.closed == nil)
        #expect(loop.counter.current == 4)

        // The busy connection was never touched: its request completes.
        busy.send("Host: t\r\n\r\n")
        loop.settle()
        #expect(busy.text == Wire.ok("GET /a 0"))
    }

    @Test func aTableOfBusyConnectionsRefusesWith503TheClientReads() throws {
        let loop = try LoopHarness(Self.capped(2))
        let busy = [loop.connect(sending: Self.partial), loop.connect(sending: Self.partial)]
        // The newcomer's request is on its way as it is refused: it is read and discarded, not
        // left in the socket to turn the close into a reset.
        let refused = loop.connect(sending: Wire.get)
        #expect(refused.text == Self.serverBusy)
        #expect(refused.serverShutWrite, "half-closed after the answer")
        #expect(refused.closed == nil, "lingering until the client has read it")
        #expect(refused.unread.isEmpty, "what it sent was read")
        #expect(loop.counter.current == 2, "a refusal holds no place under the cap")
        refused.finishedSending = true
        loop.settle()
        #expect(refused.closed == false, "closed with a FIN once the client closed")
        for client in busy {
            client.send("Host: t\r\n\r\n")
        }
        loop.settle()
        #expect(busy.map(\.text) == [Wire.ok("GET /a 0"), Wire.ok("GET /a 0")])
    }

    @Test func aRefusedClientThatNeverClosesIsClosedAtTheLingerTimeout() throws {
        let loop = try LoopHarness(Self.capped(1))
        let busy = loop.connect(sending: Self.partial)
        let refused = loop.connect()
        #expect(refused.text == Self.serverBusy)
        loop.run(for: 2 - 0.01)
        #expect(refused.closed == nil)
        loop.run(for: 0.01 + Configuration().timeouts.sweepInterval)
        #expect(refused.closed == false)
        #expect(busy.closed == nil)
        #expect(loop.counter.current == 1)
    }

    @Test func aClientWithAnAnswerStillQueuedIsBusy() throws {
        let loop = try LoopHarness(Self.capped(1))
        let slow = loop.poller.connect()
        slow.window = 10
        slow.send(Wire.get)
        loop.settle()
        #expect(slow.received.count == 10)
        let refused = loop.connect(sending: Wire.get)
        #expect(refused.text == Self.serverBusy)
        #expect(slow.closed == nil)
    }
}

/// The cap across loops (`RoomExchange` through a `RoomBroker`): two loops of one server on one
/// test clock, sharing the connection counter.
@Suite struct LoopRoomAcrossLoopsTests {
    /// Loops `a` and `b` of one server capped at `cap`.
    static func pair(_ cap: Int) throws -> (a: LoopHarness, b: LoopHarness, counter: ConnectionCounter) {
        let scheduler = TestScheduler()
        let counter = ConnectionCounter()
        let room = RoomBroker(counter: counter)
        let configuration = LoopConnectionCapTests.capped(cap)
        return (try LoopHarness(configuration, scheduler: scheduler, counter: counter, room: room),
                try LoopHarness(configuration, scheduler: scheduler, counter: counter, room: room), counter)
    }

    /// A client that arrives at `loop` with a request; the loop has accepted it (and asked for room if it must).
    static func newcomer(at loop: LoopHarness) -> FakePoller.Peer {
        let peer = loop.poller.connect()
        peer.send(Wire.get)
        loop.settle()
        return peer
    }

    @Test func aLoopWithNothingToCloseIsGivenThePlaceOfAnotherLoopsNeverSpokenConnection() throws {
        let (a, b, counter) = try Self.pair(4)
        let busy = [a.connect(sending: LoopConnectionCapTests.partial), a.connect(sending: LoopConnectionCapTests.partial)]
        let spoke = b.connect(sending: Wire.get)
        b.run(for: 1)
        let silent = b.connect()
        b.run(for: 1)
        #expect(counter.current == 4)

        // Loop A has nothing to close: the client waits while B is asked, B closes its
        // never-spoken connection (although the other has been idle longer) and A serves the client.
        let fresh = Self.newcomer(at: a)
        #expect(fresh.received.isEmpty, "waiting for room")
        b.settle()
        #expect(silent.closed == false, "the never-spoken one went, with a FIN")
        #expect(spoke.closed == nil)
        a.settle()
        #expect(fresh.text == Wire.ok("GET /a 0"))
        #expect(counter.current == 4, "the place moved from B to A")

        // The next one takes the place of B's longest idle, once A's are all busy again.
        fresh.send(LoopConnectionCapTests.partial)
        a.settle()
        let second = Self.newcomer(at: a)
        b.settle()
        a.settle()
        #expect(second.text == Wire.ok("GET /a 0"))
        #expect(spoke.closed == false)
        #expect(spoke.text == Wire.ok("GET /a 0"))
        #expect(counter.current == 4)

        // A's own idle connections come first: `second`, served and idle, makes room for the third.
        let third = a.connect(sending: Wire.get)
        #expect(third.text == Wire.ok("GET /a 0"))
        #expect(second.closed == false)
        #expect(fresh.closed == nil && busy.allSatisfy { $0.closed == nil })
        #expect(counter.current == 4)
    }

    @Test func whenEveryPlaceInEveryLoopIsBusyTheClientIsRefused() throws {
        let (a, b, counter) = try Self.pair(2)
        let busyA = a.connect(sending: LoopConnectionCapTests.partial)
        let busyB = b.connect(sending: LoopConnectionCapTests.partial)
        let refused = Self.newcomer(at: a)
        b.settle()
        a.settle()
        #expect(refused.text == LoopConnectionCapTests.serverBusy)
        #expect(refused.serverShutWrite && refused.closed == nil, "delivered as every refusal is")
        #expect(busyA.closed == nil && busyB.closed == nil)
        #expect(counter.current == 2)
    }

    @Test func aClientWaitingForRoomIsServedWhenAPlaceOfItsOwnLoopComesFree() throws {
        let (a, b, counter) = try Self.pair(2)
        let busyA = a.connect(sending: LoopConnectionCapTests.partial)
        let idleB = b.connect()
        let fresh = Self.newcomer(at: a)
        // Before B answers, A's busy client goes away: its place serves the waiting one at once.
        busyA.isReset = true
        a.settle()
        #expect(busyA.closed != nil)
        #expect(fresh.text == Wire.ok("GET /a 0"))
        // B still closes its idle connection as asked; the place it gives is not needed and goes back.
        b.settle()
        a.settle()
        #expect(idleB.closed == false)
        #expect(counter.current == 1, "only `fresh` is open")
    }

    @Test func aLoopThatDrainsRefusesTheClientsWaitingForRoom() throws {
        let (a, b, counter) = try Self.pair(2)
        let busy = [a.connect(sending: LoopConnectionCapTests.partial), b.connect(sending: LoopConnectionCapTests.partial)]
        let fresh = Self.newcomer(at: a)
        a.stop()
        a.settle()
        #expect(fresh.text == LoopConnectionCapTests.serverBusy)
        #expect(fresh.closed == false, "answered and closed at once")
        // B's answer to a request that has left changes nothing.
        b.settle()
        #expect(busy[1].closed == nil)
        #expect(counter.current == 2)
    }
}
