/// A CSS property as a stylesheet spells it (`border-radius`, `--thumbCenterX`) and as Web
/// Animations keyframes and `element.style` spell it (`borderRadius`; a custom property as is).
struct CSSName: Sendable, Hashable {
    let css: String

    init(_ css: String) { self.css = css }

    /// The custom property `--<name>`, the name made an identifier.
    static func custom(_ name: String) -> CSSName { CSSName("--" + identifier(name)) }

    var isCustom: Bool { css.hasPrefix("--") }

    /// camelCase for standard properties, which is what `element.animate()` reads; custom
    /// properties keep their name.
    var waapi: String {
        guard !isCustom else { return css }
        var result = ""
        var upper = false
        for character in css {
            if character == "-" {
                upper = true
            } else {
                result.append(upper ? Character(character.uppercased()) : character)
                upper = false
            }
        }
        return result
    }

    /// Letters, digits, `-` and `_` kept; anything else becomes `_`, so names are CSS identifiers.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    }
}
