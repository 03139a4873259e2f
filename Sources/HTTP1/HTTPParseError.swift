/// Why a request could not be read; it carries the status and stable code the connection answers with
/// before closing, because after a framing error nothing that follows on the connection can be trusted.
public struct HTTPParseError: Error, Equatable, Sendable {
    /// The failure classes a client can act on; each has one status and one `code`.
    public enum Kind: Sendable, Equatable {
        case badRequest
        /// A `Host` value that is not `uri-host[:port]` (RFC 9112 §3.2).
        case invalidHost
        case uriTooLong
        case headerTooLarge
        case payloadTooLarge
        case lengthRequired
        case versionNotSupported
        case notImplemented
        case expectationFailed
    }

    public var kind: Kind
    /// One sentence for the problem+json `detail`, naming what was wrong.
    public var detail: String

    public var status: Int {
        switch kind {
        case .badRequest, .invalidHost: 400
        case .uriTooLong: 414
        case .headerTooLarge: 431
        case .payloadTooLarge: 413
        case .lengthRequired: 411
        case .versionNotSupported: 505
        case .notImplemented: 501
        case .expectationFailed: 417
        }
    }

    public var code: String {
        switch kind {
        case .badRequest: "bad_request"
        case .invalidHost: "invalid_host"
        case .uriTooLong: "uri_too_long"
        case .headerTooLarge: "header_too_large"
        case .payloadTooLarge: "payload_too_large"
        case .lengthRequired: "length_required"
        case .versionNotSupported: "version_not_supported"
        case .notImplemented: "not_implemented"
        case .expectationFailed: "expectation_failed"
        }
    }

    /// Client text quoted in a detail, cut short so an error answer stays small.
    public static func excerpt(_ text: some StringProtocol) -> String {
        text.count <= 40 ? String(text) : text.prefix(40) + "..."
    }

    public static func badRequest(_ detail: String) -> Self { Self(kind: .badRequest, detail: detail) }
    public static func headerTooLarge(_ detail: String) -> Self { Self(kind: .headerTooLarge, detail: detail) }
    public static func payloadTooLarge(_ detail: String) -> Self { Self(kind: .payloadTooLarge, detail: detail) }
}
