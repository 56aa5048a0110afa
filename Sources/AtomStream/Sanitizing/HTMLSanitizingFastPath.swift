import Foundation
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Sanitizes, without libxml2, the markup that needs no repair: most feed HTML (`<p>…<a href="…">…</a></p>`).
///
/// It accepts a value only when it can prove that libxml2 and ``HTMLSanitizingWriter`` would write exactly what
/// it writes, and gives up (the caller then takes the libxml2 path) at the first thing it cannot vouch for:
/// - every element is one of ``elements`` (all allow-listed), written lowercase, its tags balanced and never
///   closed by libxml2's own rules (its `htmlStartClose` table: a `<p>` inside an open `<b>` closes the `<b>`),
///   void elements never given an end tag, no `/>` on other elements;
/// - attributes are `name="value"`, no duplicates, values without `<`, tabs or line breaks; they go through the
///   very function the libxml2 path uses (``HTMLSanitizingWriter/appendAttribute(_:name:value:base:to:)``), so
///   URL, style and dropped attributes come out the same;
/// - no comment, doctype, processing instruction, CDATA or stray `<`; the only references are `&amp;`,
///   `&lt;`, `&gt;` and `&quot;`; no control character but tab and line feed, no U+FFFE or U+FFFF.
///
/// Text is written as libxml2 delivers it and the writer escapes it, so `>` becomes `&gt;` and `&quot;` `"`.
/// `HTMLSanitizerFastPathTests` runs generated values through both paths and compares.
enum HTMLSanitizingFastPath {
    /// The elements the fast path writes, each with the elements libxml2 closes when it starts inside them
    /// (libxml2 2.9's `htmlStartClose`, restricted to this list). `pre`, `textarea`, tables, forms and
    /// anything libxml2 parses specially are left to libxml2.
    static let elements: [(name: String, closes: [String])] = {
        let fontStyle = ["tt", "i", "b", "u", "s", "strike", "big", "small"]
        let headings = ["h1", "h2", "h3", "h4", "h5", "h6"]
        let inline = [
            "abbr", "acronym", "b", "big", "cite", "code", "dfn", "em", "font", "i", "kbd", "q", "s", "samp", "small",
            "span", "strike", "strong", "sub", "sup", "tt", "u", "var", "br", "img", "ins", "del", "time",
            "article", "aside", "figure", "figcaption", "footer", "header", "nav", "section",
        ]
        var table: [(name: String, closes: [String])] = inline.map { ($0, []) }
        table += [
            ("a", ["a"]), ("p", ["p"] + headings + fontStyle), ("div", ["p"]), ("blockquote", ["p"]), ("hr", ["p"]),
            ("ul", ["p", "ol"]), ("ol", ["p", "ul"]), ("li", ["p", "dl", "li"] + headings), ("dl", ["p", "dt"]),
            ("dt", ["p", "dd"]), ("dd", ["p", "dt"]),
        ]
        table += headings.map { ($0, ["p"]) }
        return table
    }()

    private struct Element {
        var name: [UInt8]
        var isVoid: Bool
        /// Indices into ``elementTable`` of the open elements this one closes when it starts.
        var closes: Set<Int>
    }

    private static let elementTable: [Element] = elements.map { entry in
        guard case .write(let isVoid) = HTMLSanitizingWriter.elementRule(lowercased: entry.name) else {
            preconditionFailure("\(entry.name) is not allow-listed")
        }
        let closes = Set(entry.closes.map { closed in elements.firstIndex { $0.name == closed }! })
        return Element(name: Array(entry.name.utf8), isVoid: isVoid, closes: closes)
    }

