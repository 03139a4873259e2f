import AnimationCore

/// A sampled motion as a self-contained SVG plot a browser opens as is: one band per numeric
/// property, each with its own value axis (properties differ in units and range: a card's y in
/// hundreds of points, its corner radius in tens), one shared time axis in seconds, a legend,
/// and emitted events as dashed vertical marks with tooltips.
///
/// For tests and tools: each series is the one element with `class="series"` and
/// `data-property="<name>"` (a comparison's reference, dashed, `class="reference"`); each emitted
/// event is one `<g class="event">` with a `<title>`.
enum SVGPlot {
    /// Fixed palette (Tableau 10), cycled: a property's colour depends on its position only.
    static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                          "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]

    static let width = 900.0
    static let left = 90.0
    static let plotWidth = 600.0
    static let top = 56.0
    static let bandHeight = 140.0
    static let bandGap = 28.0
    static let bottom = 56.0
    /// The room an event's label (vertical, 10 px type) takes across.
    static let labelWidth = 12.0
    /// Series are simplified to this many pixels (vertically) before they are written.
    static let pixelTolerance = 0.1

    static func render(_ motion: SampledMotion) -> [UInt8] {
        let bands = max(motion.series.count, 1)
        let height = top + Double(bands) * bandHeight + Double(bands - 1) * bandGap + bottom
        let time = TimeScale(motion)
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(px(width))" height="\(px(height))" \
            viewBox="0 0 \(px(width)) \(px(height))" font-family="system-ui, -apple-system, Helvetica, Arial, sans-serif" font-size="12">
            <title>\(escape(motion.title))</title>
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(px(left))" y="28" font-size="15" font-weight="600">\(escape(motion.title))</text>

            """
        if motion.series.isEmpty {
            svg += band(at: top, ValueScale(values: [0], top: top), time: time)
            svg += "<text x=\"\(px(left + plotWidth / 2))\" y=\"\(px(top + bandHeight / 2))\" text-anchor=\"middle\" fill=\"#666\">no numeric properties</text>\n"
        }
        for (index, series) in motion.series.enumerated() {
            let y0 = top + Double(index) * (bandHeight + bandGap)
            let overlay = motion.overlay.first { $0.name == series.name }
            let scale = ValueScale(values: series.values + (overlay?.values ?? []), top: y0)
            svg += band(at: y0, scale, time: time)
            svg += text(series.name, x: 22, y: y0 + bandHeight / 2, anchor: "middle", rotate: -90, weight: "600")
            svg += polyline(series, color: palette[index % palette.count], scale: scale, time: time, motion: motion)
            if let overlay {
                svg += polyline(overlay, color: palette[index % palette.count], scale: scale, time: time, motion: motion,
                                role: "reference")
            }
        }
        let plotBottom = height - bottom
        svg += timeAxis(time, y: plotBottom)
        var labelled: [Double] = []
        for emission in motion.emissions {
            let x = time.x(emission.t - motion.window.from)
            // Labels of events at (nearly) the same time stand side by side, not on each other.
            let shift = Double(labelled.count { abs($0 - x) < labelWidth }) * labelWidth
            labelled.append(x)
            svg += mark(emission, x: x, labelX: x + 3 + shift, from: top, to: plotBottom)
        }
        svg += legend(motion)
        svg += "</svg>\n"
        return Array(svg.utf8)
    }

    // MARK: Pieces

    /// The band's frame, value grid and value labels.
    private static func band(at y0: Double, _ scale: ValueScale, time: TimeScale) -> String {
        var svg = "<rect class=\"band\" x=\"\(px(left))\" y=\"\(px(y0))\" width=\"\(px(plotWidth))\" height=\"\(px(bandHeight))\" fill=\"#fafafa\" stroke=\"#cccccc\"/>\n"
        for tick in scale.ticks.values {
            let y = scale.y(tick)
            svg += line(x1: left, y1: y, x2: left + plotWidth, y2: y, stroke: "#e6e6e6")
            svg += line(x1: left - 5, y1: y, x2: left, y2: y, stroke: "#888888")
            svg += text(DecimalText.text(tick, decimals: scale.ticks.decimals), x: left - 8, y: y + 4, anchor: "end")
        }
        for tick in time.ticks.values {
            let x = time.x(tick - time.from)
            svg += line(x1: x, y1: y0, x2: x, y2: y0 + bandHeight, stroke: "#eeeeee")
        }
        return svg
    }

    /// `role: "reference"` draws the series dashed, with that class (a comparison's other side).
    private static func polyline(_ series: SampledMotion.Series, color: String, scale: ValueScale, time: TimeScale,
                                 motion: SampledMotion, role: String = "series") -> String {
        let xs = series.values.indices.map { time.x(Double($0) / motion.window.fps) }
        let ys = series.values.map(scale.y)
        let points = PolylineSimplifier.simplify(x: xs, y: ys, tolerance: pixelTolerance)
            .map { "\(px(xs[$0])),\(px(ys[$0]))" }.joined(separator: " ")
        let dash = role == "series" ? "" : " stroke-dasharray=\"6 4\" stroke-opacity=\"0.8\""
        return "<polyline class=\"\(role)\" data-property=\"\(escape(series.name))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.75\"\(dash) stroke-linejoin=\"round\" points=\"\(points)\"/>\n"
    }

    private static func timeAxis(_ time: TimeScale, y: Double) -> String {
        var svg = line(x1: left, y1: y, x2: left + plotWidth, y2: y, stroke: "#888888")
        for tick in time.ticks.values {
            let x = time.x(tick - time.from)
            svg += line(x1: x, y1: y, x2: x, y2: y + 5, stroke: "#888888")
            svg += text(DecimalText.text(tick, decimals: time.ticks.decimals), x: x, y: y + 18, anchor: "middle")
        }
        svg += text("time (s)", x: left + plotWidth / 2, y: y + 40, anchor: "middle", weight: "600")
        return svg
    }

    private static func mark(_ emission: Emission, x: Double, labelX: Double, from y0: Double, to y1: Double) -> String {
        let fields = emission.fields.map { "\($0.name): \(describe($0.value))" }.joined(separator: ", ")
        let tip = "\(emission.name) at t = \(DecimalText.text(emission.t, decimals: 6)) s" + (fields.isEmpty ? "" : " (\(fields))")
        return "<g class=\"event\"><title>\(escape(tip))</title>"
            + "<line x1=\"\(px(x))\" y1=\"\(px(y0))\" x2=\"\(px(x))\" y2=\"\(px(y1))\" stroke=\"#555555\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>"
            + text(emission.name, x: labelX, y: y0 + 4, anchor: "start", rotate: 90, size: 10, fill: "#555555")
            + "</g>\n"
    }

    private static func legend(_ motion: SampledMotion) -> String {
        let x = left + plotWidth + 30
        var svg = ""
        var y = top + 8
        for (index, series) in motion.series.enumerated() {
            let low = series.values.min() ?? 0, high = series.values.max() ?? 0
            svg += "<line x1=\"\(px(x))\" y1=\"\(px(y))\" x2=\"\(px(x + 24))\" y2=\"\(px(y))\" stroke=\"\(palette[index % palette.count])\" stroke-width=\"3\"/>\n"
            svg += text("\(series.name) \(DecimalText.text(low, decimals: 4)) to \(DecimalText.text(high, decimals: 4))",
                        x: x + 30, y: y + 4, anchor: "start")
            y += 20
        }
        if !motion.emissions.isEmpty {
            svg += "<line x1=\"\(px(x))\" y1=\"\(px(y))\" x2=\"\(px(x + 24))\" y2=\"\(px(y))\" stroke=\"#555555\" stroke-dasharray=\"4 3\"/>\n"
            svg += text("emitted event", x: x + 30, y: y + 4, anchor: "start")
        }
        return svg
    }

    // MARK: Text

    private static func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String) -> String {
        "<line x1=\"\(px(x1))\" y1=\"\(px(y1))\" x2=\"\(px(x2))\" y2=\"\(px(y2))\" stroke=\"\(stroke)\"/>\n"
    }

    private static func text(_ content: String, x: Double, y: Double, anchor: String, rotate: Int? = nil,
                             size: Int? = nil, weight: String? = nil, fill: String = "#333333") -> String {
        var attributes = "x=\"\(px(x))\" y=\"\(px(y))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\""
        if let rotate { attributes += " transform=\"rotate(\(rotate) \(px(x)) \(px(y)))\"" }
        if let size { attributes += " font-size=\"\(size)\"" }
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        return "<text \(attributes)>\(escape(content))</text>\n"
    }

    private static func px(_ value: Double) -> String { DecimalText.text(value, decimals: 2) }

    private static func describe(_ value: FieldValue) -> String {
        switch value {
        case let .number(n): DecimalText.text(n, decimals: 6)
        case let .bool(b): String(b)
        case let .color(c): c.hex
        case let .string(s): s
        }
    }

    /// Text and attribute values for XML.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
