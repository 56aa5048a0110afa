/// Where the feed parsers apply the sanitizer: the html and xhtml text constructs of an entry and of the feed.
extension HTMLSanitizingSession {
    /// Sanitizes the entry's html and xhtml `title`, `summary`, `content` and `rights`.
    func sanitize(_ entry: inout AtomEntry) {
        sanitize(&entry.title)
        sanitize(&entry.summary)
        sanitize(&entry.rights)
        if let content = entry.content, let value = content.value, Self.isMarkup(content.type) {
            entry.content?.value = sanitize(value)
        }
    }

    /// Sanitizes the feed's html and xhtml `title`, `subtitle` and `rights`, and its live items' entries.
    func sanitize(_ feed: inout AtomFeed) {
        sanitize(&feed.title)
        sanitize(&feed.subtitle)
        sanitize(&feed.rights)
        if let liveItems = feed.podcast?.liveItems, !liveItems.isEmpty {
            for index in liveItems.indices { sanitize(&feed.podcast!.liveItems[index].entry) }
        }
    }

    /// The entries, sanitized.
    func sanitize(_ entries: consuming [AtomEntry]) -> [AtomEntry] {
        // Consuming: the caller's array is the one sanitized in place, not a copy of every entry.
        for index in entries.indices { sanitize(&entries[index]) }
        return entries
    }

    private func sanitize(_ text: inout AtomText?) {
        guard let kind = text?.type, kind != .text, let value = text?.value else { return }
        text?.value = sanitize(value)
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
