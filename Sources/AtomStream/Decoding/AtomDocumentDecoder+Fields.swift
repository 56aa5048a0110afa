#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

extension AtomDocumentDecoder {
    // MARK: - Starting fields

    /// Starts collecting the direct text of the element about to be pushed.
    func beginText() {
        text.removeAll()
        capture = .text(depth: frames.count + 1)
    }

    func beginTextConstruct(_ field: TextField, _ scope: FeedScope, _ tag: XMLStartTag) -> AtomRole {
        textType = .text
        if let type = tag.value(of: names.type) {
            if Self.equalsIgnoringCase(type, "html") || Self.equalsIgnoringCase(type, "text/html") {
                textType = .html
            } else if Self.equalsIgnoringCase(type, "xhtml")
                || Self.equalsIgnoringCase(type, "application/xhtml+xml")
            {
                textType = .xhtml
            }
        }
        if textType == .xhtml {
            // Atom 0.3's `mode="xml"` values include their `div`; RFC 4287's wrapper `div` is not part of the value.
            beginMarkup(wrapped: !names.isAtom03)
        } else {
            beginText()
        }
        return .text(field, scope)
    }

    func beginContent(_ tag: XMLStartTag) -> AtomRole {
        contentSource = tag.string(of: names.src).map(resolve)
        guard let type = tag.value(of: names.type) else {
            contentType = "text"
            beginText()
            return .content
        }
        contentType = recentStrings.string(for: type)
        if Self.equalsIgnoringCase(type, "xhtml") {
            beginMarkup(wrapped: !names.isAtom03)
        } else if Self.hasSuffixIgnoringCase(type, "+xml") || Self.hasSuffixIgnoringCase(type, "/xml") {
            beginMarkup(wrapped: false, xhtml: false)
        } else {
            beginText()
        }
        return .content
    }

    func beginSimple(_ field: SimpleField, _ scope: FeedScope) -> AtomRole {
        beginText()
        return .simple(field, scope)
    }

    func beginPerson(_ role: PersonRole, _ scope: FeedScope) -> AtomRole {
        person = AtomPerson()
        return .person(role, scope)
    }

    // MARK: - Finishing fields

    /// The collected text without surrounding white space; stops collecting.
    func takeText() -> String {
        capture = .off
        var start = 0
        var end = text.count
        while start < end, Self.isSpace(text[start]) { start += 1 }
        while end > start, Self.isSpace(text[end - 1]) { end -= 1 }
        return text.string(start..<end)
    }

    func finishText(_ field: TextField, scope: FeedScope) throws(StreamError) {
        let value = AtomText(type: textType, value: takeText())
        if value.type != .text { noteMarkupBase(MarkupBases.Field(field), scope: scope) }
        switch scope {
        case .item:
            try countItemBytes(value.value.utf8.count)
            switch field {
            case .title: entry.title = value
            case .summary: entry.summary = value
            case .rights: entry.rights = value
            case .subtitle: break
            }
        case .feed:
            switch field {
            case .title: feed.title = value
            case .subtitle: feed.subtitle = value
            case .rights: feed.rights = value
            case .summary: break
            }
        }
    }

    func finishContent() throws(StreamError) {
        let value = takeText()
        try countItemBytes(value.utf8.count)
        noteMarkupBase(.content, scope: .item)
        entry.content = AtomContent(
            type: contentType, value: value.isEmpty && contentSource != nil ? nil : value, src: contentSource)
    }

    func finishSimple(_ field: SimpleField, scope: FeedScope) throws(StreamError) {
        switch field {
        case .published, .updated:
            capture = .off
            let date = text.withUnsafeBytes { DateParser.parse($0) }
            switch (field, scope) {
            case (.published, .item): entry.published = date
            case (.updated, .item): entry.updated = date
            default: feed.updated = date
            }
            return
        case .totalResults, .startIndex, .itemsPerPage:
            let number = Int(takeText())
            switch field {
            case .totalResults: feed.totalResults = number
            case .startIndex: feed.startIndex = number
            default: feed.itemsPerPage = number
            }
            return
        default:
            break
        }
        let value = takeText()
        switch (field, scope) {
        case (.id, .item):
            try countItemBytes(value.utf8.count)
            entry.id = value
        case (.id, .feed): feed.id = value
        case (.icon, _): feed.icon = resolve(value)
        case (.logo, _): feed.logo = resolve(value)
        case (.generator, _):
            feed.generator = AtomGenerator(name: value, uri: generator.uri, version: generator.version)
        default: break
        }
    }

