/// Where the feed parsers apply the sanitizer: the html and xhtml text constructs of an entry and of the feed, each
/// resolved against the `xml:base` it was read in (``MarkupBases``), or the document URL without one.
extension HTMLSanitizingSession {
    /// Sanitizes the entry's html and xhtml `title`, `summary`, `content` and `rights`.
    func sanitize(_ entry: inout AtomEntry, bases: MarkupBases.FieldBases = MarkupBases.FieldBases()) {
        sanitize(&entry.title, base: bases.base(of: .title))
        sanitize(&entry.summary, base: bases.base(of: .summary))
        sanitize(&entry.rights, base: bases.base(of: .rights))
        if let content = entry.content, let value = content.value, Self.isMarkup(content.type) {
            entry.content?.value = sanitize(value, base: bases.base(of: .content))
        }
    }

    /// Sanitizes the feed's html and xhtml `title`, `subtitle` and `rights`, and its live items' entries.
    func sanitize(_ feed: inout AtomFeed, bases: MarkupBases.FieldBases = MarkupBases.FieldBases()) {
        sanitize(&feed.title, base: bases.base(of: .title))
        sanitize(&feed.subtitle, base: bases.base(of: .subtitle))
        sanitize(&feed.rights, base: bases.base(of: .rights))
        if let liveItems = feed.podcast?.liveItems, !liveItems.isEmpty {
            for index in liveItems.indices { sanitize(&feed.podcast!.liveItems[index].entry) }
        }
    }

    /// The entries, sanitized; `bases` holds the bases of those at its positions that had any
    /// (``MarkupBases/takeCompleted()``).
    func sanitize(
        _ entries: consuming [AtomEntry], bases: [(index: Int, bases: MarkupBases.FieldBases)] = []
    ) -> [AtomEntry] {
        // Consuming: the caller's array is the one sanitized in place, not a copy of every entry.
        var next = bases.makeIterator()
        var pending = next.next()
        for index in entries.indices {
            if let found = pending, found.index == index {
                sanitize(&entries[index], bases: found.bases)
                pending = next.next()
            } else {
                sanitize(&entries[index])
            }
        }
        return entries
    }

    private func sanitize(_ text: inout AtomText?, base: String?) {
        guard let kind = text?.type, kind != .text, let value = text?.value else { return }
        text?.value = sanitize(value, base: base)
    }

    /// Whether a content `type` holds markup: `html`, `xhtml`, or their media types (Atom 0.3 writes those).
    static func isMarkup(_ type: String) -> Bool {
        // Compared by bytes: lowercasing made a new string for every entry's content.
        let markupTypes: [StaticString] = ["html", "xhtml", "text/html", "application/xhtml+xml"]
        return markupTypes.contains { name in
            guard type.utf8.count == name.utf8CodeUnitCount else { return false }
            let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            return zip(type.utf8, expected).allSatisfy { ($0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0) == $1 }
        }
    }
}
