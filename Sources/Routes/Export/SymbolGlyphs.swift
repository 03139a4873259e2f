/// The glyphs a symbol layer is drawn with, by SF Symbol name: the client module's `SYMBOLS`
/// (paths in a 24-point box centred on (12, 12), drawn for the client, not Apple's artwork),
/// which `ExportLayerPartsTests` checks this against.
enum SymbolGlyphs {
    static let paths: [String: String] = [
        "heart": "M12 20.5 4.2 13A4.8 4.8 0 0 1 11 6.2l1 1 1-1A4.8 4.8 0 0 1 19.8 13Zm0-2.5 6.4-6.3a2.8 2.8 0 0 0-4-4L12 10l-2.4-2.3a2.8 2.8 0 0 0-4 4Z",
        "heart.fill": "M12 20.5 4.2 13A4.8 4.8 0 0 1 11 6.2l1 1 1-1A4.8 4.8 0 0 1 19.8 13Z",
        "checkmark": "M4 12.5 5.4 11l4.1 4.1L18.6 6 20 7.4 9.5 18Z",
        "xmark": "M5.6 4.2 12 10.6l6.4-6.4 1.4 1.4-6.4 6.4 6.4 6.4-1.4 1.4-6.4-6.4-6.4 6.4-1.4-1.4 6.4-6.4-6.4-6.4Z",
        "plus": "M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7Z",
        "minus": "M4 11h16v2H4Z",
        "chevron.right": "m8.6 5.4 1.4-1.4 8 8-8 8-1.4-1.4 6.6-6.6Z",
        "chevron.left": "M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12Z",
        "trash": "M9 3h6l1 2h4v2H4V5h4Zm-3 5h12l-1 13H7Zm3 2 .5 9h1.5l-.5-9Zm4.5 0-.5 9h1.5l.5-9Z",
        "star.fill": "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z",
    ]
}
