#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// Writes elements back out as markup, for the decoders that keep a text construct's elements as its value:
/// Atom's XHTML content, and the unescaped HTML that RSS descriptions carry.
///
/// An empty HTML void element is written `<br />`; any other empty element keeps its end tag (`<div></div>`),
/// because markup shown as HTML reads `<div />` as an unclosed start tag.
package struct MarkupSerializer {
    /// Which namespace declarations a start tag keeps.
    package enum NamespaceDeclarations {
        /// None: the value is HTML.
        case omitted
        /// Every one but a default declaration of `implied`, the namespace the value's type already names.
        case kept(implied: XMLName)
    }

    private let namespaceDeclarations: NamespaceDeclarations
    /// Whether a void element's name counts only without a prefix.
    private let voidElementsArePrefixless: Bool
    private let voidElements: Set<XMLName>
    /// Where the last start tag ended in the text; an end tag right there closes an empty element.
    private var startTagEnd = -1

    /// Creates a serializer; `voidElements` are ``HTMLVoidElements/names`` as one parser interned them
    /// (``voidElements(in:)``).
    package init(
        voidElements: Set<XMLName>, namespaceDeclarations: NamespaceDeclarations, voidElementsArePrefixless: Bool
    ) {
        self.namespaceDeclarations = namespaceDeclarations
        self.voidElementsArePrefixless = voidElementsArePrefixless
        self.voidElements = voidElements
    }

    /// HTML's void elements in one parser's names.
    package static func voidElements(in names: some XMLNameTable) -> Set<XMLName> {
        Set(HTMLVoidElements.names.map(names.intern))
    }

    /// Forgets the last start tag, when a new value begins.
    package mutating func reset() {
        startTagEnd = -1
    }

    /// Appends `tag` as a start tag, with its attributes (and namespace declarations, when kept).
    package mutating func appendStartTag(_ tag: XMLStartTag, to text: inout ByteAccumulator) {
        text.append(UInt8(ascii: "<"))
        text.appendQualifiedName(prefix: tag.prefix, localName: tag.localName)
        if case .kept(let implied) = namespaceDeclarations {
            for index in 0..<tag.namespaceCount {
                let declaration = tag.namespaceDeclaration(at: index)
                if declaration.prefix.isNone && declaration.uri == implied { continue }
                text.append(" xmlns")
                if !declaration.prefix.isNone {
                    text.append(UInt8(ascii: ":"))
                    text.appendName(declaration.prefix)
                }
                text.append("=\"")
                if let uri = declaration.uri.bytes {
                    text.appendEscaped(UnsafeRawBufferPointer(start: uri, count: strlen(uri)), attribute: true)
                }
                text.append(UInt8(ascii: "\""))
            }
        }
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            text.append(UInt8(ascii: " "))
            text.appendQualifiedName(prefix: attribute.prefix, localName: attribute.localName)
            text.append("=\"")
            text.appendEscaped(attribute.value, attribute: true)
            text.append(UInt8(ascii: "\""))
        }
        text.append(UInt8(ascii: ">"))
        startTagEnd = text.count
    }

    /// Appends an end tag, or turns the start tag of an empty void element just written into `<br />`.
    package mutating func appendEndTag(localName: XMLName, prefix: XMLName, to text: inout ByteAccumulator) {
        if text.count == startTagEnd, !voidElementsArePrefixless || prefix.isNone, voidElements.contains(localName) {
            text.removeLast()
            text.append(" />")
            startTagEnd = -1
            return
        }
        text.append("</")
        text.appendQualifiedName(prefix: prefix, localName: localName)
        text.append(UInt8(ascii: ">"))
    }
}
