/// How a frame property drives CSS. Every mapping is affine in the value, so an easing between
/// two keyframes of the mapped value reproduces the property's motion exactly.
struct CSSProperty: Sendable, Equatable {
    /// The CSS property the keyframes set: `transform`, `opacity`, or a custom `--name`.
    let name: String
    private let form: Form

    private enum Form: Sendable, Equatable {
        /// `prefix` + value + `suffix`, e.g. `translateY(` 779 `px)`.
        case wrapped(prefix: String, suffix: String)
        /// `stroke-dashoffset: 1 − strokeEnd`, for a path with `pathLength="1"` dashed `1`.
        case complement
    }

    /// Known properties map to what they mean; any other becomes the custom property `--name`.
    init(for property: String) {
        switch property {
        case "thumbCenterX": (name, form) = ("transform", .wrapped(prefix: "translateX(", suffix: "px)"))
        case "cardY": (name, form) = ("transform", .wrapped(prefix: "translateY(", suffix: "px)"))
        case "scale": (name, form) = ("transform", .wrapped(prefix: "scale(", suffix: ")"))
        case "cornerRadius": (name, form) = ("border-radius", .wrapped(prefix: "", suffix: "px"))
        case "opacity": (name, form) = ("opacity", .wrapped(prefix: "", suffix: ""))
        case "strokeEnd": (name, form) = ("stroke-dashoffset", .complement)
        default: (name, form) = ("--" + CSSProperty.identifier(property), .wrapped(prefix: "", suffix: ""))
        }
    }

    var isCustom: Bool { name.hasPrefix("--") }

    /// The CSS value for `value`, numbers to 6 decimals.
    func value(_ value: Double) -> String {
        switch form {
        case let .wrapped(prefix, suffix): prefix + DecimalText.text(value, decimals: 6) + suffix
        case .complement: DecimalText.text(1 - value, decimals: 6)
        }
    }

    /// Letters, digits, `-` and `_` kept; anything else becomes `_`, so names are CSS identifiers.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    }
}
