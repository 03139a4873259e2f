/// Status codes as the wire has them.
public enum HTTPStatus {
    /// The standard reason phrase for a status code.
    public static func reason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// A final status as sent: a responder's 1xx or out-of-range status is a bug, answered as 500.
    public static func onWire(_ status: Int) -> Int {
        (200 ... 999).contains(status) ? status : 500
    }

    /// 204 and 304 have neither a body nor Content-Length (RFC 9110 §8.6).
    public static func mayHaveBody(_ status: Int) -> Bool {
        status != 204 && status != 304
    }
}
