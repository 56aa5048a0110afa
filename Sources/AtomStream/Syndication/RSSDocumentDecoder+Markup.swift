@_spi(XMLEngine) import XMLStream
import Foundation

extension RSSDocumentDecoder {
    /// Writes the start tag of an element found inside an HTML field (`<description><p>…</p></description>`):
    /// publishers who forget to escape their HTML still mean it as the field's HTML.
    func startMarkup(_ tag: XMLStartTag) {
        text.append(UInt8(ascii: "<"))
        text.appendQualifiedName(prefix: tag.prefix, localName: tag.localName)
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            text.append(UInt8(ascii: " "))
            text.appendQualifiedName(prefix: attribute.prefix, localName: attribute.localName)
            text.append("=\"")
            text.appendEscaped(attribute.value, attribute: true)
            text.append(UInt8(ascii: "\""))
        }
        text.append(UInt8(ascii: ">"))
        lastStartTagEnd = text.count
    }

    /// Writes the end tag, or `<br />` for an empty HTML void element.
    func endMarkup(localName: XMLName, prefix: XMLName) {
        if text.count == lastStartTagEnd, prefix.isNone, Self.voidElements.contains(localName.string) {
            text.removeLast()
            text.append(" />")
            lastStartTagEnd = -1
            return
        }
        text.append("</")
        text.appendQualifiedName(prefix: prefix, localName: localName)
        text.append(UInt8(ascii: ">"))
    }

    /// Appends character data below the field's own element, escaped as markup text.
    func appendEscaped(_ bytes: UnsafeRawBufferPointer, attribute: Bool) {
        text.appendEscaped(bytes, attribute: attribute)
    }

    /// HTML's void elements, written `<br />`; any other empty element keeps its end tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
}
