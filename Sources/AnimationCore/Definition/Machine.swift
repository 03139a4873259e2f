/// The register machine compiled expressions run on: a flat array of instructions over `Double`
/// registers, with forward jumps only (no loops), so every program ends after at most as many
/// steps as it has instructions. No string lookups happen here: names were resolved to slots
/// when the definition was loaded.
struct Instruction: Sendable, Equatable {
    var op: Op
    var dst: Int32
    var a: Int32 = 0
    var b: Int32 = 0
    var c: Int32 = 0

    init(_ op: Op, _ dst: Int32, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0) {
        self.op = op
        self.dst = dst
        self.a = a
        self.b = b
        self.c = c
    }
}

enum Op: UInt8, Sendable {
    /// r[dst] = literals[a]; `…4` forms move a colour's four registers.
    case literal, literal4
    /// r[dst] = constants[a] (the configuration, derived constants, hoisted expressions).
    case constant, constant4
    /// r[dst] = variables[a].
    case variable
    /// r[dst] = r[a].
    case move, move4
    /// r[dst…] = the primitive read (kind a, index b, field c) at the evaluation's time.
    case read
    case add, subtract, multiply, divide, negate
    /// r[a] − r[b]·trunc(r[a]/r[b]): Swift's `truncatingRemainder`, C's `fmod` (the sign of r[a]).
    case remainder
    /// Bools: r[dst] = 1 or 0.
    case not, less, lessEqual, greater, greaterEqual, equal, notEqual, equal4, notEqual4
    /// Strings are table indices; equality compares the texts.
    case equalString, notEqualString
    case minimum, maximum, absolute, floor, ceil, round, squareRoot
    /// min(max(r[a], r[b]), r[c]).
    case clamp
    /// r[a] + (r[b] − r[a])·r[c], and per channel for colours (`Color.interpolate`).
    case mix, mix4
    /// `Decay(rate: r[b]).projectedDistance(velocity: r[a])`: (v/1000)·r/(1 − r).
    case project
    /// `RubberBand(dimension: r[b], coefficient: r[c]).stretch(r[a])`.
    case rubberBand
    /// `RubberBand(dimension: r[b], coefficient: r[c]).overscroll(forStretch: r[a])`.
    case rubberBandInverse
    /// The C library's `pow(r[a], r[b])`, `sin`, `cos`, `atan2(r[a], r[b])`, `hypot(r[a], r[b])`.
    case power, sine, cosine, arcTangent2, hypotenuse
    /// 1, −1, or r[a] itself (±0, NaN).
    case sign
    /// `FormattedNumber.code(r[a], decimals: b)`: a number as a string value.
    case format
    /// pc = a; pc = b when r[a] is false (0); pc = b when r[a] is true.
    case jump, jumpIfFalse, jumpIfTrue
}

/// What a program reads besides its registers: the session's variables and its primitives.
protocol MachineSource {
    /// Writes the primitive read `kind`/`index`/`field` at `t` into `r` (four registers for a colour).
    func read(_ kind: Int32, _ index: Int32, _ field: Int32, at t: Double, into r: Registers)
    func variable(_ index: Int) -> Double
}

/// A source with no primitives: programs of the configuration alone.
struct NoSource: MachineSource {
    func read(_ kind: Int32, _ index: Int32, _ field: Int32, at t: Double, into r: Registers) {
        r[0] = 0
    }

    func variable(_ index: Int) -> Double { 0 }
}

/// Literal strings of the definition, then the instance's (string parameters).
struct StringTable: Sendable {
    let literals: [String]
    let instance: [String]

    subscript(_ index: Double) -> String {
        if let formatted = FormattedNumber.text(code: index) { return formatted }
        guard let i = position(index) else { return "" }
        return i < literals.count ? literals[i] : instance[i - literals.count]
    }

    /// Where the text at `index` is in the literals followed by the instance's texts; nil if none.
    @inline(__always)
    func position(_ index: Double) -> Int? {
        let i = Int(index)
        return i >= 0 && i < literals.count + instance.count ? i : nil
    }
}

/// A table the machine reads by index: a definition's code and literals, an instance's constants
/// (`FixedArray.Elements` on every frame and event; an array where a program runs once).
protocol MachineTable<Element> {
    associatedtype Element
    subscript(index: Int) -> Element { get }
}

extension Array: MachineTable {}

