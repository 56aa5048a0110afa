@_spi(XMLEngine) import XMLStream
extension RSSNames {
    /// The RSS element `name` means when a feed wrote it in another case (`<pubdate>`, `<Link>`, `<ITEM>`), or `nil`.
    ///
    /// RSS names are case-sensitive, but hand-written feeds get the case wrong, and feedparser reads such elements
    /// as if they were right. Asked only for names that matched nothing, so well-formed feeds never pay for it.
    func caseFolded(_ name: XMLName) -> XMLName? {
        guard let bytes = name.bytes else { return nil }
        let candidates = [
            item, channel, image, title, link, description, guid, pubDate, lastBuildDate, author, managingEditor,
            category, enclosure, copyright, generator, url,
        ]
        for candidate in candidates where candidate != name {
            guard let expected = candidate.bytes else { continue }
            var index = 0
            // ASCII letters compared without case; a shorter name mismatches at its terminator.
            while expected[index] != 0, expected[index] | 0x20 == bytes[index] | 0x20 { index += 1 }
            if expected[index] == 0 && bytes[index] == 0 { return candidate }
        }
        return nil
    }
}

extension XMLStartTag {
    /// The same tag under another local name of the same parser.
    func renamed(_ localName: XMLName) -> XMLStartTag {
        XMLStartTag(
            localName: localName, prefix: prefix, namespace: namespace, namespaceCount: namespaceCount,
            namespaces: namespaces, attributeCount: attributeCount, attributes: attributes)
    }
}
