/// Bounds on what one definition may ask for, so that loading, sampling and every input do
/// bounded work whatever a client posts. Each has its own problem code.
public enum DefinitionLimits {
    public static let maximumLayers = 64
    /// Levels of a layer tree, a top-level layer being one (`layer_tree_too_deep`; chosen).
    public static let maximumLayerDepth = 16
    /// Expression texts in one definition.
    public static let maximumExpressions = 4_000
    /// Nesting of one expression (`expression_too_large`).
    public static let maximumDepth = ExpressionParser.maximumDepth
    /// Reactions one input (or timer, or completion) may run, actions expanded.
    public static let maximumReactionsPerInput = 2_000
    /// Timers a definition declares, and instances of them pending at once.
    public static let maximumTimers = 32
    public static let maximumPendingTimers = 64
    /// Names in any one section (parameters, variables, values, inputs, …).
    public static let maximumNames = 256
    /// A timer fires at least this long after it is scheduled.
    public static let minimumTimerDelay = 0.001
}