enum Machine {
    /// Runs the `count` instructions of `code` from `start` over registers `r`; `literals` and
    /// `constants` are the definition's and the instance's tables. Jumps are relative to `start`.
    @inline(__always)
    static func run<Source: MachineSource, Code: MachineTable<Instruction>, Literals: MachineTable<Double>,
                    Constants: MachineTable<Double>>(_ code: Code, from start: Int, count: Int, _ r: Registers,
                                                     literals: Literals, constants: Constants,
                                                     strings: StringTable, _ source: Source, at t: Double) {
        do {
            var pc = 0
            let end = count
            while pc < end {
                let i = code[start + pc]
                pc += 1
                let d = Int(i.dst), a = Int(i.a), b = Int(i.b), c = Int(i.c)
                switch i.op {
                case .literal: r[d] = literals[a]
                case .literal4: for k in 0..<4 { r[d + k] = literals[a + k] }
                case .constant: r[d] = constants[a]
                case .constant4: for k in 0..<4 { r[d + k] = constants[a + k] }
                case .variable: r[d] = source.variable(a)
                case .move: r[d] = r[a]
                case .move4: for k in 0..<4 { r[d + k] = r[a + k] }
                case .read: source.read(i.a, i.b, i.c, at: t, into: r.from(d))
                case .add: r[d] = r[a] + r[b]
                case .subtract: r[d] = r[a] - r[b]
                case .multiply: r[d] = r[a] * r[b]
                case .divide: r[d] = r[a] / r[b]
                case .negate: r[d] = -r[a]
                case .remainder: r[d] = r[a].truncatingRemainder(dividingBy: r[b])
                case .not: r[d] = r[a] == 0 ? 1 : 0
                case .less: r[d] = r[a] < r[b] ? 1 : 0
                case .lessEqual: r[d] = r[a] <= r[b] ? 1 : 0
                case .greater: r[d] = r[a] > r[b] ? 1 : 0
                case .greaterEqual: r[d] = r[a] >= r[b] ? 1 : 0
                case .equal: r[d] = r[a] == r[b] ? 1 : 0
                case .notEqual: r[d] = r[a] != r[b] ? 1 : 0
                case .equal4:
                    r[d] = r[a] == r[b] && r[a + 1] == r[b + 1] && r[a + 2] == r[b + 2] && r[a + 3] == r[b + 3] ? 1 : 0
                case .notEqual4:
                    r[d] = r[a] == r[b] && r[a + 1] == r[b + 1] && r[a + 2] == r[b + 2] && r[a + 3] == r[b + 3] ? 0 : 1
                case .equalString: r[d] = strings[r[a]] == strings[r[b]] ? 1 : 0
                case .notEqualString: r[d] = strings[r[a]] == strings[r[b]] ? 0 : 1
                case .minimum: r[d] = Swift.min(r[a], r[b])
                case .maximum: r[d] = Swift.max(r[a], r[b])
                case .absolute: r[d] = Swift.abs(r[a])
                case .floor: r[d] = r[a].rounded(.down)
                case .ceil: r[d] = r[a].rounded(.up)
                case .round: r[d] = r[a].rounded()
                case .squareRoot: r[d] = r[a].squareRoot()
                case .clamp: r[d] = Swift.min(Swift.max(r[a], r[b]), r[c])
                case .mix: r[d] = r[a] + (r[b] - r[a]) * r[c]
                case .mix4:
                    let p = r[c]
                    for k in 0..<4 { r[d + k] = r[a + k] + (r[b + k] - r[a + k]) * p }
                case .project: r[d] = (r[a] / 1000) * r[b] / (1 - r[b])
                case .rubberBand:
                    let x = r[a], dimension = r[b], coefficient = r[c]
                    r[d] = x > 0 ? (1 - 1 / (x * coefficient / dimension + 1)) * dimension : 0
                case .rubberBandInverse:
                    let y = r[a], dimension = r[b], coefficient = r[c]
                    r[d] = y > 0 ? (y < dimension ? dimension / coefficient * y / (dimension - y) : .greatestFiniteMagnitude) : 0
                case .power: r[d] = cPow(r[a], r[b])
                case .sine: r[d] = cSin(r[a])
                case .cosine: r[d] = cCos(r[a])
                case .arcTangent2: r[d] = cAtan2(r[a], r[b])
                case .hypotenuse: r[d] = cHypot(r[a], r[b])
                case .format: r[d] = FormattedNumber.code(r[a], decimals: b)
                case .sign: let x = r[a]; r[d] = x > 0 ? 1 : (x < 0 ? -1 : x)
                case .jump: pc = a
                case .jumpIfFalse: if r[a] == 0 { pc = b }
                case .jumpIfTrue: if r[a] != 0 { pc = b }
                }
            }
        }
    }
}
