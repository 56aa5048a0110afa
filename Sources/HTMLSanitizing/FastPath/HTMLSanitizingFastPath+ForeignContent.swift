#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// MathML and SVG in the fast path's scan, as the libxml2 path writes them (``HTMLSanitizingWriter`` and its
/// `+ForeignContent`): a KaTeX formula or an icon in a post would otherwise send the whole value to libxml2.
///
/// Taken: a root (`math`, `svg`) whose `xmlns` is absent, empty or its vocabulary's, written with the namespace
/// last; inside it only MathML's and SVG's elements (less SVG's `a` and `title`, which libxml2 knows as HTML's and
/// `foreignObject`, dropped with its content), each closed by its own end tag or `/>`, with attributes of plain
/// names (no `xlink:`, no `xmlns` but the root's, no `attributeName`, whose verdict decides other attributes) read
/// as HTML's are. Anything else inside a root, an HTML element included, is libxml2's.
extension HTMLSanitizingFastPath {
    /// An open foreign element is this plus its index in ``foreignNames`` on the scanner's stack, above every
    /// index of ``elementNames``.
    static let foreignBase = 128

    struct ForeignElement {
        var vocabulary: ForeignVocabulary
        var isRoot: Bool
        /// Whether its spelling is in small letters (all of MathML's, most of SVG's): a tag read in small letters is
        /// then written as it was read.
        var isSpelledLowercase: Bool
        /// `</name>` as the writer writes it, compared in place by the scan (``Scanner/endTagAsRead(_:)``); never
        /// matches for a root, whose end also leaves its vocabulary, nor for a name too long for an ``EndTag``.
        var endTag: EndTag

        init(vocabulary: ForeignVocabulary, spelling: String, isRoot: Bool) {
            self.vocabulary = vocabulary
            self.isRoot = isRoot
            isSpelledLowercase = spelling == spelling.lowercased()
            endTag = isRoot || spelling.utf8.count > 13 ? .none : EndTag(name: spelling)
        }
    }

    /// MathML's and SVG's elements, SVG's written in its own case (`linearGradient`).
    static let foreignNames: HTMLNameTable<ForeignElement> = {
        precondition(elements.count <= foreignBase, "an HTML element's index is below a foreign one's")
        var entries: [(name: String, value: ForeignElement)] = HTMLAllowList.mathElements.sorted().map {
            ($0, ForeignElement(vocabulary: .math, spelling: $0, isRoot: $0 == "math"))
        }
        var spellings = entries.map(\.name)
        for name in HTMLAllowList.svgElements.sorted() where name != "a" && name != "title" {
            entries.append((name.lowercased(), ForeignElement(vocabulary: .svg, spelling: name, isRoot: name == "svg")))
            spellings.append(name)
        }
        precondition(entries.count < 256 - foreignBase, "a foreign element is one byte on the open stack")
        return HTMLNameTable(entries, spellings: spellings)
    }()

    /// MathML's attributes with their rules (URLs filtered), without the `xlink:` and `xmlns` ones and those
    /// longer than a table's key (which the scan leaves to libxml2).
    static let mathAttributeNames = foreignAttributeNames(HTMLAllowList.mathAttributes)

    /// SVG's attributes with their rules, written in SVG's case (`viewBox`).
    static let svgAttributeNames = foreignAttributeNames(HTMLAllowList.svgAttributes)

    private static func foreignAttributeNames(
        _ names: Set<String>
    ) -> HTMLNameTable<HTMLSanitizingWriter.AttributeRule> {
        // Sorted by their lowercase forms, each made once (lowercasing in the comparison cost every process
        // 1.2 M instructions).
        let spellings = names.map { (lowercased: $0.lowercased(), name: $0) }.filter {
            !$0.name.contains(":") && $0.name != "xmlns" && $0.name.utf8.count <= HTMLNameTable<Bool>.maximumLength
                && $0.lowercased != "attributename"
        }.sorted { $0.lowercased < $1.lowercased }.map(\.name)
        precondition(spellings.count <= 4 * UInt64.bitWidth, "seenAttributes is a bit set over the attributes")
        let rules = spellings.map { name -> (name: String, value: HTMLSanitizingWriter.AttributeRule) in
            let lowercased = name.lowercased()
            return (lowercased, HTMLAllowList.foreignURLAttributes.contains(lowercased) ? .url : .keep)
        }
        return HTMLNameTable(rules, spellings: spellings)
    }
}

extension HTMLSanitizingFastPath.Scanner {
    /// Whether the innermost open element is MathML's or SVG's (then every open root is too: an HTML element inside
    /// one is libxml2's).
    var isInForeignContent: Bool { (innermost ?? 0) >= HTMLSanitizingFastPath.foreignBase }

