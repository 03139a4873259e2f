import AnimationCore

/// What an export plays, whatever it is written as: the elements it styles and the animations
/// that move them. `CSSExport` writes it as a stylesheet, `WAAPIExport` as the arguments of
/// `element.animate()`; both play the same keyframes.
///
/// The elements are the control's box `.<name>`, which carries the named frame properties as
/// custom properties (`--thumbCenterX`, `--trackColor`) for a page's own styles to read, and
/// inside it one element `.<name>-<layer id>` per layer, back to front, placed and shaped as
/// the frames' `layers` say: a transform `translate(x, y) scale(s)` about the layer's centre,
/// width, height, opacity, corner radius, colours, an arc's stroke, a blur's radius. An element
/// with the export's `markup` plays it as is.
struct ExportPlan: Sendable {
    struct Declaration: Sendable, Equatable {
        var property: CSSName
        var value: String

        init(_ property: String, _ value: String) {
            self.init(CSSName(property), value)
        }

        init(_ property: CSSName, _ value: String) {
            self.property = property
            self.value = value
        }
    }

    /// An element the export styles, with the declarations that do not change over the window.
    struct Element: Sendable {
        var className: String
        /// `properties` for the control's box, `layers/<id>` for a layer.
        var source: String
        var style: [Declaration]
        /// The element as HTML, empty for the box (which `markup` wraps around the others).
        var html = ""
        /// The class of the sublayers' group it is drawn in (nil: the box).
        var container: String?
    }

    struct Keyframe: Sendable {
        /// 0 at the first sample, 1 at the last.
        var offset: Double
        var declarations: [Declaration]
    }

    /// One animation of one element.
    struct Animation: Sendable {
        var name: String
        var className: String
        /// `properties/<name>` for a named frame property, `layers/<id>` for a layer.
        var source: String
        var keyframes: [Keyframe]
        /// `linear` between keyframes, or the `linear()` easing of a two-keyframe animation.
        var easing: String
        /// The largest deviation from any sample allowed, per frame field, in its own units
        /// (colours in 8-bit steps).
        var valueTolerance: [(field: String, value: Double)]
        /// For a named numeric property: how its progress was normalised for the easing.
        var easingForm: LinearEasing?
    }

    /// A custom property registered so it animates: `@property` or `CSS.registerProperty()`.
    struct Registration: Sendable, Equatable {
        var name: CSSName
        var syntax: String
        var initialValue: String
        var inherits: Bool
    }

    var motion: SampledMotion
    var tolerance: Double
    var registrations: [Registration] = []
    var elements: [Element] = []
    var animations: [Animation] = []

    var name: String { motion.name }

    /// Milliseconds from the first sample to the last.
    var duration: Double { motion.span * 1000 }

    init(_ motion: SampledMotion, tolerance: Double) {
        self.motion = motion
        self.tolerance = tolerance
        addBox()
        for layer in motion.layers { add(layer) }
    }

    /// The class of a layer's element.
    func className(_ layer: SampledMotion.LayerSeries) -> String { name + "-" + CSSName.identifier(layer.id) }

    /// The smallest allowance for a number: below it, the six decimals written would count.
    static let numberFloor = 1e-6
    /// The smallest allowance for a colour channel, a quarter of an 8-bit step: a browser that
    /// rounds what it shows to 8 bits then shows the frame's own bytes at every sample.
    static let colorFloor = 0.25

    /// `tolerance` of a number's range over the samples, at least `numberFloor`.
    func allowance(_ values: [Double]) -> Double {
        guard let low = values.min(), let high = values.max() else { return Self.numberFloor }
        return max(tolerance * (high - low), Self.numberFloor)
    }

    /// `tolerance` of the widest channel range over the samples (in 8-bit steps), at least `colorFloor`.
    func allowance(_ values: [ColorBytes]) -> Double {
        let paths: [KeyPath<ColorBytes, Double>] = [\.red, \.green, \.blue, \.alpha]
        let range = paths.map { path in
            (values.map { $0[keyPath: path] }.max() ?? 0) - (values.map { $0[keyPath: path] }.min() ?? 0)
        }.max() ?? 0
        return max(tolerance * range, Self.colorFloor)
    }

