import AnimationCore
import Foundation
import Testing
@testable import Routes

/// Every row of the layer table (`LayerSchema`) reaches the CSS and WAAPI exports: changing any
/// one field of a layer changes what both exports draw, and every field the client animates moves
/// in an animation when it changes over the window. The rows come from the table, so a new row
/// fails here until the exports draw it. (JSON: `FrameEncoderTests`; `client.d.ts`, openapi.yaml
/// and the docs: `LayerSchemaContractTests`.)
@Suite("Export: every row of the layer table reaches the exports")
struct ExportLayerPartsTests {
    /// Fields the exports draw as markup (an element's content or attributes), which a
    /// stylesheet cannot animate: the window's first value is drawn throughout.
    static let fixed: Set<String> = ["path.data", "text.string", "symbol.name", "symbol.pointSize", "blur.style",
                                     "stroke.startAngle", "stroke.clockwise"]

    /// A text field's two values (keywords where the field is one).
    static let texts: [String: [String]] = [
        "path.data": ["M0 0 L10 10", "M0 0 L20 5"], "text.string": ["Hello", "World"], "symbol.name": ["heart", "plus"],
        "blur.style": ["dark", "light"], "path.lineCap": ["round", "square"], "path.lineJoin": ["round", "bevel"],
        "text.alignment": ["center", "right"],
    ]

    /// A number field's two values.
    static func numbers(_ key: String) -> [Double] {
        switch key {
        case "text.fontWeight": [400, 600]
        case "width", "height": [40, 30]
        default: [0.25, 0.5]
        }
    }

    static func name(_ part: LayerPart, _ field: LayerField) -> String {
        switch part.placement {
        case .members, .flattened: field.key
        case let .object(key): "\(key).\(field.key)"
        }
    }

