import Glibc

/// A connection's bytes waiting for the socket, kept as the arrays they were made in: an answer's
/// head and its body stay apart and leave together in one gathered write (`Poller.send`, one
/// iovec per array), so a body is never copied behind its head, and a body kept in a cache goes
/// out as the cache holds it. A partial write resumes inside the array it stopped in.
///
/// Owns the one piece of raw memory of the write path: the iovecs point into the queued arrays
/// only inside `withVectors`, each taken inside that array's own `withUnsafeBufferPointer`.
struct OutputQueue {
    /// The arrays in the order they go out; those before `first` are written (and let go).
    private var segments: [[UInt8]] = []
    private var first = 0
    /// How many bytes of `segments[first]` are written.
    private var offset = 0
    /// The bytes not yet written.
    private(set) var readableBytes = 0

    /// Arrays given to one write at most: an answer is two (head, body), so this covers several
    /// pipelined answers; what is beyond goes in the next write.
    static let maxVectors = 8

    var isEmpty: Bool { readableBytes == 0 }

    /// Queues `bytes` behind what is queued (the array itself: no copy).
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        segments.append(bytes)
        readableBytes += bytes.count
    }

    /// Marks the first `count` queued bytes written; a wholly written array is let go at once.
    mutating func consume(_ count: Int) {
        precondition(count >= 0 && count <= readableBytes, "writing past the end of the output")
        readableBytes -= count
        var rest = count
        while rest > 0 {
            let left = segments[first].count - offset
            guard rest >= left else {
                offset += rest
                return
            }
            rest -= left
            segments[first] = []
            first += 1
            offset = 0
        }
        if first == segments.count {
            segments.removeAll(keepingCapacity: true)
            first = 0
        } else if first >= 64 {
            segments.removeFirst(first)
            first = 0
        }
    }

    /// The unwritten bytes as iovecs (of at most `maxVectors` arrays), valid only inside `body`.
    func withVectors<R>(_ body: (UnsafeBufferPointer<iovec>) -> R) -> R {
        let count = min(segments.count - first, Self.maxVectors)
        return withUnsafeTemporaryAllocation(of: iovec.self, capacity: count) { vectors in
            gather(0, count, into: vectors, body)
        }
    }

    /// Points vector `index` at its array inside that array's buffer-pointer closure, then the
    /// next one inside it: every address is used before its closure returns.
    private func gather<R>(_ index: Int, _ count: Int, into vectors: UnsafeMutableBufferPointer<iovec>,
                           _ body: (UnsafeBufferPointer<iovec>) -> R) -> R {
        guard index < count else { return body(UnsafeBufferPointer(vectors)) }
        return segments[first + index].withUnsafeBufferPointer { bytes in
            let skipped = index == 0 ? offset : 0
            vectors[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress! + skipped),
                                   iov_len: bytes.count - skipped)
            return gather(index + 1, count, into: vectors, body)
        }
    }
}
