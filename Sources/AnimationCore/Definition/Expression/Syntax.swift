/// A parsed expression, before names are resolved and types checked. `offset` is the character
/// position in the expression text, for messages.
indirect enum Syntax: Sendable {
    case number(Double)
    case string(String)
    case color(Color)
    case bool(Bool)
    /// `a`, `a.b.c`: a name and its members.
    case path([String])
    case call(String, [Expression])
    case unary(UnaryOperator, Expression)
    case binary(BinaryOperator, Expression, Expression)
    case conditional(Expression, Expression, Expression)
}

struct Expression: Sendable {
    var syntax: Syntax
    var offset: Int
}

enum UnaryOperator: String, Sendable {
    case negate = "-"
    case not = "!"
}

enum BinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case equal = "==", notEqual = "!="
    case and = "&&", or = "||"

    var isComparison: Bool {
        switch self {
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual: true
        default: false
        }
    }
}

/// Why an expression's text is not an expression: where and what.
struct SyntaxError: Error, Sendable {
    var offset: Int
    var message: String
    var tooDeep = false
    var tooLarge = false
}

/// Parses the expression language: numbers, 'strings', #colours, true/false, names with
/// `.members`, calls `f(a, b)`, unary `- !`, binary `* / % + - < <= > >= == != && ||` (usual
/// precedence, comparisons not chained), and `c ? a : b`. No assignment, no loops.
struct ExpressionParser {
    static let maximumDepth = 32
    static let maximumNodes = 256

    private let characters: [Character]
    private var position = 0
    private var depth = 0
    private var nodes = 0

    init(_ text: String) {
        characters = Array(text)
    }

    static func parse(_ text: String) throws(SyntaxError) -> Expression {
        var parser = ExpressionParser(text)
        parser.skipSpace()
        guard !parser.atEnd else { throw SyntaxError(offset: 0, message: "empty expression") }
        let expression = try parser.conditional()
        parser.skipSpace()
        guard parser.atEnd else {
            throw SyntaxError(offset: parser.position, message: "unexpected '\(parser.characters[parser.position])'")
        }
        return expression
    }

    private var atEnd: Bool { position >= characters.count }
    private var current: Character? { atEnd ? nil : characters[position] }

    private mutating func skipSpace() {
        while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" { position += 1 }
    }

    private mutating func node(_ syntax: Syntax, at offset: Int) throws(SyntaxError) -> Expression {
        nodes += 1
        guard nodes <= Self.maximumNodes else {
            throw SyntaxError(offset: offset, message: "more than \(Self.maximumNodes) terms in one expression", tooLarge: true)
        }
        return Expression(syntax: syntax, offset: offset)
    }