    func finishPersonField(_ field: PersonField) throws(StreamError) {
        let value = takeText()
        try countItemBytes(value.utf8.count)
        switch field {
        case .name: person.name = value
        case .email: person.email = value
        case .uri: person.uri = resolve(value)
        case .userID: person.userID = value
        }
    }

    /// Moves the person out rather than copying it, leaving an empty one for the next.
    func finishPerson(_ role: PersonRole, scope: FeedScope) {
        var finished = AtomPerson()
        swap(&finished, &person)
        switch (role, scope) {
        case (.author, .item): entry.authors.append(finished)
        case (.contributor, .item): entry.contributors.append(finished)
        case (.author, .feed): feed.authors.append(finished)
        case (.contributor, .feed): break
        }
    }

    // MARK: - Attribute-only elements

    /// Reads a `link` in one pass over its attributes, making a `String` only for those present. The fields are
    /// gathered in locals and the link built once: filling a link in place copied it on its way into the array.
    func addLink(_ tag: XMLStartTag, scope: FeedScope) {
        var href: String?
        var rel: String?
        var type: String?
        var hreflang: String?
        var title: String?
        var length: Int64?
        var threadCount: Int?
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            if attribute.namespace.isNone {
                switch attribute.localName {
                case names.href: href = resolve(attribute.stringValue)
                case names.rel: rel = recentStrings.string(for: attribute.value)
                case names.type: type = recentStrings.string(for: attribute.value)
                case names.hreflang: hreflang = attribute.stringValue
                case names.title: title = attribute.stringValue
                case names.length: length = Self.integer(attribute.value).map(Int64.init)
                default: break
                }
            } else if attribute.namespace == names.thread && attribute.localName == names.count {
                threadCount = Self.integer(attribute.value)
            }
        }
        guard let href else { return }
        guard case .feed = scope else {
            entryBytes += href.utf8.count
            entry.links.append(
                AtomLink(
                    href: href, rel: rel ?? "alternate", type: type, hreflang: hreflang, title: title, length: length,
                    threadCount: threadCount))
            return
        }
        let link = AtomLink(
            href: href, rel: rel ?? "alternate", type: type, hreflang: hreflang, title: title, length: length,
            threadCount: threadCount)
        switch link.rel {
        case "next": feed.nextURL = href
        case "previous", "prev": feed.previousURL = href
        case "first": feed.firstURL = href
        case "last": feed.lastURL = href
        default: break
        }
        feed.links.append(link)
    }

    /// Reads a `category` in one pass over its attributes.
    func category(_ tag: XMLStartTag) -> AtomCategory? {
        var term: String?
        var scheme: String?
        var label: String?
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            guard attribute.namespace.isNone else { continue }
            switch attribute.localName {
            case names.term: term = attribute.stringValue
            case names.scheme: scheme = recentStrings.string(for: attribute.value)
            case names.label: label = recentStrings.string(for: attribute.value)
            default: break
            }
        }
        guard let term else { return nil }
        return AtomCategory(term: term, scheme: scheme, label: label)
    }

    /// A decimal integer, surrounding white space allowed; `nil` when it is not one or does not fit.
    static func integer(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var negative = false
        if bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "+") {
            negative = bytes[start] == UInt8(ascii: "-")
            start += 1
            guard start < end else { return nil }
        }
        var value = 0
        for index in start..<end {
            let digit = Int(bytes[index]) &- 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(negative ? -digit : digit)
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    // MARK: - Helpers

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `bytes` spell `word` (ASCII, lowercase) in any case.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        return hasSuffixIgnoringCase(bytes, word)
    }

    /// Whether `bytes` end with `suffix` (ASCII, lowercase) in any case.
    static func hasSuffixIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = bytes.count - count
        let pattern = suffix.utf8Start
        for index in 0..<count {
            let byte = bytes[start + index]
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            guard lowered == pattern[index] else { return false }
        }
        return true
    }
}
