/// A sampled motion as Web Animations API keyframes, built from the same simplified stops as
/// the CSS export: `element.animate(properties[p].keyframes, {duration, easing: "linear"})`.
enum WAAPIExport {
    static func render(_ motion: SampledMotion, tolerance: Double) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 512 + motion.series.count * 4096)
        w.beginObject()
        w.member("name", motion.name)
        w.member("title", motion.title)
        w.member("from", motion.window.from)
        w.member("duration", motion.span * 1000)
        w.member("tolerance", tolerance)
        w.key("properties")
        w.beginObject()
        for series in motion.series {
            w.key(series.name)
            encode(series, LinearEasing(motion, series, tolerance: tolerance), into: &w)
        }
        w.endObject()
        w.endObject()
        var bytes = w.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private static func encode(_ series: SampledMotion.Series, _ easing: LinearEasing, into w: inout JSONWriter) {
        let target = CSSProperty(for: series.name)
        w.beginObject()
        w.member("cssProperty", target.name)
        w.member("normalization", easing.normalization.rawValue)
        w.member("from", easing.from)
        w.member("to", easing.to)
        w.member("linear", easing.css)
        w.member("valueTolerance", easing.valueTolerance)
        w.member("easing", "linear")
        w.key("keyframes")
        w.beginArray()
        for stop in easing.stops {
            let value = series.values[stop.index]
            w.beginObject()
            w.member("offset", stop.fraction)
            w.member("value", value)
            w.member(target.name, target.value(value))
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }
}
