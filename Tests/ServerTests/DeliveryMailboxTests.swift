import Glibc
import HTTP1
import Routes
import Testing
@testable import Server

/// The mailbox wakes its loop once per batch, never while the loop is going to look anyway.
@Suite struct DeliveryMailboxTests {
    static func delivery(_ serial: UInt64) -> DeliveryMailbox.Delivery {
        DeliveryMailbox.Delivery(token: 7, serial: serial, answer: HTTPAnswer(status: 200))
    }

    /// How many eventfd writes since the last look (0 when none).
    static func wakeUps(_ wakeup: Wakeup) -> UInt64 {
        var count: UInt64 = 0
        return read(wakeup.fd, &count, 8) == 8 ? count : 0
    }

    @Test func onlyTheFirstPostIntoAnEmptyMailboxWakesTheLoop() throws {
        let wakeup = try Wakeup()
        let mailbox = DeliveryMailbox(wakeup: wakeup)
        var batch: [DeliveryMailbox.Delivery] = []

        for serial: UInt64 in 1 ... 3 { mailbox.post(Self.delivery(serial)) }
        #expect(Self.wakeUps(wakeup) == 1)
        #expect(mailbox.take(into: &batch))
        #expect(batch.map(\.serial) == [1, 2, 3])
        batch.removeAll(keepingCapacity: true)
        #expect(!mailbox.take(into: &batch))

        mailbox.post(Self.delivery(4))
        #expect(Self.wakeUps(wakeup) == 1, "once empty, the next post wakes the loop again")
        #expect(mailbox.take(into: &batch))
        batch.removeAll()
        #expect(!mailbox.take(into: &batch))
    }

    @Test func postsWhileTheLoopWillLookWakeNothing() throws {
        let wakeup = try Wakeup()
        let mailbox = DeliveryMailbox(wakeup: wakeup)
        var batch: [DeliveryMailbox.Delivery] = []

        mailbox.expectTake()
        mailbox.post(Self.delivery(1))
        #expect(Self.wakeUps(wakeup) == 0, "delivered inside onReady: the loop takes before it sleeps")
        #expect(mailbox.take(into: &batch))
        batch.removeAll()
        mailbox.post(Self.delivery(2))
        #expect(Self.wakeUps(wakeup) == 0, "the loop has not found the mailbox empty since")
        #expect(mailbox.take(into: &batch))
        batch.removeAll()
        #expect(!mailbox.take(into: &batch))
        mailbox.post(Self.delivery(3))
        #expect(Self.wakeUps(wakeup) == 1)
    }

    @Test func closedMailboxDropsDeliveries() throws {
        let wakeup = try Wakeup()
        let mailbox = DeliveryMailbox(wakeup: wakeup)
        var batch: [DeliveryMailbox.Delivery] = []
        mailbox.post(Self.delivery(1))
        mailbox.close()
        mailbox.post(Self.delivery(2))
        #expect(!mailbox.take(into: &batch))
        #expect(batch.isEmpty)
    }
}