    /// A layer of the kind that draws `part`, with every part it draws, every field at its first
    /// value except `changed`, at its second.
    static func layer(_ kind: Layer.Kind, changed: String?) -> Layer {
        var layer = Layer(id: "l", kind: kind, frame: Rect(x: 0, y: 0, width: 40, height: 40))
        for part in LayerSchema.parts where part.requiredFor == nil || part.requiredFor == kind {
            layer.set(part.name, part.fields.map { field in
                let key = name(part, field)
                let k = key == changed ? 1 : 0
                switch field.kind {
                case .number: return .number(numbers(key)[k])
                case .bool: return .bool(k == 1)
                case .color: return .color(k == 1 ? Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8) : Color(red: 1, green: 0, blue: 0, alpha: 1))
                case .text: return .string(texts[key]?[k] ?? "\(key)\(k)")
                }
            })
        }
        return layer
    }

    static func plan(_ samples: [Layer]) -> ExportPlan {
        let motion = SampledMotion(name: "t", title: "t", window: SampleWindow(from: 0, to: 1, fps: Double(samples.count - 1), count: samples.count),
                                   series: [], layers: [.init(id: "l", kind: samples[0].kind, samples: samples)],
                                   bounds: Rect(x: 0, y: 0, width: 40, height: 40), emissions: [])
        return ExportPlan(motion, tolerance: 0.001)
    }

    static var rows: [(kind: Layer.Kind, field: String)] {
        LayerSchema.parts.flatMap { part in part.fields.map { (part.requiredFor ?? .rect, name(part, $0)) } }
    }

    @Test func everyFieldChangesWhatBothExportsDraw() {
        for (kind, field) in Self.rows {
            let before = Self.plan([Self.layer(kind, changed: nil)])
            let after = Self.plan([Self.layer(kind, changed: field)])
            #expect(CSSExport.render(before) != CSSExport.render(after), "\(field) does not reach the CSS export")
            #expect(WAAPIExport.render(before) != WAAPIExport.render(after), "\(field) does not reach the WAAPI export")
        }
    }

    @Test func everyFieldButTheMarkupsAnimates() {
        for (kind, field) in Self.rows where !Self.fixed.contains(field) {
            let plan = Self.plan([Self.layer(kind, changed: nil), Self.layer(kind, changed: field)])
            let animation = plan.animations.first { $0.source == "layers/l" }
            let moving = Set(animation?.keyframes.first?.declarations.map(\.property.css) ?? [])
            #expect(!moving.isEmpty, "\(field) does not animate")
            // A number or colour states its allowance under its field's name.
            let named = animation?.valueTolerance.flatMap { $0.field.split(whereSeparator: { "*-".contains($0) }).map(String.init) } ?? []
            let kindOfField = LayerSchema.parts.flatMap { part in part.fields.map { (Self.name(part, $0), $0.kind) } }.first { $0.0 == field }?.1
            if kindOfField == .number || kindOfField == .color {
                #expect(named.contains(field), "\(field) has no allowance in \(named)")
            }
        }
    }

    /// Every part of every kind moving at once: the WAAPI answer is JSON a strict reader takes
    /// (no field's allowance named twice in one animation).
    @Test func everythingMovingAtOnceIsValidJSON() throws {
        for kind in Layer.Kind.allCases {
            var moved = Self.layer(kind, changed: nil)
            for (other, field) in Self.rows where other == kind || other == .rect {
                let changed = Self.layer(kind, changed: field)
                for part in LayerSchema.parts where part.fields.contains(where: { Self.name(part, $0) == field }) {
                    if let values = changed.part(part.name), let mine = moved.part(part.name) {
                        let at = part.fields.firstIndex { Self.name(part, $0) == field }!
                        var next = mine
                        next[at] = values[at]
                        moved.set(part.name, next)
                    }
                }
            }
            let json = try JSONParser().parse(WAAPIExport.render(Self.plan([Self.layer(kind, changed: nil), moved])))
            #expect(json["animations"]?.arrayValue?.count == 1, "\(kind)")
        }
    }

    @Test func theGlyphsAreTheClientModules() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let client = try String(contentsOf: root.appendingPathComponent("client/client.js"), encoding: .utf8)
        let start = try #require(client.range(of: "export const SYMBOLS = {"))
        let body = client[start.upperBound...].prefix { $0 != "}" }
        var glyphs: [String: String] = [:]
        for line in body.split(separator: "\n") {
            let quoted = line.split(separator: "'", omittingEmptySubsequences: false)
            if quoted.count >= 4 { glyphs[String(quoted[1])] = String(quoted[3]) }
        }
        #expect(glyphs == SymbolGlyphs.paths)
    }

    /// The activity indicator's ticks, as the exports write them: rotation in radians about the
    /// anchor, a shape's stroke, a text's colour.
    @Test func aTransformAPathAndATextAsWritten() throws {
        var tick = Layer(id: "l", kind: .shape, frame: Rect(x: 10, y: 20, width: 4, height: 12))
        tick.set("transform", [.number(1), .number(2), .number(1), .number(1.5), .number(Double.pi / 2), .number(0.5), .number(1)])
        tick.set("path", [.string("M0 0 L4 12"), .color(Color(red: 0, green: 0, blue: 0, alpha: 0)), .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                          .number(2), .number(0.25), .number(0.75), .string("round"), .string("miter")])
        let css = String(decoding: CSSExport.render(Self.plan([tick])), as: UTF8.self)
        #expect(css.contains("  transform: translate(10px, 20px) translate(1px, 2px) rotate(1.570796rad) scale(1) scale(1, 1.5);\n"))
        #expect(css.contains("  transform-origin: 2px 12px;\n"))
        #expect(css.contains("  stroke: #ff0000ff;\n  stroke-width: 2px;\n  stroke-linecap: round;\n  stroke-linejoin: miter;\n"
                             + "  stroke-dasharray: 0.5 2;\n  stroke-dashoffset: -0.25;\n"))
        #expect(css.contains(" *     <svg class=\"t-l\"><path d=\"M0 0 L4 12\" pathLength=\"1\"/></svg>\n"))
        var label = Layer(id: "l", kind: .text, frame: Rect(x: 0, y: 0, width: 80, height: 20))
        label.set("text", [.string("A < B"), .number(13), .number(600), .color(Color(red: 0, green: 0.478431, blue: 1, alpha: 1)), .string("center")])
        let waapi = String(decoding: WAAPIExport.render(Self.plan([label])), as: UTF8.self)
        #expect(waapi.contains(#""markup":"<div class=\"t\">\n  <div class=\"t-l\">A &lt; B</div>\n</div>""#))
        #expect(waapi.contains(##""color":"#007affff","fontSize":"13px","fontWeight":"600","justifyContent":"center","textAlign":"center""##))
    }

    /// A masking card with a sliding photo as its sublayer: the photo is drawn inside the card's
    /// sublayers' group (placed and turned as the card, clipped to its rounded bounds), from the
    /// card's top left; a sublayer of a layer that does not mask is not clipped.
    @Test func aSublayerIsDrawnInItsSuperlayersClippingGroup() throws {
        func frame(_ photoX: Double, masks: Bool) -> [Layer] {
            var card = Layer(id: "card", kind: .rect, frame: Rect(x: 20, y: 20, width: 200, height: 120),
                             backgroundColor: Color(red: 1, green: 1, blue: 1, alpha: 1), cornerRadius: 16)
            card.set("masks", [.bool(masks)])
            card.set("transform", [.number(0), .number(0), .number(1), .number(1), .number(0.1), .number(0.5), .number(0.5)])
            var photo = Layer(id: "photo", kind: .rect, frame: Rect(x: photoX, y: 20, width: 120, height: 80),
                              backgroundColor: Color(red: 0, green: 0, blue: 1, alpha: 1))
            photo.superlayer = "card"
            return [card, photo]
        }
        func plan(masks: Bool) -> ExportPlan {
            let samples = [frame(-60, masks: masks), frame(140, masks: masks)]
            let layers = ["card", "photo"].enumerated().map { k, id in
                SampledMotion.LayerSeries(id: id, kind: .rect, samples: samples.map { $0[k] })
            }
            let motion = SampledMotion(name: "t", title: "t", window: SampleWindow(from: 0, to: 1, fps: 1, count: 2),
                                       series: [], layers: layers, bounds: Rect(x: 0, y: 0, width: 240, height: 160), emissions: [])
            return ExportPlan(motion, tolerance: 0.001)
        }
        let css = String(decoding: CSSExport.render(plan(masks: true)), as: UTF8.self)
        #expect(css.contains(" *   <div class=\"t\">\n *     <div class=\"t-card\"></div>\n *     <div class=\"t-card-sublayers\">\n"
                             + " *       <div class=\"t-photo\"></div>\n *     </div>\n *   </div>\n"))
        let group = try #require(css.range(of: ".t-card-sublayers {\n").map { css[$0.upperBound...].prefix { $0 != "}" } })
        #expect(group.contains("  transform: translate(20px, 20px) translate(0px, 0px) rotate(0.1rad) scale(1) scale(1, 1);\n"))
        #expect(group.contains("  transform-origin: 100px 60px;\n"))
        #expect(group.contains("  width: 200px;\n  height: 120px;\n"))
        #expect(group.contains("  overflow: hidden;\n  border-radius: 16px;\n"))
        #expect(!group.contains("background"), "the group draws nothing of its own")
        // The photo slides in the card's coordinates, from its top left.
        #expect(css.contains("translate(-60px, 20px) scale(1)") && css.contains("translate(140px, 20px) scale(1)"))
        let open = String(decoding: CSSExport.render(plan(masks: false)), as: UTF8.self)
        let unclipped = try #require(open.range(of: ".t-card-sublayers {\n").map { open[$0.upperBound...].prefix { $0 != "}" } })
        #expect(!unclipped.contains("overflow: hidden") && !unclipped.contains("border-radius"))
        let waapi = try JSONParser().parse(WAAPIExport.render(plan(masks: true)))
        #expect(waapi["markup"]?.stringValue?.contains("<div class=\"t-card-sublayers\">\n    <div class=\"t-photo\"></div>\n  </div>") == true)
    }
}
