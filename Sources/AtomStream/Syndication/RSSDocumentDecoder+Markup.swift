@_spi(XMLEngine) @_spi(StreamPlumbing) import XMLStream

extension RSSDocumentDecoder {
    /// Writes the start tag of an element found inside an HTML field (`<description><p>…</p></description>`):
    /// publishers who forget to escape their HTML still mean it as the field's HTML.
    func startMarkup(_ tag: XMLStartTag) {
        markup.appendStartTag(tag, to: &text)
    }

    /// Writes the end tag, or `<br />` for an empty HTML void element.
    func endMarkup(localName: XMLName, prefix: XMLName) {
        markup.appendEndTag(localName: localName, prefix: prefix, to: &text)
    }

    /// Appends character data below the field's own element, escaped as markup text.
    func appendEscaped(_ bytes: UnsafeRawBufferPointer, attribute: Bool) {
        text.appendEscaped(bytes, attribute: attribute)
    }
}