    /// The keyframes at `track`'s stops, each with `declarations(k)`; a single sample gives two
    /// equal keyframes, as `linear()` and WAAPI want two.
    func keyframes(_ track: KeyframeTrack, _ declarations: (Int) -> [Declaration]) -> [Keyframe] {
        guard track.stops.count > 1 else {
            let only = declarations(track.stops.first ?? 0)
            return [Keyframe(offset: 0, declarations: only), Keyframe(offset: 1, declarations: only)]
        }
        return track.stops.map { Keyframe(offset: motion.fraction($0), declarations: declarations($0)) }
    }

    /// The HTML the export styles: the box with one element per layer inside, back to front.
    var markup: String {
        let inner = elements.filter { !$0.html.isEmpty && $0.container == nil }
        return "<div class=\"\(name)\">" + inner.map { "\n  " + html($0, indent: "  ") }.joined() + (inner.isEmpty ? "" : "\n") + "</div>"
    }

    /// An element's HTML with the elements drawn in it (a sublayers' group's) inside, each on its line.
    private func html(_ element: Element, indent: String) -> String {
        let inner = elements.filter { !$0.html.isEmpty && $0.container == element.className }
        guard !inner.isEmpty, element.html.hasSuffix("</div>") else { return element.html }
        let deeper = indent + "  "
        return element.html.dropLast(6) + inner.map { "\n" + deeper + html($0, indent: deeper) }.joined() + "\n" + indent + "</div>"
    }

    /// Every sample's place in the animation.
    var fractions: [Double] { (0..<motion.count).map(motion.fraction) }

    /// A number as the exports write it: at most six decimals.
    static func number(_ value: Double) -> String { DecimalText.text(value, decimals: 6) }

    static func px(_ value: Double) -> String { number(value) + "px" }
}

extension ExportPlan {
    /// The control's box and its named properties: numbers as `<number>` custom properties, each
    /// with its own `linear()` easing between two keyframes (one value, so nothing is shared);
    /// colours as `<color>` custom properties with keyframes.
    private mutating func addBox() {
        var style: [Declaration] = []
        if let bounds = motion.bounds {
            style += [Declaration("position", "relative"), Declaration("width", Self.px(bounds.size.width)),
                      Declaration("height", Self.px(bounds.size.height))]
        }
        for series in motion.series {
            let property = CSSName.custom(series.name)
            registrations.append(Registration(name: property, syntax: "<number>", initialValue: "0", inherits: true))
            let easing = LinearEasing(motion, series, tolerance: tolerance)
            guard easing.normalization != .constant else {
                style.append(Declaration(property, Self.number(easing.from)))
                continue
            }
            animations.append(Animation(
                name: name + property.css, className: name, source: "properties/\(series.name)",
                keyframes: [Keyframe(offset: 0, declarations: [Declaration(property, Self.number(easing.from))]),
                            Keyframe(offset: 1, declarations: [Declaration(property, Self.number(easing.to))])],
                easing: easing.css, valueTolerance: [(series.name, easing.valueTolerance)], easingForm: easing))
        }
        for series in motion.colors {
            let property = CSSName.custom(series.name)
            registrations.append(Registration(name: property, syntax: "<color>", initialValue: "transparent", inherits: true))
            let values = series.values.map(ColorBytes.init)
            guard values.contains(where: { $0 != values[0] }) else {
                style.append(Declaration(property, values[0].hex))
                continue
            }
            let allowed = allowance(values)
            let track = KeyframeTrack([.color(values, allowed: allowed)], fractions: fractions)
            animations.append(Animation(
                name: name + property.css, className: name, source: "properties/\(series.name)",
                keyframes: keyframes(track) { [Declaration(property, values[$0].hex)] },
                easing: "linear", valueTolerance: [(series.name, allowed)], easingForm: nil))
        }
        elements.append(Element(className: name, source: "properties", style: style))
    }
}
