@_spi(XMLEngine) import XMLStream
import Foundation

extension AtomDocumentDecoder {
    /// Starts re-serializing the children of the element about to be pushed as markup; `wrapped` when the value
    /// sits in an XHTML wrapper `div` (`type="xhtml"`), not for XML media types, whose elements are the value.
    func beginMarkup(wrapped: Bool) {
        text.removeAll()
        capture = .markup(depth: frames.count + 1)
        lastStartTagEnd = -1
        markupIsWrapped = wrapped
        wrapperClosed = false
    }

    /// Writes a start tag, or recognises XHTML's wrapper `div`, which the value leaves out.
    func startMarkup(_ tag: XMLStartTag) -> AtomRole {
        guard case .markup(let depth) = capture, !wrapperClosed else { return .ignored }
        if frames.count == depth, markupIsWrapped, tag.namespace == names.xhtml, tag.localName == names.div {
            // The wrapper's own children are the value: anything before it is white space by the spec.
            text.removeAll()
            return .markupWrapper
        }
        text.append(UInt8(ascii: "<"))
        appendQualifiedName(prefix: tag.prefix, localName: tag.localName)
        for index in 0..<tag.namespaceCount {
            let declaration = tag.namespaceDeclaration(at: index)
            // The XHTML namespace is implied by the value's type; re-declaring it would only add noise.
            if declaration.prefix.isNone && declaration.uri == names.xhtml { continue }
            text.append(" xmlns")
            if !declaration.prefix.isNone {
                text.append(UInt8(ascii: ":"))
                appendName(declaration.prefix)
            }
            text.append("=\"")
            if let uri = declaration.uri.bytes {
                appendEscaped(UnsafeRawBufferPointer(start: uri, count: strlen(uri)), attribute: true)
            }
            text.append(UInt8(ascii: "\""))
        }
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            text.append(UInt8(ascii: " "))
            appendQualifiedName(prefix: attribute.prefix, localName: attribute.localName)
            text.append("=\"")
            appendEscaped(attribute.value, attribute: true)
            text.append(UInt8(ascii: "\""))
        }
        text.append(UInt8(ascii: ">"))
        lastStartTagEnd = text.count
        return .markup
    }

    /// Writes an end tag, or turns the start tag of an empty void element (`<br>`) into `<br />`.
    func endMarkup(localName: XMLName, prefix: XMLName) {
        guard !wrapperClosed else { return }
        if text.count == lastStartTagEnd && names.voidElements.contains(localName) {
            text.removeLast()
            text.append(" />")
            lastStartTagEnd = -1
            return
        }
        text.append("</")
        appendQualifiedName(prefix: prefix, localName: localName)
        text.append(UInt8(ascii: ">"))
    }

    /// Appends character data with `&`, `<` and `>` escaped (and `"` inside attribute values).
    func appendEscaped(_ bytes: UnsafeRawBufferPointer, attribute: Bool) {
        text.appendEscaped(bytes, attribute: attribute)
    }

    private func appendQualifiedName(prefix: XMLName, localName: XMLName) {
        text.appendQualifiedName(prefix: prefix, localName: localName)
    }

    private func appendName(_ name: XMLName) {
        text.appendName(name)
    }
}
