#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimationCore

extension ExportPlan {
    /// One CSS property of a layer's element: its text at each sample and the channels the
    /// browser interpolates for it, named by the frame field each follows.
    private struct LayerProperty {
        var name: CSSName
        var channels: [(field: String, channel: KeyframeTrack.Channel)]
        var text: (Int) -> String
        var isConstant: Bool
    }

    /// A blur style's tint at full strength (UIBlurEffect.Style names), as the client module
    /// draws it: red, green, blue 0…255 and an alpha scaled by the blur's fraction.
    static func blurTint(_ style: String) -> (red: Int, green: Int, blue: Int, alpha: Double) {
        let name = style.lowercased()
        if name.contains("dark") { return (0, 0, 0, 0.55) }
        if name.contains("extralight") { return (255, 255, 255, 0.75) }
        if name.contains("light") { return (255, 255, 255, 0.55) }
        return (245, 245, 247, 0.5)
    }

    /// The element of one layer: what stays the same goes in its style, what moves into one
    /// animation whose keyframes all of its moving properties share.
    mutating func add(_ layer: SampledMotion.LayerSeries) {
        guard let first = layer.samples.first(where: { $0 != nil }) ?? nil else { return }
        let shown = layer.samples.map { $0 != nil }
        let held = Self.held(layer.samples, first)
        // A sublayer is drawn in its superlayer's group, from its bounds' top left.
        let container = first.superlayer.map { sublayersClass(of: $0) }
        let origin = container == nil ? motion.bounds?.origin ?? .zero : .zero
        var properties: [LayerProperty] = []

        func numbers(_ name: String, _ fields: [(String, (Layer) -> Double)], _ text: @escaping ([[Double]], Int) -> String) {
            let columns = fields.map { field in held.map(field.1) }
            properties.append(LayerProperty(
                name: CSSName(name),
                channels: zip(fields, columns).map { field, values in (field.0, .number(values, allowed: allowance(values))) },
                text: { k in text(columns, k) },
                isConstant: columns.allSatisfy { column in column.allSatisfy { $0 == column[0] } }))
        }
        func color(_ name: String, _ field: String, _ value: (Layer) -> Color?) {
            let values = held.map { value($0).map(ColorBytes.init) ?? .transparent }
            properties.append(LayerProperty(
                name: CSSName(name), channels: [(field, .color(values, allowed: allowance(values)))],
                text: { values[$0].hex }, isConstant: values.allSatisfy { $0 == values[0] }))
        }

        func discrete(_ name: String, _ field: String, _ value: (Layer) -> String) {
            let values = held.map(value)
            properties.append(LayerProperty(
                name: CSSName(name), channels: [(field, .discrete(values))],
                text: { values[$0] }, isConstant: values.allSatisfy { $0 == values[0] }))
        }

        let transformed = first.has("transform")
        let masks = first.has("masks")
        if transformed {
            // CATransform3D about the anchor point, as the client module draws it: the frame's
            // place, the translation, the rotation (radians, clockwise on screen), then `scale`
            // times scaleX and scaleY; each its own function, so the browser interpolates each.
            numbers("transform", [("x", { $0.frame.minX - origin.x }), ("y", { $0.frame.minY - origin.y }),
                                  ("transform.translationX", { $0.number("transform", "translationX") ?? 0 }),
                                  ("transform.translationY", { $0.number("transform", "translationY") ?? 0 }),
                                  ("transform.rotation", { $0.number("transform", "rotation") ?? 0 }),
                                  ("scale", \.scale),
                                  ("transform.scaleX", { $0.number("transform", "scaleX") ?? 1 }),
                                  ("transform.scaleY", { $0.number("transform", "scaleY") ?? 1 })]) { c, k in
                "translate(\(Self.px(c[0][k])), \(Self.px(c[1][k]))) translate(\(Self.px(c[2][k])), \(Self.px(c[3][k]))) "
                    + "rotate(\(Self.number(c[4][k]))rad) scale(\(Self.number(c[5][k]))) scale(\(Self.number(c[6][k])), \(Self.number(c[7][k])))"
            }
            // In px, not %: a browser resolves a percentage against the box snapped to its layout
            // unit (Chromium's 1/64 px), which would move the pivot of a 5.6 pt tick by 0.01 px.
            numbers("transform-origin", [("transform.anchorX*width", { ($0.number("transform", "anchorX") ?? 0.5) * max(0, $0.frame.size.width) }),
                                         ("transform.anchorY*height", { ($0.number("transform", "anchorY") ?? 0.5) * max(0, $0.frame.size.height) })]) { c, k in
                "\(Self.px(c[0][k])) \(Self.px(c[1][k]))"
            }
        } else {
            numbers("transform", [("x", { $0.frame.minX - origin.x }), ("y", { $0.frame.minY - origin.y }), ("scale", \.scale)]) { c, k in
                "translate(\(Self.px(c[0][k])), \(Self.px(c[1][k]))) scale(\(Self.number(c[2][k])))"
            }
        }
        numbers("width", [("width", { max(0, $0.frame.size.width) })]) { c, k in Self.px(c[0][k]) }
        numbers("height", [("height", { max(0, $0.frame.size.height) })]) { c, k in Self.px(c[0][k]) }
        numbers("opacity", [("opacity", { min(max($0.opacity, 0), 1) })]) { c, k in Self.number(c[0][k]) }
        numbers("border-radius", [("cornerRadius", { max(0, $0.cornerRadius) })]) { c, k in Self.px(c[0][k]) }
        if held.contains(where: { $0.backgroundColor != nil }) {
            color("background-color", "backgroundColor", \.backgroundColor)
        }
        var style = [Declaration("position", "absolute"), Declaration("left", "0px"), Declaration("top", "0px"),
                     Declaration("margin", "0px"), Declaration("box-sizing", "border-box")]
        if !transformed { style.append(Declaration("transform-origin", "50% 50%")) }
        var html = "<div class=\"\(className(layer))\"></div>"
        if layer.kind == .arc, let stroke = first.stroke {
            color("stroke", "stroke.color") { $0.stroke?.color }
            numbers("stroke-width", [("stroke.lineWidth", { max(0, $0.stroke?.lineWidth ?? 0) })]) { c, k in Self.px(c[0][k]) }
            // The circle has pathLength="1" and stroke-dasharray 1: an offset of 1 − strokeEnd
            // shows strokeEnd of it from the start.
            numbers("stroke-dashoffset", [("stroke.strokeEnd", { 1 - ($0.stroke?.strokeEnd ?? 0) })]) { c, k in Self.number(c[0][k]) }
            style += [Declaration("fill", "none"), Declaration("stroke-dasharray", "1")] + (masks ? [] : [Declaration("overflow", "visible")])
            html = arcMarkup(className(layer), first, stroke)
        }
        if layer.kind == .blur, let blur = first.blur {
            let fraction = CSSName("--blur-fraction")
            if !registrations.contains(where: { $0.name == fraction }) {
                registrations.append(Registration(name: fraction, syntax: "<number>", initialValue: "0", inherits: false))
            }
            numbers("backdrop-filter", [("blur.radius", { max(0, $0.blur?.radius ?? 0) })]) { c, k in "blur(\(Self.px(c[0][k])))" }
            numbers(fraction.css, [("blur.fraction", { $0.blur?.fraction ?? 0 })]) { c, k in Self.number(c[0][k]) }
            let tint = Self.blurTint(blur.style)
            style.append(Declaration("background-color",
                                     "rgb(\(tint.red) \(tint.green) \(tint.blue) / calc(\(Self.number(tint.alpha)) * var(--blur-fraction)))"))
        }
        // CALayer's border (drawn inside the frame) and shadow (a CSS blur radius of twice
        // shadowRadius, the shadow's colour at shadowOpacity), as the client module draws them.
        if first.has("border") {
            style.append(Declaration("border-style", "solid"))
            numbers("border-width", [("borderWidth", { max(0, $0.number("border", "borderWidth") ?? 0) })]) { c, k in Self.px(c[0][k]) }
            color("border-color", "borderColor") { $0.color("border", "borderColor") }
        }
        if first.has("shadow") {
            let shadows = held.map { layer -> ColorBytes in
                guard let color = layer.color("shadow", "color") else { return .transparent }
                var bytes = ColorBytes(color)
                bytes.alpha = (bytes.alpha * min(1, max(0, layer.number("shadow", "opacity") ?? 0))).rounded()
                return bytes
            }
            let geometry: [(String, (Layer) -> Double)] = [
                ("shadow.offsetX", { $0.number("shadow", "offsetX") ?? 0 }), ("shadow.offsetY", { $0.number("shadow", "offsetY") ?? 0 }),
                ("shadow.radius", { 2 * max(0, $0.number("shadow", "radius") ?? 0) }),
            ]
            let columns = geometry.map { field in held.map(field.1) }
            properties.append(LayerProperty(
                name: CSSName("box-shadow"),
                channels: zip(geometry, columns).map { field, values in (field.0, .number(values, allowed: allowance(values))) }
                    + [("shadow.color*shadow.opacity", .color(shadows, allowed: allowance(shadows)))],
                text: { k in "\(Self.px(columns[0][k])) \(Self.px(columns[1][k])) \(Self.px(columns[2][k])) \(shadows[k].hex)" },
                isConstant: columns.allSatisfy { column in column.allSatisfy { $0 == column[0] } } && shadows.allSatisfy { $0 == shadows[0] }))
        }
        // masksToBounds clips the layer's own drawing too (a path past its bounds), and its
        // shadow, which overflow alone would not.
        if masks {
            discrete("overflow", "masksToBounds") { $0.bool("masks", "masksToBounds") == true ? "hidden" : "visible" }
        }
        if layer.kind == .shape, first.has("path") {
            // The path in the layer's coordinates (an <svg> without a viewBox draws 1:1), its
            // length 1 so strokeStart…strokeEnd is a dash: `end − start` long, 2 of gap, offset −start.
            color("fill", "path.fillColor") { $0.color("path", "fillColor") }
            color("stroke", "path.strokeColor") { $0.color("path", "strokeColor") }
            numbers("stroke-width", [("path.lineWidth", { max(0, $0.number("path", "lineWidth") ?? 1) })]) { c, k in Self.px(c[0][k]) }
            discrete("stroke-linecap", "path.lineCap") { Self.keyword($0.text("path", "lineCap"), ["butt", "round", "square"]) }
            discrete("stroke-linejoin", "path.lineJoin") { Self.keyword($0.text("path", "lineJoin"), ["miter", "round", "bevel"]) }
            func ends(_ layer: Layer) -> (Double, Double) {
                let start = min(1, max(0, layer.number("path", "strokeStart") ?? 0))
                return (start, min(1, max(start, layer.number("path", "strokeEnd") ?? 1)))
            }
            numbers("stroke-dasharray", [("path.strokeEnd-path.strokeStart", { let (s, e) = ends($0); return e - s })]) { c, k in
                "\(Self.number(c[0][k])) 2"
            }
            numbers("stroke-dashoffset", [("path.strokeStart", { -ends($0).0 })]) { c, k in Self.number(c[0][k]) }
            if !masks { style.append(Declaration("overflow", "visible")) }
            html = "<svg class=\"\(className(layer))\"><path d=\"\(SVGPlot.escape(first.text("path", "data") ?? ""))\" pathLength=\"1\"/></svg>"
        }
        if layer.kind == .text, first.has("text") {
            // A label: one line, centred vertically, aligned as it says, in the system font.
            style += [Declaration("display", "flex"), Declaration("align-items", "center"), Declaration("white-space", "pre"),
                      Declaration("font-family", Self.systemFont)]
            color("color", "text.color") { $0.color("text", "color") }
            numbers("font-size", [("text.fontSize", { max(0, $0.number("text", "fontSize") ?? 17) })]) { c, k in Self.px(c[0][k]) }
            numbers("font-weight", [("text.fontWeight", { min(1000, max(1, $0.number("text", "fontWeight") ?? 400)) })]) { c, k in
                Self.number(c[0][k])
            }
            let alignment = { (layer: Layer) in Self.keyword(layer.text("text", "alignment"), ["left", "center", "right"]) }
            discrete("justify-content", "text.alignment") { ["center": "center", "right": "flex-end"][alignment($0)] ?? "flex-start" }
            discrete("text-align", "text.alignment") { alignment($0) }
            html = "<div class=\"\(className(layer))\">\(SVGPlot.escape(first.text("text", "string") ?? ""))</div>"
        }
        if layer.kind == .symbol, first.has("symbol") {
            // The client module's glyph for the name, in a 24-point box scaled to pointSize and
            // centred in the frame; a name it has none for is drawn as nothing and said so.
            color("fill", "symbol.color") { $0.color("symbol", "color") }
            if !masks { style.append(Declaration("overflow", "visible")) }
            let name = first.text("symbol", "name") ?? ""
            let size = max(first.number("symbol", "pointSize") ?? 17, Self.numberFloor)
            let (width, height) = (max(0, first.frame.size.width), max(0, first.frame.size.height))
            let box = [12 - 12 * width / size, 12 - 12 * height / size, 24 * width / size, 24 * height / size].map(Self.number)
            let glyph = SymbolGlyphs.paths[name].map { "<path d=\"\($0)\"/>" } ?? ""
            let missing = glyph.isEmpty ? " data-missing-symbol=\"\(SVGPlot.escape(name))\"" : ""
            html = "<svg class=\"\(className(layer))\" viewBox=\"\(box.joined(separator: " "))\"\(missing)>\(glyph)</svg>"
        }
        if container == nil, let clips = motion.clips[layer.id] {
            // A scene's clip (the bounds of the views above that clip to bounds) as a polygon in
            // the element's own coordinates: the clip's corners taken back through its transform.
            var last = clips.first { $0 != nil } ?? nil
            let corners = held.indices.map { k -> [Double] in
                if let clip = clips[k] { last = clip }
                guard let clip = last else { return [] }
                return Self.clipPolygon(held[k], clip: clip, origin: origin)
            }
            if corners.allSatisfy({ $0.count == 8 }) {
                let columns = (0..<8).map { i in corners.map { $0[i] } }
                properties.append(LayerProperty(
                    name: CSSName("clip-path"),
                    channels: columns.enumerated().map { i, column in
                        ("clip.\(i % 2 == 0 ? "x" : "y")\(i / 2 + 1)", .number(column, allowed: allowance(column)))
                    },
                    text: { k in
                        "polygon(" + (0..<4).map { "\(Self.px(columns[2 * $0][k])) \(Self.px(columns[2 * $0 + 1][k]))" }.joined(separator: ", ") + ")"
                    },
                    isConstant: columns.allSatisfy { column in column.allSatisfy { $0 == column[0] } }))
            }
        }
        if shown.contains(false) {
            properties.append(LayerProperty(name: CSSName("visibility"), channels: [("visible", .presence(shown))],
                                            text: { shown[$0] ? "visible" : "hidden" }, isConstant: false))
        }

        style += properties.filter(\.isConstant).map { Declaration($0.name, $0.text(0)) }
        elements.append(Element(className: className(layer), source: "layers/\(layer.id)", style: style, html: html, container: container))
        animate(properties, className(layer), source: "layers/\(layer.id)")
        if motion.layers.contains(where: { $0.samples.contains { $0?.superlayer == layer.id } }) {
            addSublayersGroup(layer, properties, transformed: transformed, held: held, container: container)
        }
    }

