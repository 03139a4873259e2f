import Testing
@testable import Routes

/// A named shape whose box comes from the configuration reaches the frame's JSON as plain path
/// data, stretched to the box by the one frame writer (a heart at 48 × 48: every grid coordinate
/// doubled, by hand).
@Suite("Named shapes following their box, on the wire")
struct NamedShapeBoxWireTests {
    static let definition = #"""
    {"parameters": {"size": {"type": "number", "default": 24, "exclusiveMinimum": 0}},
     "layers": [{"id": "like", "kind": "shape", "frame": {"x": 0, "y": 0, "width": "size", "height": "size"},
                 "path": {"shape": "heart"}}]}
    """#

    @Test func theWriterStretchesTheShapeToTheBox() throws {
        let app = TestApp()
        let created = app.post("/v1/sessions", #"{"definition":\#(Self.definition),"config":{"size":48}}"#)
        #expect(created.status == 201)
        let id = try #require(try created.json()["id"]?.stringValue)
        let heart = #""path":{"data":"M24 40 L6 22 A10 10 0 1 1 24 16 A10 10 0 1 1 42 22 Z""#
        #expect(app.get("/v1/sessions/\(id)/frame?t=0").text.contains(heart))
        let frames = app.get("/v1/sessions/\(id)/frames?from=0&to=0.1&fps=10")
        #expect(frames.text.components(separatedBy: heart).count == 3, "both frames of the window")
    }
}
