/// A JSON response written by `body`, ending in a newline so terminals show it whole.
func json(status: Int, capacity: Int = 1024, _ body: (inout JSONWriter) -> Void) -> HTTPResponse {
    .now(jsonAnswer(status: status, capacity: capacity, body))
}

/// The same JSON answer as a value to add headers to, or to deliver later.
func jsonAnswer(status: Int, capacity: Int = 1024, _ body: (inout JSONWriter) -> Void) -> HTTPAnswer {
    var w = JSONWriter(reservingCapacity: capacity)
    body(&w)
    var bytes = w.bytes
    bytes.append(UInt8(ascii: "\n"))
    return HTTPAnswer(status: status, contentType: "application/json", body: bytes)
}

/// A JSON response whose bytes are written behind room for the server's head
/// (`HTTPAnswer.Body.behind`): the one copy of a large body (out of the writer) is then the
/// only one on its way to the socket. For answers that are not kept (a kept one is sent again
/// and again, and is copied behind each head).
func jsonBehindRoom(status: Int, capacity: Int = 1024, _ body: (inout JSONWriter) -> Void) -> HTTPResponse {
    .now(jsonAnswerBehindRoom(status: status, capacity: capacity, body))
}

/// The same as a value to add headers to, or to deliver later. Small bodies gain too: the
/// message is then one allocation (room, head and body) where it was two (the body, then the
/// message with the body copied behind its head).
func jsonAnswerBehindRoom(status: Int, capacity: Int = 1024, _ body: (inout JSONWriter) -> Void) -> HTTPAnswer {
    var w = JSONWriter(reservingCapacity: capacity)
    body(&w)
    var bytes = w.bytes(behind: headRoom)
    bytes.append(UInt8(ascii: "\n"))
    return HTTPAnswer(status: status, contentType: "application/json", storage: bytes, bodyStart: headRoom)
}

/// Room enough for a head: the status line, Date, Content-Length, Connection, the content type
/// and the headers middleware adds (CORS, node). A longer head is written apart, as for any body.
let headRoom = 512
