@_exported import JSON

// A document as the loaders read it (a control definition, a configuration, a command's
// arguments) is the package's one `JSON` value: what the API parsed is what the loaders read,
// with no conversion, and every loader reports a fault as a path into it (`TreePath`). It is
// re-exported so that whoever uses AnimationCore reads and writes the same value.
