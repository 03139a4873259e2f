import Testing
@testable import Routes

/// A text layer showing a formatted number and a shape layer naming a built-in shape reach a
/// frame's JSON as plain strings: the one writer quotes the number's text, the path is data.
@Suite("Formatted text and named shapes on the wire")
struct FormattedTextWireTests {
    static let definition = #"""
    {"parameters": {"value": {"type": "number", "default": -3.456}},
     "layers": [
       {"id": "label", "kind": "text", "frame": {"x": 0, "y": 0, "width": 80, "height": 20},
        "text": {"string": "format(value, 2)", "alignment": "'right'"}},
       {"id": "tick", "kind": "shape", "frame": {"x": 0, "y": 0, "width": 12, "height": 12}, "path": {"shape": "checkmark"}}]}
    """#

    @Test func theFrameCarriesTheNumbersTextAndThePathData() throws {
        let app = TestApp()
        let created = app.post("/v1/sessions", #"{"definition":\#(Self.definition)}"#)
        #expect(created.status == 201)
        let id = try #require(try created.json()["id"]?.stringValue)
        let frame = app.get("/v1/sessions/\(id)/frame?t=0")
        #expect(frame.text.contains(##""text":{"string":"-3.46","fontSize":17,"fontWeight":400,"color":"#000000ff","alignment":"right"}"##))
        #expect(frame.text.contains(#""path":{"data":"M1.5 6 L2.5 5 L4.5 7 L9.5 2 L10.5 3 L4.5 9 Z""#))
        let frames = app.get("/v1/sessions/\(id)/frames?from=0&to=0.1&fps=10")
        #expect(frames.text.components(separatedBy: #""string":"-3.46""#).count == 3, "both frames of the window")
    }
}