    /// The class of the group the sublayers of the layer with this id are drawn in.
    func sublayersClass(of id: String) -> String { name + "-" + CSSName.identifier(id) + "-sublayers" }

    /// The group a superlayer's sublayers are drawn in, right after its own element: placed,
    /// turned, scaled and faded as it is (its transform, size and opacity), clipped to its
    /// rounded bounds while it masks to bounds, and to a scene's clip as it is.
    private mutating func addSublayersGroup(_ layer: SampledMotion.LayerSeries, _ properties: [LayerProperty], transformed: Bool,
                                            held: [Layer], container: String?) {
        let shared = Set(["transform", "transform-origin", "width", "height", "opacity", "clip-path", "visibility"].map(CSSName.init))
        var group = properties.filter { shared.contains($0.name) }
        let clipped = held.map { $0.bool("masks", "masksToBounds") == true }
        let radii = held.map { max(0, $0.cornerRadius) }
        if clipped.contains(true) {
            group.append(LayerProperty(name: CSSName("overflow"), channels: [("masksToBounds", .discrete(clipped.map { $0 ? "hidden" : "visible" }))],
                                       text: { clipped[$0] ? "hidden" : "visible" }, isConstant: clipped.allSatisfy { $0 == clipped[0] }))
            group.append(LayerProperty(name: CSSName("border-radius"), channels: [("cornerRadius", .number(radii, allowed: allowance(radii)))],
                                       text: { Self.px(radii[$0]) }, isConstant: radii.allSatisfy { $0 == radii[0] }))
        }
        let className = sublayersClass(of: layer.id)
        var style = [Declaration("position", "absolute"), Declaration("left", "0px"), Declaration("top", "0px"),
                     Declaration("margin", "0px"), Declaration("box-sizing", "border-box")]
        if !transformed { style.append(Declaration("transform-origin", "50% 50%")) }
        style += group.filter(\.isConstant).map { Declaration($0.name, $0.text(0)) }
        elements.append(Element(className: className, source: "layers/\(layer.id)/sublayers", style: style,
                                html: "<div class=\"\(className)\"></div>", container: container))
        animate(group, className, source: "layers/\(layer.id)/sublayers")
    }

