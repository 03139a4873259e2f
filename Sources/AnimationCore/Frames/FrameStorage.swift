/// A frame's values and the texts its layers' text fields name, in one allocation the frame's
/// layers share: each `Layer` holds this one reference and where its own values start, instead
/// of an array slice of its values and one of its texts (a retain, a release and a slice's four
/// words apiece). A text field's value is the index of its text among the shape's texts (shared,
/// not copied) and then those the frame made (a formatted number, a named shape's path).
///
/// Raw memory because the values are a `ManagedBuffer`'s elements (one allocation with the
/// texts, rendered into in place): they are reached only inside its closures, in this file, and
/// a `FrameValues` made of them lives only as long as `withValues`' call. Written only while one
/// owner holds it: the frame being made, or a layer that made its values its own first
/// (`Layer.makeUnique`). `@unchecked Sendable` (a `ManagedBuffer` is not): after that it is only read.
@usableFromInline
struct FrameStorage: @unchecked Sendable {
    @usableFromInline
    struct Header {
        /// Values held.
        @usableFromInline let count: Int
        /// The texts a text field's value names by its index: `texts`, then `made`.
        var texts: [String]
        var made: [String]
    }

    @usableFromInline private(set) var buffer: ManagedBuffer<Header, Double>

    /// `count` values, not yet written, and no texts.
    static func make(count: Int) -> FrameStorage {
        FrameStorage(buffer: .create(minimumCapacity: count) { _ in Header(count: count, texts: [], made: []) })
    }

    /// Whether no other value holds this storage (so a write is seen by this one alone).
    mutating func isUnique() -> Bool {
        isKnownUniquelyReferenced(&buffer)
    }

    // The header is read and written through its address: `header` is a class's stored
    // property, and every access to it would be checked for exclusivity at run time.

    /// Gives text field values `texts`' indices, then `made`'s after them.
    func setTexts(_ texts: [String], made: [String]) {
        buffer.withUnsafeMutablePointerToHeader {
            $0.pointee.texts = texts
            $0.pointee.made = made
        }
    }

    /// A copy of `values` and `texts`.
    static func make(_ values: some Collection<Double>, texts: [String]) -> FrameStorage {
        let storage = make(count: values.count)
        storage.setTexts(texts, made: [])
        storage.buffer.withUnsafeMutablePointerToElements { _ = UnsafeMutableBufferPointer(start: $0, count: values.count).initialize(from: values) }
        return storage
    }

    /// A copy of `count` values from `values`.
    static func make(copying values: FrameValues, count: Int) -> FrameStorage {
        let storage = make(count: count)
        storage.buffer.withUnsafeMutablePointerToElements { $0.initialize(from: values.base, count: count) }
        return storage
    }

    /// The text a text field's value `index` names.
    @usableFromInline
    func text(_ index: Int) -> String {
        buffer.withUnsafeMutablePointerToHeader { header in
            index < header.pointee.texts.count ? header.pointee.texts[index] : header.pointee.made[index - header.pointee.texts.count]
        }
    }

    /// The values as a frame's, for `body` to render or read (valid during the call).
    func withValues<Result>(_ body: (FrameValues) -> Result) -> Result {
        buffer.withUnsafeMutablePointerToElements { body(FrameValues($0)) }
    }

    @inlinable
    subscript(index: Int) -> Double {
        get {
            buffer.withUnsafeMutablePointers { header, values in
                precondition(index >= 0 && index < header.pointee.count, "value \(index) of \(header.pointee.count)")
                return values[index]
            }
        }
        nonmutating set {
            buffer.withUnsafeMutablePointers { header, values in
                precondition(index >= 0 && index < header.pointee.count, "value \(index) of \(header.pointee.count)")
                values[index] = newValue
            }
        }
    }

    /// The values in `range`.
    func values(_ range: Range<Int>) -> [Double] {
        buffer.withUnsafeMutablePointers { header, values in
            precondition(range.lowerBound >= 0 && range.upperBound <= header.pointee.count, "values \(range) of \(header.pointee.count)")
            return Array(UnsafeBufferPointer(start: values + range.lowerBound, count: range.count))
        }
    }

    /// Appends the values in `range` to `array`.
    func append(_ range: Range<Int>, to array: inout [Double]) {
        buffer.withUnsafeMutablePointers { header, values in
            precondition(range.lowerBound >= 0 && range.upperBound <= header.pointee.count, "values \(range) of \(header.pointee.count)")
            array.append(contentsOf: UnsafeBufferPointer(start: values + range.lowerBound, count: range.count))
        }
    }
}
