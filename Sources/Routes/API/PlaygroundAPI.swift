/// `GET /`: the playground, one self-contained HTML page (CSS and JavaScript inline, nothing
/// fetched from elsewhere) that drives a wall-clock session of each control from the browser.
/// Its source is `playground/`; `scripts/embed-playground.sh` generates `PlaygroundPage`.
enum PlaygroundAPI {
    static let page = Array(PlaygroundPage.html.utf8)

    static let routes: [Router.Route] = [
        .init("GET", "/") { _ throws(Problem) in
            var answer = HTTPAnswer(status: 200, contentType: "text/html; charset=utf-8", body: page)
            answer.headers.add("Cache-Control", "no-cache")
            return .now(answer)
        },
    ]
}
