/// Refuses a request without the bearer token (401 `unauthorized`, or 400 `duplicate_header` for
/// two `Authorization` fields) before any route sees it.
struct AuthMiddleware: RoutedResponder {
    let auth: BearerAuth
    let next: any RoutedResponder

    func respond(to request: HTTPRequest) -> Routed {
        if let refusal = auth.refusal(for: request) { return Routed(response: refusal, key: .unauthorized) }
        return next.respond(to: request)
    }
}
