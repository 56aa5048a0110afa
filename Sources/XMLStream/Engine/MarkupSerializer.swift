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
///
/// XHTML is written as HTML reads it: the elements of the implied namespace and of the foreign vocabularies HTML
/// knows (SVG and MathML) by their local names, with no prefix. A prefix means nothing to HTML: a
/// `<svg:svg>` whose `xmlns:svg` sits on an ancestor outside the value would be an unknown element there, and its
/// drawing would be lost. The outermost element of a foreign run declares its namespace as the default one instead
/// (`<svg xmlns="http://www.w3.org/2000/svg">`), as feedparser writes it.
package struct MarkupSerializer {
    /// Which namespace declarations a start tag keeps.
    package enum NamespaceDeclarations {
        /// None: the value is HTML.
        case omitted
        /// Every one but a default declaration of `implied`, the namespace the value's type already names;
        /// `foreign` are the namespaces (SVG's, MathML's) whose elements an XHTML value writes unprefixed.
        case kept(implied: XMLName, foreign: [XMLName] = [])
    }

    /// An element written and not yet closed: the prefix its end tag takes and its namespace.
    private struct OpenElement {
        var prefix: XMLName
        var namespace: XMLName
    }

    private let namespaceDeclarations: NamespaceDeclarations
    /// Whether a void element's name counts only without a prefix.
    private let voidElementsArePrefixless: Bool
    private let voidElements: Set<XMLName>
    /// Where the last start tag ended in the text; an end tag right there closes an empty element.
    private var startTagEnd = -1
    /// Whether the value is XHTML (written unprefixed, see above) rather than XML, whose names stay as they are.
    private var writesXHTML = false
    /// The elements open in an XHTML value, innermost last: bounded by the parser's depth limit.
    private var open: [OpenElement] = []

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

    /// Forgets the last start tag, when a new value begins; `xhtml` when the value is XHTML rather than XML.
    package mutating func reset(xhtml: Bool = false) {
        startTagEnd = -1
        open.removeAll(keepingCapacity: true)
        if case .kept = namespaceDeclarations { writesXHTML = xhtml } else { writesXHTML = false }
    }

    /// Appends `tag` as a start tag, with its attributes (and namespace declarations, when kept).
    package mutating func appendStartTag(_ tag: XMLStartTag, to text: inout ByteAccumulator) {
        text.append(UInt8(ascii: "<"))
        var prefix = tag.prefix
        var declaresDefault: XMLName = .none
        if writesXHTML, case .kept(let implied, let foreign) = namespaceDeclarations {
            let namespace = tag.namespace
            if namespace == implied {
                prefix = .none
            } else if foreign.contains(namespace) {
                prefix = .none
                if (open.last?.namespace ?? implied) != namespace { declaresDefault = namespace }
            }
            open.append(OpenElement(prefix: prefix, namespace: namespace))
        }
        text.appendQualifiedName(prefix: prefix, localName: tag.localName)
        if case .kept(let implied, _) = namespaceDeclarations {
            for index in 0..<tag.namespaceCount {
                let declaration = tag.namespaceDeclaration(at: index)
                if declaration.prefix.isNone && declaration.uri == implied { continue }
                // The tag's own default declaration of its foreign namespace is the one written.
                if declaration.prefix.isNone && declaration.uri == declaresDefault { declaresDefault = .none }
                text.append(" xmlns")
                if !declaration.prefix.isNone {
                    text.append(UInt8(ascii: ":"))
                    text.appendName(declaration.prefix)
                }
                Self.appendValue(of: declaration.uri, to: &text)
            }
        }
        if !declaresDefault.isNone {
            text.append(" xmlns")
            Self.appendValue(of: declaresDefault, to: &text)
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

    /// Appends `="URI"`, escaped, for a namespace declaration.
    private static func appendValue(of uri: XMLName, to text: inout ByteAccumulator) {
        text.append("=\"")
        if let bytes = uri.bytes {
            text.appendEscaped(UnsafeRawBufferPointer(start: bytes, count: strlen(bytes)), attribute: true)
        }
        text.append(UInt8(ascii: "\""))
    }

    /// Appends an end tag, or turns the start tag of an empty void element just written into `<br />`.
    package mutating func appendEndTag(localName: XMLName, prefix: XMLName, to text: inout ByteAccumulator) {
        let prefix = writesXHTML ? (open.popLast()?.prefix ?? prefix) : prefix
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
