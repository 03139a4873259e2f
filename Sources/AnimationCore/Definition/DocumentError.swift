/// Why a document (a control definition, a configuration, a command's arguments) was refused:
/// a stable code, where the fault is, and what is wrong. Nothing was loaded or changed.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        // A configuration or event field a client sent.
        case invalidField = "invalid_field"
        case duplicateEffect = "duplicate_effect"
        // A control definition.
        case invalidDefinition = "invalid_definition"
        case expressionSyntax = "expression_syntax"
        case unknownReference = "unknown_reference"
        case typeMismatch = "type_mismatch"
        case cycle
        case unknownPrimitive = "unknown_primitive"
        case outOfRange = "out_of_range"
        case duplicateName = "duplicate_name"
        // A definition's limits.
        case tooManyLayers = "too_many_layers"
        case layerTreeTooDeep = "layer_tree_too_deep"
        case tooManyExpressions = "too_many_expressions"
        case expressionTooDeep = "expression_too_deep"
        case expressionTooLarge = "expression_too_large"
        case tooManyReactions = "too_many_reactions"
        case tooManyTimers = "too_many_timers"
        case tooManyNames = "too_many_names"
    }

    public var code: Code
    public var path: TreePath
    public var message: String

    public init(_ code: Code, at path: TreePath, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(code.rawValue) at \(path.pointer.isEmpty ? "/" : path.pointer): \(message)" }
}
