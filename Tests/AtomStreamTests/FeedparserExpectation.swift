/// The `Expect:` line of a feedparser test document, parsed into the small subset of Python the adapter
/// understands: clauses joined by `and`, each `not bozo`, `operand == operand` or `operand is True|False|None`,
/// where an operand is a path (`entries[0]['links'][0]['href']`), a string literal (`u'…'`, `'…'`, `"…"` with
/// Python escapes), an integer, a tuple of integers or one of Python's constants `True`, `False`, `None`. Anything else — `or`, `in`, chained comparisons, dict literals, function calls —
/// makes the case not applicable rather than guessed at.
struct FeedparserExpectation {
    /// Why an expectation is outside what the adapter can check.
    struct NotApplicable: Error, CustomStringConvertible {
        let description: String
    }

    /// One subscript of a path.
    enum Key: Hashable {
        case string(String)
        case int(Int)
    }

    enum Operand: Hashable {
        /// A name (`feed`, `entries`, `version`, …) and its subscripts.
        case path(String, [Key])
        case string(String)
        case int(Int)
        case tuple([Int])
        case bool(Bool)
        case none
    }

    enum Clause: Hashable {
        case notBozo
        case equal(Operand, Operand)
        /// Python's `is`: the same constant, not merely an equal value (`1 is True` is false).
        case identical(Operand, Operand)
    }

    /// Whether any path of the expression has one of `keys` as a subscript (`entries[0]['itunes_duration']`).
    func touches(_ keys: Set<String>) -> Bool {
        func touches(_ operand: Operand) -> Bool {
            guard case .path(_, let subscripts) = operand else { return false }
            return subscripts.contains { if case .string(let key) = $0 { keys.contains(key) } else { false } }
        }
        return clauses.contains { clause in
            switch clause {
            case .notBozo: false
            case .equal(let lhs, let rhs), .identical(let lhs, let rhs): touches(lhs) || touches(rhs)
            }
        }
    }

    let clauses: [Clause]

    /// The expression after `Expect:` in the document's leading comment.
    static func expression(in document: String) -> String? {
        // `split` on `isNewline`, not on "\n": in Swift a CRLF is one `Character`, which "\n" would not match.
        for line in document.split(whereSeparator: \.isNewline).prefix(20) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("Expect:") {
                return String(trimmed.dropFirst("Expect:".count)).trimmingSpaces()
            }
        }
        return nil
    }

    init(_ expression: String) throws(NotApplicable) {
        var parser = ExpressionParser(tokens: try Self.tokens(expression))
        clauses = try parser.conjunction()
    }

    // MARK: - Tokens

    enum Token: Hashable {
        case name(String)
        case string(String)
        case int(Int)
        case symbol(String)
    }

    static func tokens(_ text: String) throws(NotApplicable) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == " " || c == "\t" {
                i += 1
            } else if c == "'" || c == "\"" {
                tokens.append(.string(try stringLiteral(scalars, &i)))
            } else if c == "u" || c == "U", i + 1 < scalars.count, scalars[i + 1] == "'" || scalars[i + 1] == "\"" {
                i += 1
                tokens.append(.string(try stringLiteral(scalars, &i)))
            } else if c.properties.isAlphabetic || c == "_" {
                var name = ""
                while i < scalars.count,
                    scalars[i].properties.isAlphabetic || scalars[i] == "_"
                        || ("0"..."9").contains(scalars[i])
                {
                    name.unicodeScalars.append(scalars[i])
                    i += 1
                }
                if i < scalars.count, scalars[i] == "'" || scalars[i] == "\"" {
                    throw NotApplicable(description: "string prefix \(name)")
                }
                tokens.append(.name(name))
            } else if isDigit(c) || (c == "-" && i + 1 < scalars.count && isDigit(scalars[i + 1])) {
                var digits = String(c)
                i += 1
                while i < scalars.count, ("0"..."9").contains(scalars[i]) {
                    digits.unicodeScalars.append(scalars[i])
                    i += 1
                }
                guard let value = Int(digits) else { throw NotApplicable(description: "number \(digits)") }
                tokens.append(.int(value))
            } else if c == "=", i + 1 < scalars.count, scalars[i + 1] == "=" {
                tokens.append(.symbol("=="))
                i += 2
            } else if "[](),".unicodeScalars.contains(c) {
                tokens.append(.symbol(String(c)))
                i += 1
            } else {
                throw NotApplicable(description: "operator \(c)")
            }
        }
        return tokens
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// A Python string literal starting at the quote at `i`; leaves `i` after the closing quote.
    private static func stringLiteral(_ s: [Unicode.Scalar], _ i: inout Int) throws(NotApplicable) -> String {
        let quote = s[i]
        i += 1
        var value = String.UnicodeScalarView()
        while i < s.count, s[i] != quote {
            guard s[i] == "\\" else {
                value.append(s[i])
                i += 1
                continue
            }
            i += 1
            guard i < s.count else { break }
            let escape = s[i]
            i += 1
            switch escape {
            case "\\", "'", "\"": value.append(escape)
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "x", "u", "U":
                let width = escape == "x" ? 2 : escape == "u" ? 4 : 8
                guard i + width <= s.count,
                    let code = UInt32(
                        String(String.UnicodeScalarView(s[i..<(i + width)])),
                        radix: 16),
                    let scalar = Unicode.Scalar(code)
                else {
                    throw NotApplicable(description: "bad \\\(escape) escape")
                }
                value.append(scalar)
                i += width
            default:
                throw NotApplicable(description: "escape \\\(escape)")
            }
        }
        guard i < s.count else { throw NotApplicable(description: "unterminated string") }
        i += 1
        return String(value)
    }
}

