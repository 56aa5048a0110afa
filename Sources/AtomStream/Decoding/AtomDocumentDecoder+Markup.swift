@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) @_spi(StreamPlumbing) import XMLStream
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AtomDocumentDecoder {
    /// Starts re-serializing the children of the element about to be pushed as markup; `wrapped` when the value
    /// sits in an XHTML wrapper `div` (`type="xhtml"`), not for XML media types, whose elements are the value;
    /// `xhtml` unless the value is XML, whose names are written as they came.
    func beginMarkup(wrapped: Bool, xhtml: Bool = true) {
        text.removeAll()
        capture = .markup(depth: frames.count + 1)
        markup.reset(xhtml: xhtml)
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
        markup.appendStartTag(tag, to: &text)
        return .markup
    }

    /// Writes an end tag, or turns the start tag of an empty void element (`<br>`) into `<br />`.
    func endMarkup(localName: XMLName, prefix: XMLName) {
        guard !wrapperClosed else { return }
        markup.appendEndTag(localName: localName, prefix: prefix, to: &text)
    }

    /// Appends character data with `&`, `<` and `>` escaped (and `"` inside attribute values).
    func appendEscaped(_ bytes: UnsafeRawBufferPointer, attribute: Bool) {
        text.appendEscaped(bytes, attribute: attribute)
    }
}