    /// One animation of an element's moving properties, with the keyframes they share.
    private mutating func animate(_ properties: [LayerProperty], _ className: String, source: String) {
        let moving = properties.filter { !$0.isConstant }
        guard !moving.isEmpty else { return }
        let track = KeyframeTrack(moving.flatMap { $0.channels.map(\.channel) }, fractions: fractions)
        let tolerances = moving.flatMap(\.channels).compactMap { field, channel -> (field: String, value: Double)? in
            switch channel {
            case let .number(_, allowed), let .color(_, allowed): (field, allowed)
            case .presence, .discrete: nil
            }
        }
        animations.append(Animation(
            name: className, className: className, source: source,
            keyframes: keyframes(track) { k in moving.map { Declaration($0.name, $0.text(k)) } },
            easing: "linear", valueTolerance: tolerances, easingForm: nil))
    }

    /// The corners of `clip` (box coordinates, from `origin`) in `layer`'s element's own
    /// coordinates, as x, y pairs: the inverse of the transform the element is drawn with.
    static func clipPolygon(_ layer: Layer, clip: Rect, origin: Point) -> [Double] {
        let (width, height) = (max(0, layer.frame.size.width), max(0, layer.frame.size.height))
        var (dx, dy) = (layer.frame.minX - origin.x, layer.frame.minY - origin.y)
        var (px, py) = (width / 2, height / 2)
        var (sx, sy, angle) = (layer.scale, layer.scale, 0.0)
        if layer.has("transform") {
            dx += layer.number("transform", "translationX") ?? 0
            dy += layer.number("transform", "translationY") ?? 0
            px = (layer.number("transform", "anchorX") ?? 0.5) * width
            py = (layer.number("transform", "anchorY") ?? 0.5) * height
            sx *= layer.number("transform", "scaleX") ?? 1
            sy *= layer.number("transform", "scaleY") ?? 1
            angle = layer.number("transform", "rotation") ?? 0
        }
        let (cosine, sine) = (cos(angle), sin(angle))
        let corners = [(clip.minX, clip.minY), (clip.maxX, clip.minY), (clip.maxX, clip.maxY), (clip.minX, clip.maxY)]
        return corners.flatMap { x, y -> [Double] in
            // q = d + pivot + R·S·(p − pivot), so p = pivot + S⁻¹·R⁻¹·(q − d − pivot).
            let (qx, qy) = (x - origin.x - dx - px, y - origin.y - dy - py)
            let (rx, ry) = (cosine * qx + sine * qy, -sine * qx + cosine * qy)
            return [px + (sx == 0 ? 0 : rx / sx), py + (sy == 0 ? 0 : ry / sy)]
        }
    }

