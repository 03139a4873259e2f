/// An export plan as the arguments of the Web Animations API: for every animation the selector
/// of its element, its keyframes with property names `element.animate()` reads (camelCase,
/// custom properties as `--name`), and its options, so
/// `root.querySelector(a.selector).animate(a.keyframes, a.options)` plays it; with the markup,
/// the elements' static styles and the custom properties to register.
enum WAAPIExport {
    static func render(_ plan: ExportPlan) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 1024 + plan.animations.count * 4096)
        w.beginObject()
        w.member("name", plan.name)
        w.member("title", plan.motion.title)
        w.member("from", plan.motion.window.from)
        w.member("duration", plan.duration)
        w.member("tolerance", plan.tolerance)
        if let bounds = plan.motion.bounds {
            w.key("bounds")
            w.beginObject()
            w.member("x", bounds.minX)
            w.member("y", bounds.minY)
            w.member("width", bounds.size.width)
            w.member("height", bounds.size.height)
            w.endObject()
        }
        w.member("markup", plan.markup)
        w.key("registrations")
        w.beginArray()
        for registration in plan.registrations {
            w.beginObject()
            w.member("name", registration.name.css)
            w.member("syntax", registration.syntax)
            w.member("inherits", registration.inherits)
            w.member("initialValue", registration.initialValue)
            w.endObject()
        }
        w.endArray()
        w.member("propertyRules", plan.registrations.map(CSSExport.rule).joined())
        w.key("elements")
        w.beginArray()
        for element in plan.elements {
            w.beginObject()
            w.member("selector", "." + element.className)
            w.member("source", element.source)
            w.key("style")
            declarations(element.style, into: &w)
            w.endObject()
        }
        w.endArray()
        w.key("animations")
        w.beginArray()
        for animation in plan.animations { encode(animation, duration: plan.duration, into: &w) }
        w.endArray()
        w.endObject()
        var bytes = w.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private static func encode(_ animation: ExportPlan.Animation, duration: Double, into w: inout JSONWriter) {
        w.beginObject()
        w.member("selector", "." + animation.className)
        w.member("source", animation.source)
        w.key("keyframes")
        w.beginArray()
        for keyframe in animation.keyframes {
            w.beginObject()
            w.member("offset", keyframe.offset)
            for declaration in keyframe.declarations { w.member(declaration.property.waapi, declaration.value) }
            w.endObject()
        }
        w.endArray()
        w.key("options")
        w.beginObject()
        w.member("duration", duration)
        w.member("easing", animation.easing)
        w.member("fill", "both")
        w.endObject()
        w.key("valueTolerance")
        w.beginObject()
        for (field, value) in animation.valueTolerance { w.member(field, value) }
        w.endObject()
        if let easing = animation.easingForm {
            w.member("normalization", easing.normalization.rawValue)
            w.member("from", easing.from)
            w.member("to", easing.to)
        }
        w.endObject()
    }

    private static func declarations(_ list: [ExportPlan.Declaration], into w: inout JSONWriter) {
        w.beginObject()
        for declaration in list { w.member(declaration.property.waapi, declaration.value) }
        w.endObject()
    }
}