    /// A start tag named `name` that is no HTML element of the fast path's, or any inside MathML or SVG.
    mutating func foreignStartTag(
        _ name: Range<Int>, pending: Range<Int>, into output: inout ByteAccumulator,
        _ tables: HTMLSanitizingFastPath.ForeignTables
    ) -> TagOutcome {
        // The HTML scan stops a name at `-`, which MathML's and SVG's have (`annotation-xml`, `font-face`).
        var name = name
        while index < bytes.count, bytes[index] == UInt8(ascii: "-") || Self.isNameByte(bytes[index]) { index += 1 }
        name = name.lowerBound..<index
        let names = tables.foreignNames
        let (found, isLowercase) = names.lookUp(name, in: bytes)
        guard let element = found else { return .failed }
        let foreign = names.value(at: element)
        // Only inside its root, or the root itself (the writer drops an `mi` outside `math`: libxml2's to say).
        let isMath = foreign.vocabulary == .math
        if !foreign.isRoot, (isMath ? mathRoots : svgRoots) == 0 { return .failed }
        // `<mrow>`, `<mi>`, as written, are written so: the tag stays in the run of text (most of a formula's tags).
        if !foreign.isRoot, isLowercase, foreign.isSpelledLowercase, index < bytes.count,
            bytes[index] == UInt8(ascii: ">")
        {
            index += 1
            return push(HTMLSanitizingFastPath.foreignBase + element) ? .unchanged : .failed
        }
        appendText(pending, to: &output)
        output.append(UInt8(ascii: "<"))
        names.withName(at: element) { output.append($0) }
        let attributes = isMath ? tables.mathAttributeNames : tables.svgAttributeNames
        seenAttributes = SIMD4()
        var closesItself = false
        while true {
            let blanks = skipBlanks()
            guard index < bytes.count else { return .failed }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return .failed }
                index += 2
                closesItself = true
                break
            }
            guard blanks > 0 else { return .failed }
            if isAttribute("xmlns", at: index) {
                guard foreign.isRoot, namespaceDeclaration(of: foreign.vocabulary) else { return .failed }
                continue
            }
            // Left out of the tables, they must not be dropped as unknown: a long name may be allow-listed, and
            // `attributeName` decides whether `to` and `values` stay, wherever they stand in the tag.
            let nameStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index - nameStart <= HTMLNameTable<Bool>.maximumLength, !isAttribute("attributename", at: nameStart)
            else { return .failed }
            index = nameStart
            guard case .written = attribute(into: &output, unwritten: nil, isOneSpace: false, names: attributes)
            else { return .failed }
        }
        if foreign.isRoot {
            output.append(" xmlns=\"")
            output.append(foreign.vocabulary.namespace)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        if closesItself {
            // libxml2 ends an element written `<path … />` where it starts.
            names.withName(at: element) { appendEndTag($0, to: &output) }
            return .written
        }
        guard push(HTMLSanitizingFastPath.foreignBase + element) else { return .failed }
        if foreign.isRoot {
            if isMath { mathRoots += 1 } else { svgRoots += 1 }
        }
        return .written
    }

    /// The end tag at `index` (past `</`) of the foreign element open innermost, written in its vocabulary's case.
    mutating func foreignEndTag(
        pending: Range<Int>, into output: inout ByteAccumulator, _ tables: HTMLSanitizingFastPath.ForeignTables
    ) -> TagOutcome {
        guard let open = innermost, let name = name(allowsHyphen: true), index < bytes.count,
            bytes[index] == UInt8(ascii: ">")
        else { return .failed }
        let element = open - HTMLSanitizingFastPath.foreignBase
        guard tables.foreignNames.index(of: name, in: bytes) == element else { return .failed }
        index += 1
        appendText(pending, to: &output)
        closeForeignElement(to: &output, tables)
        return .written
    }

    /// Closes the innermost open element, a foreign one, writing its end tag and leaving its root.
    mutating func closeForeignElement(
        to output: inout ByteAccumulator, _ tables: HTMLSanitizingFastPath.ForeignTables
    ) {
        guard let open = innermost else { return }
        pop()
        let names = tables.foreignNames
        let element = open - HTMLSanitizingFastPath.foreignBase
        let foreign = names.value(at: element)
        if foreign.isRoot {
            if foreign.vocabulary == .math { mathRoots -= 1 } else { svgRoots -= 1 }
        }
        names.withName(at: element) { appendEndTag($0, to: &output) }
    }

    private func appendEndTag(_ name: UnsafeRawBufferPointer, to output: inout ByteAccumulator) {
        output.append("</")
        output.append(name)
        output.append(UInt8(ascii: ">"))
    }

    /// Whether an attribute named `name` (lowercase; written in any case) starts at `position`, followed by `=`.
    private func isAttribute(_ name: StaticString, at position: Int) -> Bool {
        let length = name.utf8CodeUnitCount
        guard position + length < bytes.count, bytes[position + length] == UInt8(ascii: "=") else { return false }
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: length)
        return zip(bytes[position..<position + length], expected).allSatisfy { Self.lowercased($0) == $1 }
    }

    /// Reads `xmlns="…"` at `index`: `true` when its value is `vocabulary`'s namespace, as written, or empty (the
    /// writer then writes the namespace itself, last, as it does for any root).
    private mutating func namespaceDeclaration(of vocabulary: ForeignVocabulary) -> Bool {
        index += 6
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        index += 1
        let namespace = UnsafeBufferPointer(
            start: vocabulary.namespace.utf8Start, count: vocabulary.namespace.utf8CodeUnitCount)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return true
        }
        // `memcmp`: `elementsEqual` on the slices cost a thousand instructions a root.
        guard index + namespace.count < bytes.count,
            memcmp(bytes.baseAddress! + index, namespace.baseAddress!, namespace.count) == 0,
            bytes[index + namespace.count] == UInt8(ascii: "\"")
        else { return false }
        index += namespace.count + 1
        return true
    }
}

extension HTMLSanitizingFastPath {
    /// MathML's and SVG's tables, reached by the scan at a value's first tag that may be foreign and handed down as
    /// ``Scanner/run(into:)``'s other tables are: a `static let` checks its `swift_once` at every use, and a stored
    /// reference (even `unowned(unsafe)`) is retained and released around every use, which cost a KaTeX feed 2.6 M
    /// instructions over its 21,600 MathML start tags.
    struct ForeignTables {
        let foreignNames = HTMLSanitizingFastPath.foreignNames
        let mathAttributeNames = HTMLSanitizingFastPath.mathAttributeNames
        let svgAttributeNames = HTMLSanitizingFastPath.svgAttributeNames
    }
}
