/// One write of the interpreter's render: an output's value to its place among a frame's values
/// (`FrameShape`'s layout). An instance's render is its steps in order, made once from the
/// definition's render plan and the frame shape: a flat table of plain data that a frame walks
/// without touching the plan's strings and nested lists (each of them retained and released on
/// every frame otherwise).
struct RenderStep: Sendable, BitwiseCopyable {
    enum Kind: UInt8, Sendable, BitwiseCopyable {
        /// A number or a boolean: one value.
        case number
        /// Four values.
        case color
        /// A string: its index in the shape's texts.
        case text
        /// An output enumeration's case: its index in the shape's texts (`extra`: the enumeration, `count` its cases).
        case enumeration
        /// A layer shown when the operand is not 0: 1 or 0 written, and when 0 the next `count`
        /// steps (its fields) skipped.
        case visibility
        /// A layer always shown: 1 written.
        case shown
    }

    var kind: Kind
    var operand: Operand
    /// Where the value goes among the frame's values.
    var offset: Int32
    var extra: Int32 = 0
    var count: Int32 = 0

    /// The steps of `render` for a frame laid out as `shape`.
    static func steps(_ render: RenderPlan, shape: FrameShape, enumerations: [EnumType]) -> [RenderStep] {
        var steps: [RenderStep] = []
        for (field, property) in zip(render.properties, shape.properties) {
            let offset = Int32(property.offset)
            switch field.kind {
            case .number, .bool: steps.append(RenderStep(kind: .number, operand: field.value, offset: offset))
            case .color: steps.append(RenderStep(kind: .color, operand: field.value, offset: offset))
            case .string: steps.append(RenderStep(kind: .text, operand: field.value, offset: offset))
            case let .enumeration(index):
                steps.append(RenderStep(kind: .enumeration, operand: field.value, offset: offset, extra: Int32(index),
                                        count: Int32(enumerations[index].cases.count)))
            }
        }
        for (plan, layer) in zip(render.layers, shape.layers) {
            if let visible = plan.visible {
                steps.append(RenderStep(kind: .visibility, operand: visible, offset: Int32(layer.offset), count: Int32(plan.fields.count)))
            } else {
                steps.append(RenderStep(kind: .shown, operand: Operand(kind: .literal, index: 0), offset: Int32(layer.offset)))
            }
            var at = layer.offset + 1
            for field in plan.fields {
                let kind: Kind = switch field.kind {
                case .number, .bool: .number
                case .color: .color
                case .text: .text
                }
                steps.append(RenderStep(kind: kind, operand: field.operand, offset: Int32(at)))
                at += field.kind.width
            }
        }
        return steps
    }
}

extension Operand: BitwiseCopyable {}
extension Operand.Kind: BitwiseCopyable {}
