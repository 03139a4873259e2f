import Testing
@testable import Server

@Suite struct TimerHeapTests {
    static func entry(_ at: Double, generation: UInt64 = 0) -> TimerHeap.Entry {
        TimerHeap.Entry(at: at, token: 7, generation: generation)
    }

    static func popAll(_ heap: inout TimerHeap, now: Double = .infinity) -> [Double] {
        var times: [Double] = []
        while let entry = heap.popDue(now: now) { times.append(entry.at) }
        return times
    }

    @Test func popsEarliestFirst() {
        var heap = TimerHeap()
        for at in [5.0, 1, 4, 1.5, 9, 2, 6, 1, 8, 3, 7, 0.5] {
            heap.push(Self.entry(at))
        }
        #expect(heap.earliest == 0.5)
        #expect(Self.popAll(&heap) == [0.5, 1, 1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(heap.earliest == nil)
    }

    @Test func onlyWhatIsDueIsPopped() {
        var heap = TimerHeap()
        for at in [3.0, 1, 2] {
            heap.push(Self.entry(at))
        }
        #expect(Self.popAll(&heap, now: 2) == [1, 2])
        #expect(heap.popDue(now: 2.999) == nil)
        #expect(heap.earliest == 3)
    }

    @Test func removingStaleEntriesKeepsTheOrder() {
        var heap = TimerHeap()
        for (generation, at) in [9.0, 2, 7, 4, 1, 8, 3, 6, 5, 10].enumerated() {
            heap.push(Self.entry(at, generation: UInt64(generation)))
        }
        heap.removeAll { $0.generation % 2 == 1 }
        #expect(heap.count == 5)
        #expect(Self.popAll(&heap) == [1, 3, 5, 7, 9])
    }
}
