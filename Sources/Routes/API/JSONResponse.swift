// The JSON module (the value, parser and writer every codec here uses), seen by whoever imports Routes.
@_exported import JSON

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
