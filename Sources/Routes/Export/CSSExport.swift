/// An export plan as a stylesheet: `@property` rules for the custom properties, then per
/// element a rule with its static declarations and its animations, each with its `@keyframes`.
enum CSSExport {
    static func render(_ plan: ExportPlan) -> [UInt8] {
        var css = header(plan)
        for registration in plan.registrations { css += rule(registration) }
        for element in plan.elements {
            let animations = plan.animations.filter { $0.className == element.className }
            css += rule(element, animations, duration: milliseconds(plan.duration))
            for animation in animations { css += keyframes(animation) }
        }
        return Array(css.utf8)
    }

    /// Milliseconds for CSS and WAAPI, to the microsecond.
    static func milliseconds(_ milliseconds: Double) -> String {
        DecimalText.text(milliseconds, decimals: 6)
    }

    /// `@property` text, as the WAAPI export offers it too.
    static func rule(_ registration: ExportPlan.Registration) -> String {
        """

        @property \(registration.name.css) {
          syntax: "\(registration.syntax)";
          inherits: \(registration.inherits);
          initial-value: \(registration.initialValue);
        }

        """
    }

    private static func header(_ plan: ExportPlan) -> String {
        let motion = plan.motion
        let markup = plan.markup.split(separator: "\n").map { " *   " + comment(String($0)) }.joined(separator: "\n")
        return """
            /* ControlSim CSS export: \(comment(motion.title)).
             * \(motion.count) samples at \(DecimalText.text(motion.window.fps, decimals: 6)) fps, \(milliseconds(plan.duration)) ms from the first to the last.
             * The rules style this markup, the control's box with its layers inside, back to front:
            \(markup)
             * The box carries the named numeric and colour frame properties as custom properties
             * (a page's own styles can read them with var()); each layer's element is placed by
             * `transform: translate(x, y) scale(s)` about its centre and sized, coloured and
             * stroked as the frames' layers say. Booleans and strings are left out.
             * Between keyframes the browser interpolates linearly (colours in premultiplied sRGB);
             * the keyframes are samples kept so that, at every sample, each value stays within
             * \(DecimalText.text(plan.tolerance, decimals: 9)) of its range over the window (at least 0.000001, and a quarter
             * of an 8-bit step for colours). A named number runs from its `from` keyframe to its `to`
             * keyframe with a linear() easing of its progress p, normalised as its comment says:
             *   endpoints: from = first value, to = last value, p = (v - first) / (last - first);
             *   peak: the motion ends where it began, so from = first value, to = the value
             *         farthest from it, p = (v - first) / (peak - first).
             * The same motion as Web Animations API keyframes: this URL with format=waapi.
             */

            """
    }

    private static func rule(_ element: ExportPlan.Element, _ animations: [ExportPlan.Animation], duration: String) -> String {
        var lines = element.style.map { "  \($0.property.css): \($0.value);" }
        if !animations.isEmpty {
            lines += ["  animation-name: \(animations.map(\.name).joined(separator: ", "));",
                      "  animation-duration: \(duration)ms;",
                      "  animation-timing-function: \(animations.map(\.easing).joined(separator: ", "));",
                      "  animation-fill-mode: both;"]
        }
        let what = element.source == "properties" ? "the box, with the named properties" : element.source.replacing("layers/", with: "layer ")
        return "\n/* \(comment(what)) */\n.\(element.className) {\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    private static func keyframes(_ animation: ExportPlan.Animation) -> String {
        var note = "\(animation.source): \(animation.keyframes.count) keyframes"
        if let easing = animation.easingForm {
            note = "\(animation.source): normalisation \(easing.normalization.rawValue), "
                + "from \(DecimalText.text(easing.from, decimals: 6)) to \(DecimalText.text(easing.to, decimals: 6)), "
                + "\(easing.stops.count) stops"
        }
        let within = animation.valueTolerance.map { "\($0.field) \(DecimalText.text($0.value, decimals: 9))" }
        var css = "/* \(comment(note)), within \(comment(within.joined(separator: ", "))) */\n@keyframes \(animation.name) {\n"
        for keyframe in animation.keyframes {
            let selector = animation.easingForm != nil
                ? (keyframe.offset == 0 ? "from" : "to")
                : DecimalText.text(keyframe.offset * 100, decimals: 8) + "%"
            let declarations = keyframe.declarations.map { "\($0.property.css): \($0.value);" }.joined(separator: " ")
            css += "  \(selector) { \(declarations) }\n"
        }
        return css + "}\n"
    }

    /// Text safe inside a CSS comment.
    private static func comment(_ text: String) -> String {
        text.replacing("*/", with: "* /")
    }
}
