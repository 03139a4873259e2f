import Foundation
import Testing
@testable import Routes

/// playground/ on disk, next to the package, from this file's path.
enum PlaygroundSource {
    static func file(_ name: String, filePath: String = #filePath) throws -> String {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent()   // RoutesTests
            .deletingLastPathComponent()                                         // Tests
            .deletingLastPathComponent()                                         // the package
        return try String(contentsOf: root.appendingPathComponent("playground").appendingPathComponent(name), encoding: .utf8)
    }

    /// What scripts/embed-playground.sh puts in the Swift literal: index.html with the lines that
    /// link playground.css and playground.js replaced by the files inline.
    static func inlined() throws -> String {
        let css = try file("playground.css")
        let js = try file("playground.js")
        var lines: [String] = []
        var index = try file("index.html")
        if index.hasSuffix("\n") { index.removeLast() }
        for line in index.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains(#"<link rel="stylesheet" href="playground.css">"#) {
                lines.append("<style>\n" + css + "</style>")
            } else if line.contains(#"<script src="playground.js"></script>"#) {
                lines.append("<script>\n" + js + "</script>")
            } else {
                lines.append(String(line))
            }
        }
        return lines.joined(separator: "\n")
    }
}

@Suite("GET / serves the playground")
struct PlaygroundTests {
    @Test func servesTheSelfContainedPage() throws {
        let app = TestApp()
        let response = app.get("/")
        #expect(response.status == 200)
        #expect(response.contentType == "text/html; charset=utf-8")
        let html = response.text
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<script>\n'use strict';") || html.contains("<script>\n//"))
        #expect(html.contains("new EventSource("))
        #expect(html.contains("<style>"))
        // Self-contained: nothing linked or loaded from elsewhere.
        #expect(!html.contains("<script src="))
        #expect(!html.contains("<link rel=\"stylesheet\""))
        #expect(!html.contains("https://"))
        #expect(!html.contains("@import"))
    }

    @Test func otherMethodsAreRefused() {
        let app = TestApp()
        let post = app.post("/", "{}")
        #expect(post.status == 405)
        #expect(post.headers["Allow"]?.contains("GET") == true)
    }

    @Test func embeddedPageIsUpToDateWithPlaygroundSources() throws {
        let expected = try PlaygroundSource.inlined().split(separator: "\n", omittingEmptySubsequences: false)
        let embedded = PlaygroundPage.html.split(separator: "\n", omittingEmptySubsequences: false)
        // The first line that differs, rather than two whole pages.
        let common = min(embedded.count, expected.count)
        let first = (0..<common).first { embedded[$0] != expected[$0] } ?? (embedded.count == expected.count ? nil : common)
        #expect(first == nil, """
            Sources/Routes/Playground/PlaygroundPage.swift is stale from line \((first ?? 0) + 1) of the page: \
            run scripts/embed-playground.sh
            """)
    }

    @Test func pageScriptDrawsEveryLayerKind() throws {
        let js = try PlaygroundSource.file("playground.js")
        for kind in ["'arc'", "'blur'", "rect"] { #expect(js.contains(kind)) }
        for event in ["touchDown", "touchMove", "touchUp", "touchCancel"] { #expect(js.contains("'\(event)'")) }
        #expect(js.contains("setPointerCapture"))
        #expect(js.contains("clock: 'wall'"))
    }
}
