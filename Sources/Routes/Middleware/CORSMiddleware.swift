/// Cross-origin access: answers a preflight from the route table's methods for its path, and puts
/// the allowed origin on every answer (a preflight's and one given later included).
struct CORSMiddleware: RoutedResponder {
    let cors: CORS
    let router: Router
    let next: any RoutedResponder

    func respond(to request: HTTPRequest) -> Routed {
        var routed = CORS.isPreflight(request) ? preflight(request) : next.respond(to: request)
        if let origin = cors.allowedOrigin(for: request) {
            routed.response.change(AllowOrigin(origin: origin))
        }
        return routed
    }

    /// The headers that let a browser page from `origin` read the answer.
    struct AllowOrigin: AnswerChange {
        let origin: String

        func apply(to answer: inout HTTPAnswer) {
            CORS.allow(origin, on: &answer)
        }
    }

    private func preflight(_ request: HTTPRequest) -> Routed {
        let methods = router.methods(at: request.path)
        guard !methods.isEmpty else { return router.notFound(request) }
        return Routed(response: cors.preflight(request, methods: methods.contains("GET") ? methods + ["HEAD"] : methods),
                      key: .preflight)
    }
}
