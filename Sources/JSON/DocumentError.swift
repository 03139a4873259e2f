/// Why a document was refused (a request body, a control definition, a configuration, a command's
/// arguments): a stable code, where the fault is, and what is wrong. Nothing was loaded or changed.
///
/// The one error every strict reading of JSON throws, in every module: `ObjectReader`'s, the
/// definition loaders', the API's codecs'. Routes turns it into the answer's problem+json (code,
/// `path` as the field, `message` as the detail), with no other error type in between.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable code. The reader's own are here; each module declares the codes
    /// its documents add (AnimationCore a definition's, Routes a request's) as static members.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A field a client sent (a configuration, an event, a request body) that does not fit.
        public static let invalidField = Code(rawValue: "invalid_field")
        /// A member of a control definition that does not fit.
        public static let invalidDefinition = Code(rawValue: "invalid_definition")
    }

    public var code: Code
    public var path: TreePath
    public var message: String
    /// A fault met while reading that already has its own answer (in Routes, a problem with its
    /// own status and headers: a registry that does not answer, a damaged control), carried whole.
    public var carried: (any Error & Sendable)?

    public init(_ code: Code, at path: TreePath, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `carried`, found at `path`, under its own code and message.
    public init(carrying fault: any Error & Sendable, code: Code, at path: TreePath, _ message: String) {
        self.init(code, at: path, message)
        carried = fault
    }

    /// The same fault, its path placed under `prefix` (a configuration read on its own, answered as
    /// part of a larger body).
    public func placed(under prefix: TreePath) -> DocumentError {
        var placed = self
        placed.path = prefix.appending(path)
        return placed
    }

    public var description: String { "\(code.rawValue) at \(path.pointer.isEmpty ? "/" : path.pointer): \(message)" }

    /// Code, path and message; a carried fault only by its presence (it is not `Equatable`).
    public static func == (a: DocumentError, b: DocumentError) -> Bool {
        a.code == b.code && a.path == b.path && a.message == b.message && (a.carried == nil) == (b.carried == nil)
    }
}
