import Routes

extension HTTPResponse {
    /// A responder may end the connection by answering with `Connection: close`.
    var asksToClose: Bool {
        headers.listElements("Connection").contains("close")
    }
}
