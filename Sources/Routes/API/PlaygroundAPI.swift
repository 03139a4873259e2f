/// The browser's side of the service: the playground page and its files, and the client module
/// with its types, served as compiled in (`PackageResources`, from the symlinks in
/// `Sources/Routes/Resources/`), never read at run time.
enum PlaygroundAPI {
    static let routes: [Router.Route] = [
        file("/", PackageResources.index_html, "text/html; charset=utf-8"),
        file("/playground.css", PackageResources.playground_css, "text/css; charset=utf-8"),
        file("/playground.js", PackageResources.playground_js, "text/javascript; charset=utf-8"),
        // Deno and other tools find a module's types from this header.
        file("/client.js", PackageResources.client_js, "text/javascript; charset=utf-8",
             headers: [("X-TypeScript-Types", "/client.d.ts")]),
        file("/client.d.ts", PackageResources.client_d_ts, "text/plain; charset=utf-8"),
    ]

    /// `GET path` answers `bytes`; browsers revalidate rather than keep a stale copy.
    static func file(_ path: String, _ bytes: [UInt8], _ contentType: String,
                     headers: [(String, String)] = []) -> Router.Route {
        .init("GET", path) { _ throws(Problem) in
            var answer = HTTPAnswer(status: 200, contentType: contentType, body: bytes)
            answer.headers.add("Cache-Control", "no-cache")
            for (name, value) in headers { answer.headers.add(name, value) }
            return .now(answer)
        }
    }
}
