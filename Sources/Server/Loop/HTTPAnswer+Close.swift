import HTTP1
import Routes

extension HTTPAnswer {
    /// A responder may end the connection by answering with `Connection: close`.
    var asksToClose: Bool {
        headers.listElements("Connection").contains("close")
    }
}