    private mutating func enter(at offset: Int) throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw SyntaxError(offset: offset, message: "nested deeper than \(Self.maximumDepth)", tooDeep: true)
        }
    }

    /// Consumes `token` if it comes next (after spaces).
    private mutating func accept(_ token: String) -> Bool {
        skipSpace()
        let scalars = Array(token)
        guard position + scalars.count <= characters.count,
              Array(characters[position..<position + scalars.count]) == scalars else { return false }
        // `<` must not take the start of `<=`, nor `!` of `!=`, `=` alone is not an operator.
        if scalars.count == 1, let next = position + 1 < characters.count ? characters[position + 1] : nil {
            if (token == "<" || token == ">" || token == "!") && next == "=" { return false }
            if (token == "&" || token == "|") { return false }
        }
        position += scalars.count
        return true
    }

    private mutating func expect(_ token: String, _ what: String) throws(SyntaxError) {
        guard accept(token) else {
            skipSpace()
            let found = current.map { "'\($0)'" } ?? "the end"
            throw SyntaxError(offset: position, message: "expected \(what), found \(found)")
        }
    }

    private mutating func conditional() throws(SyntaxError) -> Expression {
        skipSpace()
        let start = position
        try enter(at: start)
        defer { depth -= 1 }
        let condition = try or()
        guard accept("?") else { return condition }
        let whenTrue = try conditional()
        try expect(":", "':' of a conditional")
        let whenFalse = try conditional()
        return try node(.conditional(condition, whenTrue, whenFalse), at: start)
    }

    private mutating func or() throws(SyntaxError) -> Expression {
        var left = try and()
        while true {
            skipSpace()
            let at = position
            guard accept("||") else { return left }
            left = try node(.binary(.or, left, try and()), at: at)
        }
    }

    private mutating func and() throws(SyntaxError) -> Expression {
        var left = try comparison()
        while true {
            skipSpace()
            let at = position
            guard accept("&&") else { return left }
            left = try node(.binary(.and, left, try comparison()), at: at)
        }
    }

    private mutating func comparison() throws(SyntaxError) -> Expression {
        let left = try additive()
        skipSpace()
        let at = position
        for op in [BinaryOperator.lessEqual, .greaterEqual, .equal, .notEqual, .less, .greater] where accept(op.rawValue) {
            let right = try additive()
            skipSpace()
            for other in ["<", ">", "==", "!="] where peek(other) {
                throw SyntaxError(offset: position, message: "comparisons do not chain; use && between them")
            }
            return try node(.binary(op, left, right), at: at)
        }
        return left
    }

    private func peek(_ token: String) -> Bool {
        let scalars = Array(token)
        guard position + scalars.count <= characters.count else { return false }
        return Array(characters[position..<position + scalars.count]) == scalars
    }

    private mutating func additive() throws(SyntaxError) -> Expression {
        var left = try multiplicative()
        while true {
            skipSpace()
            let at = position
            if accept("+") {
                left = try node(.binary(.add, left, try multiplicative()), at: at)
            } else if accept("-") {
                left = try node(.binary(.subtract, left, try multiplicative()), at: at)
            } else {
                return left
            }
        }
    }

    private mutating func multiplicative() throws(SyntaxError) -> Expression {
        var left = try unary()
        while true {
            skipSpace()
            let at = position
            if accept("*") {
                left = try node(.binary(.multiply, left, try unary()), at: at)
            } else if accept("/") {
                left = try node(.binary(.divide, left, try unary()), at: at)
            } else if accept("%") {
                left = try node(.binary(.remainder, left, try unary()), at: at)
            } else {
                return left
            }
        }
    }

    private mutating func unary() throws(SyntaxError) -> Expression {
        skipSpace()
        let at = position
        if accept("-") {
            try enter(at: at)
            defer { depth -= 1 }
            return try node(.unary(.negate, try unary()), at: at)
        }
        if accept("!") {
            try enter(at: at)
            defer { depth -= 1 }
            return try node(.unary(.not, try unary()), at: at)
        }
        return try primary()
    }

    private mutating func primary() throws(SyntaxError) -> Expression {
        skipSpace()
        let at = position
        guard let c = current else { throw SyntaxError(offset: at, message: "unexpected end of the expression") }
        if c.isDigit || (c == "." && position + 1 < characters.count && characters[position + 1].isDigit) {
            return try node(.number(try number()), at: at)
        }
        if c == "'" { return try node(.string(try string()), at: at) }
        if c == "#" { return try node(.color(try color()), at: at) }
        if c == "(" {
            position += 1
            let inner = try conditional()
            try expect(")", "')'")
            return inner
        }
        if c.isNameStart {
            let name = identifier()
            if name == "true" { return try node(.bool(true), at: at) }
            if name == "false" { return try node(.bool(false), at: at) }
            if accept("(") {
                var arguments: [Expression] = []
                if !accept(")") {
                    repeat { arguments.append(try conditional()) } while accept(",")
                    try expect(")", "')' or ',' in the arguments of \(name)")
                }
                return try node(.call(name, arguments), at: at)
            }
            var components = [name]
            while peekMember() {
                position += 1
                components.append(identifier())
            }
            return try node(.path(components), at: at)
        }
        throw SyntaxError(offset: at, message: "unexpected '\(c)'")
    }

    /// A `.` directly followed by a name.
    private func peekMember() -> Bool {
        guard position + 1 < characters.count, characters[position] == "." else { return false }
        let next = characters[position + 1]
        return next.isNameStart
    }

    private mutating func identifier() -> String {
        let start = position
        while let c = current, c.isNameStart || c.isDigit { position += 1 }
        return String(characters[start..<position])
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = position
        while let c = current, c.isDigit || c == "." { position += 1 }
        if let c = current, c == "e" || c == "E" {
            position += 1
            if let sign = current, sign == "+" || sign == "-" { position += 1 }
            while let c = current, c.isDigit { position += 1 }
        }
        let text = String(characters[start..<position])
        guard text.allSatisfy(\.isASCII), let value = Double(text), value.isFinite else {
            throw SyntaxError(offset: start, message: "'\(text)' is not a number")
        }
        return value
    }

    private mutating func string() throws(SyntaxError) -> String {
        let start = position
        position += 1
        var text = ""
        while let c = current {
            position += 1
            if c == "'" { return text }
            if c == "\\", let next = current {
                position += 1
                text.append(next)
            } else {
                text.append(c)
            }
        }
        throw SyntaxError(offset: start, message: "unterminated string")
    }

    private mutating func color() throws(SyntaxError) -> Color {
        let start = position
        position += 1
        while let c = current, c.isHexDigit { position += 1 }
        let text = String(characters[start..<position])
        guard let color = Color(parsing: text) else {
            throw SyntaxError(offset: start, message: "'\(text)' is not a colour: use #RGB, #RRGGBB or #RRGGBBAA")
        }
        return color
    }
}

private extension Character {
    /// Names and numbers are ASCII: `[A-Za-z_][A-Za-z0-9_]*`, digits 0-9.
    var isDigit: Bool { isASCII && isNumber }
    var isNameStart: Bool { (isASCII && isLetter) || self == "_" }
}
