/// The codes a control definition and a configuration are refused with, beside the reader's own
/// `invalid_field` and `invalid_definition`.
extension DocumentError.Code {
    // A configuration.
    public static let duplicateEffect = Self(rawValue: "duplicate_effect")
    // A control definition.
    public static let expressionSyntax = Self(rawValue: "expression_syntax")
    public static let unknownReference = Self(rawValue: "unknown_reference")
    public static let typeMismatch = Self(rawValue: "type_mismatch")
    public static let cycle = Self(rawValue: "cycle")
    public static let unknownPrimitive = Self(rawValue: "unknown_primitive")
    public static let outOfRange = Self(rawValue: "out_of_range")
    public static let duplicateName = Self(rawValue: "duplicate_name")
    // A definition's limits.
    public static let tooManyLayers = Self(rawValue: "too_many_layers")
    public static let layerTreeTooDeep = Self(rawValue: "layer_tree_too_deep")
    public static let tooManyExpressions = Self(rawValue: "too_many_expressions")
    public static let expressionTooDeep = Self(rawValue: "expression_too_deep")
    public static let expressionTooLarge = Self(rawValue: "expression_too_large")
    public static let tooManyReactions = Self(rawValue: "too_many_reactions")
    public static let tooManyTimers = Self(rawValue: "too_many_timers")
    public static let tooManyNames = Self(rawValue: "too_many_names")
}