    /// Every sample's layer, a sample without one holding the nearest earlier one (or the first):
    /// a hidden layer then stays where it was, so nothing slides while it is out of sight.
    private static func held(_ samples: [Layer?], _ first: Layer) -> [Layer] {
        var last = first
        return samples.map { sample in
            if let sample { last = sample }
            return last
        }
    }

    /// `<svg>` with a circle inscribed in the layer's box whose path starts at the stroke's
    /// start angle and runs its way round (a circle's own path starts at 3 o'clock, clockwise on
    /// screen): rotated by the start angle, mirrored for counter-clockwise.
    private func arcMarkup(_ className: String, _ layer: Layer, _ stroke: Layer.Stroke) -> String {
        let (width, height) = (max(0, layer.frame.size.width), max(0, layer.frame.size.height))
        let (cx, cy) = (Self.number(width / 2), Self.number(height / 2))
        let radius = Self.number(max(0, min(width, height) / 2 - stroke.lineWidth / 2))
        var transform = "rotate(\(Self.number(stroke.startAngle * 180 / Double.pi)) \(cx) \(cy))"
        if !stroke.clockwise { transform += " translate(0 \(Self.number(height))) scale(1 -1)" }
        return "<svg class=\"\(className)\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">"
            + "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(radius)\" pathLength=\"1\" transform=\"\(transform)\"/></svg>"
    }
}
