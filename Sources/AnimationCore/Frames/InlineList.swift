/// A short list held in the value itself: its first `capacity` elements inline, any beyond them in
/// an array (empty, so never allocated, while the list fits). What a `Layer` keeps its values and
/// texts in: a frame's layers are made for every frame sampled, and with their values inline a
/// layer costs no allocation and no shared storage to retain and release, as a layer with its
/// fields as stored properties did before the layer table.
public struct InlineList<let capacity: Int, Element> {
    private var head: InlineArray<capacity, Element>
    private var tail: [Element]
    public private(set) var count: Int

    /// `count` elements, element `k` being `element(k)`; `filler` fills the inline room beyond them.
    @inline(__always)
    init(count: Int, filler: Element, _ element: (Int) -> Element) {
        head = InlineArray(repeating: filler)
        tail = []
        self.count = count
        for k in 0..<Swift.min(count, capacity) { head[k] = element(k) }
        if count > capacity {
            tail.reserveCapacity(count - capacity)
            for k in capacity..<count { tail.append(element(k)) }
        }
    }

    init(_ elements: [Element], filler: Element) {
        self.init(count: elements.count, filler: filler) { elements[$0] }
    }
}

extension InlineList: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Element `position`: a read past `count` is checked in debug builds only (the inline room
    /// beyond it holds the filler, never uninitialised memory), as every layer read of every frame
    /// comes here.
    @inline(__always)
    public subscript(position: Int) -> Element {
        get {
            assert(position >= 0 && position < count, "InlineList index out of range")
            return position < capacity ? head[position] : tail[position - capacity]
        }
        set {
            precondition(position >= 0 && position < count, "InlineList index out of range")
            if position < capacity { head[position] = newValue } else { tail[position - capacity] = newValue }
        }
    }
}

extension InlineList: Equatable where Element: Equatable {
    public static func == (a: InlineList, b: InlineList) -> Bool { a.elementsEqual(b) }
}

extension InlineList: Sendable where Element: Sendable {}
