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
        let origin = motion.bounds?.origin ?? .zero
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

        numbers("transform", [("x", { $0.frame.minX - origin.x }), ("y", { $0.frame.minY - origin.y }), ("scale", \.scale)]) { c, k in
            "translate(\(Self.px(c[0][k])), \(Self.px(c[1][k]))) scale(\(Self.number(c[2][k])))"
        }
        // Values CSS cannot hold are clamped as CSS would clamp them: sizes and radii at 0,
        // opacity to [0, 1].
        numbers("width", [("width", { max(0, $0.frame.size.width) })]) { c, k in Self.px(c[0][k]) }
        numbers("height", [("height", { max(0, $0.frame.size.height) })]) { c, k in Self.px(c[0][k]) }
        numbers("opacity", [("opacity", { min(max($0.opacity, 0), 1) })]) { c, k in Self.number(c[0][k]) }
        numbers("border-radius", [("cornerRadius", { max(0, $0.cornerRadius) })]) { c, k in Self.px(c[0][k]) }
        if held.contains(where: { $0.backgroundColor != nil }) {
            color("background-color", "backgroundColor", \.backgroundColor)
        }
        var style = [Declaration("position", "absolute"), Declaration("left", "0px"), Declaration("top", "0px"),
                     Declaration("margin", "0px"), Declaration("box-sizing", "border-box"),
                     Declaration("transform-origin", "50% 50%")]
        var html = "<div class=\"\(className(layer))\"></div>"
        if layer.kind == .arc, let stroke = first.stroke {
            color("stroke", "stroke.color") { $0.stroke?.color }
            numbers("stroke-width", [("stroke.lineWidth", { max(0, $0.stroke?.lineWidth ?? 0) })]) { c, k in Self.px(c[0][k]) }
            // The circle has pathLength="1" and stroke-dasharray 1: an offset of 1 − strokeEnd
            // shows strokeEnd of it from the start.
            numbers("stroke-dashoffset", [("stroke.strokeEnd", { 1 - ($0.stroke?.strokeEnd ?? 0) })]) { c, k in Self.number(c[0][k]) }
            style += [Declaration("fill", "none"), Declaration("stroke-dasharray", "1"), Declaration("overflow", "visible")]
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
        if shown.contains(false) {
            properties.append(LayerProperty(name: CSSName("visibility"), channels: [("visible", .presence(shown))],
                                            text: { shown[$0] ? "visible" : "hidden" }, isConstant: false))
        }

        style += properties.filter(\.isConstant).map { Declaration($0.name, $0.text(0)) }
        elements.append(Element(className: className(layer), source: "layers/\(layer.id)", style: style, html: html))
        let moving = properties.filter { !$0.isConstant }
        guard !moving.isEmpty else { return }
        let track = KeyframeTrack(moving.flatMap { $0.channels.map(\.channel) }, fractions: fractions)
        let tolerances = moving.flatMap(\.channels).compactMap { field, channel -> (field: String, value: Double)? in
            switch channel {
            case let .number(_, allowed), let .color(_, allowed): (field, allowed)
            case .presence: nil
            }
        }
        animations.append(Animation(
            name: className(layer), className: className(layer), source: "layers/\(layer.id)",
            keyframes: keyframes(track) { k in moving.map { Declaration($0.name, $0.text(k)) } },
            easing: "linear", valueTolerance: tolerances, easingForm: nil))
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