/// Recursive descent over the tokens.
private struct ExpressionParser {
    typealias NotApplicable = FeedparserExpectation.NotApplicable
    let tokens: [FeedparserExpectation.Token]
    var index = 0

    init(tokens: [FeedparserExpectation.Token]) {
        self.tokens = tokens
    }

    var next: FeedparserExpectation.Token? { index < tokens.count ? tokens[index] : nil }

    mutating func take(_ token: FeedparserExpectation.Token) -> Bool {
        guard next == token else { return false }
        index += 1
        return true
    }

    mutating func conjunction() throws(NotApplicable) -> [FeedparserExpectation.Clause] {
        var clauses = [try clause()]
        while take(.name("and")) {
            clauses.append(try clause())
        }
        if let next { throw NotApplicable(description: "unexpected \(next)") }
        return clauses
    }

    mutating func clause() throws(NotApplicable) -> FeedparserExpectation.Clause {
        if take(.name("not")) {
            guard take(.name("bozo")) else { throw NotApplicable(description: "`not` other than `not bozo`") }
            return .notBozo
        }
        // A parenthesised comparison, as in `(a == b) and (c == d)`; a tuple starts with a number.
        if next == .symbol("("), index + 1 < tokens.count, case .name = tokens[index + 1] {
            index += 1
            let inner = try clause()
            guard take(.symbol(")")) else { throw NotApplicable(description: "unbalanced parenthesis") }
            return inner
        }
        let lhs = try operand()
        if take(.name("is")) {
            let rhs = try operand()
            switch rhs {
            case .bool, .none: return .identical(lhs, rhs)
            default: throw NotApplicable(description: "`is` other than True, False or None")
            }
        }
        guard take(.symbol("==")) else { throw NotApplicable(description: "a clause other than ==") }
        let rhs = try operand()
        if next == .symbol("==") { throw NotApplicable(description: "chained comparison") }
        return .equal(lhs, rhs)
    }

    mutating func operand() throws(NotApplicable) -> FeedparserExpectation.Operand {
        switch next {
        case .string(let value):
            index += 1
            return .string(value)
        case .int(let value):
            index += 1
            return .int(value)
        case .name("True"):
            index += 1
            return .bool(true)
        case .name("False"):
            index += 1
            return .bool(false)
        case .name("None"):
            index += 1
            return .none
        case .name(let name):
            index += 1
            var keys: [FeedparserExpectation.Key] = []
            while take(.symbol("[")) {
                switch next {
                case .string(let key): keys.append(.string(key))
                case .int(let key): keys.append(.int(key))
                default: throw NotApplicable(description: "subscript other than a string or integer")
                }
                index += 1
                guard take(.symbol("]")) else { throw NotApplicable(description: "unbalanced subscript") }
            }
            if next == .symbol("(") { throw NotApplicable(description: "function call \(name)") }
            return .path(name, keys)
        case .symbol("("):
            index += 1
            var values: [Int] = []
            while case .int(let value) = next {
                values.append(value)
                index += 1
                guard take(.symbol(",")) else { break }
            }
            guard take(.symbol(")")) else { throw NotApplicable(description: "tuple of other than integers") }
            return .tuple(values)
        default:
            throw NotApplicable(description: "operand \(next.map { "\($0)" } ?? "missing")")
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
