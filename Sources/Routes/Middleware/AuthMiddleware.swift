/// Refuses a request without the bearer token (401 `unauthorized`) before any route sees it.
struct AuthMiddleware: RoutedResponder {
    let auth: BearerAuth
    let next: any RoutedResponder

    func respond(to request: HTTPRequest) -> Routed {
        guard auth.allows(request) else { return Routed(response: auth.refusal, key: .unauthorized) }
        return next.respond(to: request)
    }
}
