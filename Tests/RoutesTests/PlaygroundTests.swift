import Foundation
import Testing
@testable import Routes

/// A file of the repository, found from this file's path (Tests/RoutesTests/ → the package).
enum RepositoryFile {
    static func bytes(_ path: String, filePath: String = #filePath) throws -> [UInt8] {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent()   // RoutesTests
            .deletingLastPathComponent()                                         // Tests
            .deletingLastPathComponent()                                         // the package
        return Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }
}

@Suite("The browser's files: the playground and the client module")
struct PlaygroundTests {
    static let files: [(route: String, file: String, contentType: String)] = [
        ("/", "playground/index.html", "text/html; charset=utf-8"),
        ("/playground.css", "playground/playground.css", "text/css; charset=utf-8"),
        ("/playground.js", "playground/playground.js", "text/javascript; charset=utf-8"),
        ("/client.js", "client/client.js", "text/javascript; charset=utf-8"),
        ("/client.d.ts", "client/client.d.ts", "text/plain; charset=utf-8"),
    ]

    @Test(arguments: files.indices)
    func servesEachFileByteForByte(_ index: Int) throws {
        let (route, file, contentType) = Self.files[index]
        let response = TestApp().get(route)
        #expect(response.status == 200)
        #expect(response.contentType == contentType)
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.body == (try RepositoryFile.bytes(file)), "\(route) is not \(file) as compiled in")
    }

    /// Every `href="/…"`, `src="/…"` and `from '/…'` in the page and its scripts names a route
    /// that answers 200, and nothing is loaded from another origin.
    @Test func thePageLoadsOnlyWhatTheServerServes() throws {
        let app = TestApp()
        var linked: Set<String> = []
        for (route, _, _) in Self.files {
            let text = app.get(route).text
            // XML namespaces (http://www.w3.org/2000/svg) are names, not requests.
            let origins = try NSRegularExpression(pattern: #"https?://(?!www\.w3\.org/)"#)
            #expect(origins.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil,
                    "\(route) refers to another origin")
            #expect(!text.contains("@import"))
            for pattern in [#"(?:href|src)="(/[^"]*)""#, #"from '(/[^']*)'"#] {
                let regex = try NSRegularExpression(pattern: pattern)
                for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    linked.insert(String(text[Range(match.range(at: 1), in: text)!]))
                }
            }
        }
        #expect(linked.isSuperset(of: ["/playground.css", "/playground.js", "/client.js"]), "\(linked)")
        for path in linked where !path.hasPrefix("/v1/") && path != "/openapi.yaml" {
            #expect(app.get(path).status == 200, "\(path) is linked but not served")
        }
    }

    @Test func theModuleNamesItsTypes() {
        #expect(TestApp().get("/client.js").headers["X-TypeScript-Types"] == "/client.d.ts")
    }

    @Test func otherMethodsAreRefused() {
        let app = TestApp()
        let post = app.post("/", "{}")
        #expect(post.status == 405)
        #expect(post.headers["Allow"]?.contains("GET") == true)
    }
}
