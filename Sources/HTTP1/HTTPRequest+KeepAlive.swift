
extension HTTPRequest {
    /// RFC 9112 §9.3: HTTP/1.1 persists unless `Connection: close`; HTTP/1.0 closes unless `Connection: keep-alive`.
    public var wantsPersistentConnection: Bool {
        let options = headers.listElements("Connection")
        if options.contains("close") { return false }
        return version.minor >= 1 || options.contains("keep-alive")
    }
}
