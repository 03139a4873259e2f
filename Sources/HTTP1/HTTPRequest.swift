/// One parsed HTTP request, as the router sees it (no socket, no connection state).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The raw request-target as received, e.g. `/v1/sessions/abc/frames?from=0&fps=60`.
    public var target: String {
        didSet { queryOffset = Self.queryOffset(in: target) }
    }
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(method: String, target: String, version: HTTPVersion = .http11,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        queryOffset = Self.queryOffset(in: target)
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The path part of the target, without the query.
    public var path: Substring {
        if let q = queryMark { return target[..<q] }
        return target[...]
    }

    /// The raw query string (after `?`), or nil when there is none.
    public var queryString: Substring? {
        guard let q = queryMark else { return nil }
        return target[target.utf8.index(after: q)...]
    }

    /// The byte offset of the `?` in `target`, found once per target: both getters run on every
    /// request, several times.
    private var queryOffset: Int?

    private var queryMark: String.Index? {
        queryOffset.map { target.utf8.index(target.startIndex, offsetBy: $0) }
    }

    /// Searched in place (a parsed target is native UTF-8), without grapheme breaking.
    private static func queryOffset(in target: String) -> Int? {
        target.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "?")) }
            ?? target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target.utf8.distance(from: target.startIndex, to: $0) }
    }
}

public struct HTTPVersion: Sendable, Equatable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
    public static let http11 = HTTPVersion(major: 1, minor: 1)
    public var description: String { "HTTP/\(major).\(minor)" }
}
