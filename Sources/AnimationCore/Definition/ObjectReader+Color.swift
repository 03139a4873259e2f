extension ObjectReader {
    /// A colour: `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a system colour's name.
    public mutating func color(_ key: String) throws(DocumentError) -> Color? {
        guard let text = try string(key) else { return nil }
        guard let color = Color(parsing: text) else {
            throw error(key, "'\(text)' is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a system colour name")
        }
        return color
    }
}
