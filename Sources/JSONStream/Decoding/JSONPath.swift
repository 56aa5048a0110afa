/// A selection path for ``JSONItemParser``: `$` is the root, `.key` a member, `[*]` every element of an array,
/// `[3]` one element, `["a.b"]` a member whose name has dots or brackets.
///
/// Examples: `results[*]`, `statuses[*]`, `$[*]`, `a.b[*].c`, `$`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step from a value to a value inside it.
    public enum Component: Sendable, Hashable {
        /// The member with this name.
        case member(String)
        /// Every element of an array.
        case anyElement
        /// The element at this index.
        case element(Int)
    }

    /// The steps from the root.
    public let components: [Component]
    /// The text the path was parsed from.
    public let description: String

    /// The root value, `$`.
    public static let root = JSONPath(components: [], description: "$")

    private init(components: [Component], description: String) {
        self.components = components
        self.description = description
    }

    /// Parses a path; throws a ``StreamError`` of kind `misuse` naming the offending character.
    public init(_ text: String) throws(StreamError) {
        description = text
        var components: [Component] = []
        let bytes = Array(text.utf8)
        var index = 0
        func fail(_ reason: String) -> StreamError {
            StreamError(kind: .misuse, message: "invalid path \"\(text)\": \(reason) at character \(index + 1)")
        }
        if index < bytes.count && bytes[index] == 0x24 { index += 1 }  // $
        var first = true
        while index < bytes.count {
            switch bytes[index] {
            case 0x2E:  // .
                index += 1
                let name = Self.bareName(bytes, &index)
                guard !name.isEmpty else { throw fail("a member name must follow '.'") }
                components.append(.member(name))
            case 0x5B:  // [
                index += 1
                guard index < bytes.count else { throw fail("unclosed '['") }
                if bytes[index] == 0x2A {  // *
                    index += 1
                    components.append(.anyElement)
                } else if bytes[index] == 0x22 || bytes[index] == 0x27 {  // " or '
                    let quote = bytes[index]
                    index += 1
                    var name: [UInt8] = []
                    while index < bytes.count && bytes[index] != quote {
                        if bytes[index] == 0x5C && index + 1 < bytes.count { index += 1 }
                        name.append(bytes[index])
                        index += 1
                    }
                    guard index < bytes.count else { throw fail("unclosed quoted name") }
                    index += 1
                    components.append(.member(String(decoding: name, as: UTF8.self)))
                } else {
                    var value = 0
                    let start = index
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, value < 1 << 40 {
                        value = value * 10 + Int(bytes[index] - 0x30)
                        index += 1
                    }
                    guard index > start else { throw fail("expected '*', an index or a quoted name") }
                    components.append(.element(value))
                }
                guard index < bytes.count, bytes[index] == 0x5D else { throw fail("expected ']'") }
                index += 1
            default:
                guard first else { throw fail("expected '.' or '['") }
                components.append(.member(Self.bareName(bytes, &index)))
            }
            first = false
        }
        self.components = components
    }

    private static func bareName(_ bytes: [UInt8], _ index: inout Int) -> String {
        let start = index
        while index < bytes.count && bytes[index] != 0x2E && bytes[index] != 0x5B { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
