/// Names the node on every answer (`X-Node`), so a client behind a proxy sees which node answered.
struct NodeHeaderMiddleware: RoutedResponder {
    let node: String
    let next: any RoutedResponder

    func respond(to request: HTTPRequest) -> Routed {
        var routed = next.respond(to: request)
        routed.response.change(NodeHeader(node: node))
        return routed
    }

    struct NodeHeader: AnswerChange {
        let node: String

        func apply(to answer: inout HTTPAnswer) {
            answer.headers.add("X-Node", node)
        }
    }
}
