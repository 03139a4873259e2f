@_exported import JSON

/// A document as the loaders read it: a control definition, a configuration, a command's
/// arguments. It is the package's one JSON value (objects keep their members in document order,
/// numbers are `Double`s), so what the API parsed is what the loaders read, with no conversion;
/// every loader reports a fault as a path into it (`TreePath`).
public typealias Tree = JSON
