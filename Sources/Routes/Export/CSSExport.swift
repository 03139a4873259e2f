/// A sampled motion as a stylesheet: per numeric property a class running an animation whose
/// `animation-timing-function` is the property's `linear()` easing between two keyframes.
enum CSSExport {
    static func render(_ motion: SampledMotion, tolerance: Double) -> [UInt8] {
        let duration = milliseconds(motion.span)
        var css = header(motion, tolerance: tolerance, duration: duration)
        for series in motion.series {
            let easing = LinearEasing(motion, series, tolerance: tolerance)
            css += rule(motion, series.name, easing, duration: duration)
        }
        return Array(css.utf8)
    }

    /// Milliseconds for CSS and WAAPI, to the microsecond.
    static func milliseconds(_ seconds: Double) -> String {
        DecimalText.text(seconds * 1000, decimals: 3)
    }

    /// `<name>-<property>`, a CSS identifier.
    static func animationName(_ motion: SampledMotion, _ property: String) -> String {
        CSSProperty.identifier("\(motion.name)-\(property)")
    }

    private static func header(_ motion: SampledMotion, tolerance: Double, duration: String) -> String {
        let tol = DecimalText.text(tolerance, decimals: 9)
        let properties = motion.series.isEmpty ? "none" : motion.series.map(\.name).joined(separator: ", ")
        return """
            /* ControlSim CSS export: \(comment(motion.title)).
             * \(motion.count) samples at \(DecimalText.text(motion.window.fps, decimals: 6)) fps, \(duration) ms from the first to the last.
             * One animation per numeric property (\(comment(properties))); booleans, strings and
             * colours are left out. Each animation runs from its `from` keyframe to its `to` keyframe
             * with a linear() easing whose stops stay within \(tol) of every sample's progress p,
             * the fraction of the way from `from` to `to` (a spring's overshoot leaves [0, 1]).
             * Normalisation, named per property below:
             *   endpoints: from = first value, to = last value, p = (v - first) / (last - first);
             *   peak: the motion ends where it began, so from = first value, to = the value
             *         farthest from it, p = (v - first) / (peak - first);
             *   constant: nothing moves, p = 0.
             * Mapped properties: thumbCenterX -> translateX, cardY -> translateY, scale -> scale,
             * cornerRadius -> border-radius, opacity, strokeEnd -> stroke-dashoffset (1 - strokeEnd,
             * for pathLength="1" and stroke-dasharray: 1); others are registered custom properties.
             * The same motion as Web Animations API keyframes: this URL with format=waapi.
             */

            """
    }

    private static func rule(_ motion: SampledMotion, _ property: String, _ easing: LinearEasing, duration: String) -> String {
        let target = CSSProperty(for: property)
        let name = animationName(motion, property)
        var css = """

            /* \(comment(property)): normalisation \(easing.normalization.rawValue), \
            from \(DecimalText.text(easing.from, decimals: 6)) to \(DecimalText.text(easing.to, decimals: 6)), \
            \(easing.stops.count) stops, within \(DecimalText.text(easing.tolerance, decimals: 9)) */

            """
        if target.isCustom {
            css += """
                @property \(target.name) {
                  syntax: "<number>";
                  inherits: false;
                  initial-value: \(target.value(easing.from));
                }

                """
        }
        css += """
            .\(name) {
              animation-name: \(name);
              animation-duration: \(duration)ms;
              animation-timing-function: \(easing.css);
              animation-fill-mode: both;
            }
            @keyframes \(name) {
              from { \(target.name): \(target.value(easing.from)); }
              to { \(target.name): \(target.value(easing.to)); }
            }

            """
        return css
    }

    /// Text safe inside a CSS comment.
    private static func comment(_ text: String) -> String {
        text.replacing("*/", with: "* /")
    }
}