    private static let elementIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: elements.enumerated().map { ($0.element.name, $0.offset) })

    /// Past this depth libxml2 decides.
    private static let maximumDepth = 256

    /// Writes the sanitized form of `html` to `output` and returns `true`, or returns `false` (with `output` in
    /// any state) when the value needs libxml2.
    static func sanitize(_ html: UnsafeBufferPointer<UInt8>, base: URL?, into output: inout ByteAccumulator) -> Bool {
        var scanner = Scanner(bytes: html, base: base)
        return scanner.run(into: &output)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let base: URL?
        var index = 0
        var open: [Int] = []
        var value: [UInt8] = []
        var seenAttributes: [[UInt8]] = []

        init(bytes: UnsafeBufferPointer<UInt8>, base: URL?) {
            self.bytes = bytes
            self.base = base
        }

        mutating func run(into output: inout ByteAccumulator) -> Bool {
            var runStart = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x20 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&")
                    && byte != UInt8(ascii: ">") && byte != 0xEF
                {
                    index += 1
                    continue
                }
                output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                switch byte {
                case UInt8(ascii: "<"):
                    guard tag(into: &output) else { return false }
                case UInt8(ascii: "&"):
                    guard let decoded = reference() else { return false }
                    switch decoded {
                    case UInt8(ascii: "&"): output.append("&amp;")
                    case UInt8(ascii: "<"): output.append("&lt;")
                    case UInt8(ascii: ">"): output.append("&gt;")
                    default: output.append(decoded)
                    }
                case UInt8(ascii: ">"):
                    output.append("&gt;")
                    index += 1
                case 0xEF:
                    // U+FFFE and U+FFFF are no XML characters; libxml2 decides what becomes of them.
                    if index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return false }
                    output.append(byte)
                    index += 1
                case 0x09, 0x0A:
                    output.append(byte)
                    index += 1
                default:
                    // NUL, carriage return (libxml2 normalizes line ends) and other control characters.
                    return false
                }
                runStart = index
            }
            output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
            return open.isEmpty
        }

        /// `&amp;`, `&lt;`, `&gt;` or `&quot;` at `index`: the byte it stands for, `index` moved past it.
        mutating func reference() -> UInt8? {
            for (name, byte) in [("amp;", UInt8(ascii: "&")), ("lt;", UInt8(ascii: "<")), ("gt;", UInt8(ascii: ">")),
                ("quot;", UInt8(ascii: "\""))]
            where matches(name, at: index + 1) {
                index += 1 + name.utf8.count
                return byte
            }
            return nil
        }

        func matches(_ text: String, at position: Int) -> Bool {
            var position = position
            for byte in text.utf8 {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
            }
            return true
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: false
            }
        }

        static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A
        }

        /// A name at `index` (ASCII letters, digits and, for attributes, `-`), lowercased.
        mutating func name(allowsHyphen: Bool) -> [UInt8]? {
            let start = index
            var name: [UInt8] = []
            while index < bytes.count,
                Self.isNameByte(bytes[index]) || (allowsHyphen && bytes[index] == UInt8(ascii: "-") && index > start)
            {
                let byte = bytes[index]
                name.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
                index += 1
            }
            guard let first = name.first, first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") else { return nil }
            return name
        }

        /// A start or end tag at `index` (which holds `<`), written out.
        mutating func tag(into output: inout ByteAccumulator) -> Bool {
            index += 1
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                guard let name = name(allowsHyphen: false), index < bytes.count, bytes[index] == UInt8(ascii: ">"),
                    let element = HTMLSanitizingFastPath.elementIndex[String(decoding: name, as: UTF8.self)],
                    open.last == element
                else { return false }
                index += 1
                open.removeLast()
                output.append("</")
                name.withUnsafeBytes { output.append($0) }
                output.append(UInt8(ascii: ">"))
                return true
            }
            guard let name = name(allowsHyphen: false),
                let element = HTMLSanitizingFastPath.elementIndex[String(decoding: name, as: UTF8.self)]
            else { return false }
            let rule = HTMLSanitizingFastPath.elementTable[element]
            if let current = open.last, rule.closes.contains(current) { return false }
            output.append(UInt8(ascii: "<"))
            name.withUnsafeBytes { output.append($0) }
            seenAttributes.removeAll(keepingCapacity: true)
            while true {
                var blanks = 0
                while index < bytes.count, Self.isBlank(bytes[index]) {
                    index += 1
                    blanks += 1
                }
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if bytes[index] == UInt8(ascii: "/") {
                    guard rule.isVoid, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                        return false
                    }
                    index += 2
                    break
                }
                guard blanks > 0, attribute(into: &output) else { return false }
            }
            if rule.isVoid {
                output.append(" />")
            } else {
                output.append(UInt8(ascii: ">"))
                open.append(element)
                guard open.count <= HTMLSanitizingFastPath.maximumDepth else { return false }
            }
            return true
        }

        /// `name="value"` at `index`, written as the libxml2 path writes it.
        mutating func attribute(into output: inout ByteAccumulator) -> Bool {
            guard let name = name(allowsHyphen: true), !seenAttributes.contains(name),
                index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"")
            else { return false }
            seenAttributes.append(name)
            index += 2
            value.removeAll(keepingCapacity: true)
            while true {
                guard index < bytes.count else { return false }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    break
                }
                if byte == UInt8(ascii: "&") {
                    guard let decoded = reference() else { return false }
                    value.append(decoded)
                    continue
                }
                guard byte >= 0x20, byte != UInt8(ascii: "<") else { return false }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                    return false
                }
                value.append(byte)
                index += 1
            }
            let rule = HTMLSanitizingWriter.attributeRule(lowercased: String(decoding: name, as: UTF8.self))
            name.withUnsafeBytes { name in
                value.withUnsafeBytes { value in
                    HTMLSanitizingWriter.appendAttribute(rule, name: name, value: value, base: base, to: &output)
                }
            }
            return true
        }
    }
}
