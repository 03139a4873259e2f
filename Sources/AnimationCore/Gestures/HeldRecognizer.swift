/// A recognizer a failure requirement (`require(toFail:)`) can hold once it has begun: its began
/// is not delivered until whoever arbitrates lets it through or fails it
/// (docs/fidelity.md#arbitration).
protocol HeldRecognizer {
    var isHeld: Bool { get set }
    var isRecognized: Bool { get }
    mutating func reset()
}

extension PanRecognizer: HeldRecognizer {}
extension LongPressRecognizer: HeldRecognizer {}
