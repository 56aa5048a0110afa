import Foundation
import StreamCore

extension AtomDocumentDecoder {
    // MARK: - Starting fields

    /// Starts collecting the direct text of the element about to be pushed.
    func beginText() {
        text.removeAll(keepingCapacity: true)
        capture = .text(depth: frames.count + 1)
    }

    func beginTextConstruct(_ field: TextField, _ scope: AtomScope, _ tag: XMLStartTag) -> AtomRole {
        textType = .text
        if let type = tag.value(of: names.type) {
            switch Self.lowercasedASCII(type) {
            case "html", "text/html": textType = .html
            case "xhtml", "application/xhtml+xml": textType = .xhtml
            default: textType = .text
            }
        }
        if textType == .xhtml {
            beginMarkup(wrapped: true)
        } else {
            beginText()
        }
        return .text(field, scope)
    }

    func beginContent(_ tag: XMLStartTag) -> AtomRole {
        contentType = tag.string(of: names.type) ?? "text"
        contentSource = tag.string(of: names.src).map(resolve)
        let type = Self.lowercasedASCII(contentType.utf8)
        if type == "xhtml" || type.hasSuffix("+xml") || type.hasSuffix("/xml") {
            beginMarkup(wrapped: type == "xhtml")
        } else {
            beginText()
        }
        return .content
    }

    func beginSimple(_ field: SimpleField, _ scope: AtomScope) -> AtomRole {
        beginText()
        return .simple(field, scope)
    }

    func beginPerson(_ role: PersonRole, _ scope: AtomScope) -> AtomRole {
        person = AtomPerson()
        return .person(role, scope)
    }

    /// Records an `xml:base` on `tag`, resolved against the enclosing base; returns whether it set one.
    func pushBase(_ tag: XMLStartTag) -> Bool {
        guard tag.attributeCount > 0, let base = tag.string(of: names.base, namespace: names.xml) else {
            return false
        }
        bases.append(resolve(base))
        return true
    }

    // MARK: - Finishing fields

    /// The collected text without surrounding white space; stops collecting.
    func takeText() -> String {
        capture = .off
        var start = 0
        var end = text.count
        while start < end, Self.isSpace(text[start]) { start += 1 }
        while end > start, Self.isSpace(text[end - 1]) { end -= 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    func finishText(_ field: TextField, scope: AtomScope) throws(StreamError) {
        let value = AtomText(type: textType, value: takeText())
        switch scope {
        case .entry:
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
        entry.content = AtomContent(
            type: contentType, value: value.isEmpty && contentSource != nil ? nil : value, src: contentSource)
    }

    func finishSimple(_ field: SimpleField, scope: AtomScope) throws(StreamError) {
        switch field {
        case .published, .updated:
            capture = .off
            let date = text.withUnsafeBytes { DateParser.parse($0) }
            switch (field, scope) {
            case (.published, .entry): entry.published = date
            case (.updated, .entry): entry.updated = date
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
        case (.id, .entry):
            try countItemBytes(value.utf8.count)
            entry.id = value
        case (.id, .feed): feed.id = value
        case (.icon, _): feed.icon = resolve(value)
        case (.logo, _): feed.logo = resolve(value)
        case (.generator, _): feed.generator = AtomGenerator(name: value, uri: generator.uri, version: generator.version)
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

    func finishPerson(_ role: PersonRole, scope: AtomScope) {
        switch (role, scope) {
        case (.author, .entry): entry.authors.append(person)
        case (.contributor, .entry): entry.contributors.append(person)
        case (.author, .feed): feed.authors.append(person)
        case (.contributor, .feed): break
        }
    }

    func finishExtension(namespace: XMLName, localName: XMLName) throws(StreamError) {
        let value = takeText()
        guard !extensionHasChildren else { return }
        try countItemBytes(value.utf8.count)
        entry.extensions.append(
            AtomExtensionElement(namespace: namespace.string, name: localName.string, value: value))
    }

    // MARK: - Attribute-only elements

    func addLink(_ tag: XMLStartTag, scope: AtomScope) {
        guard let href = tag.string(of: names.href) else { return }
        var link = AtomLink(href: resolve(href), rel: tag.string(of: names.rel) ?? "alternate")
        link.type = tag.string(of: names.type)
        link.hreflang = tag.string(of: names.hreflang)
        link.title = tag.string(of: names.title)
        link.length = tag.string(of: names.length).flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        link.threadCount = tag.string(of: names.count, namespace: names.thread).flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        switch scope {
        case .entry:
            entryBytes += link.href.utf8.count
            entry.links.append(link)
        case .feed:
            feed.links.append(link)
            switch link.rel {
            case "next": feed.nextURL = link.href
            case "previous", "prev": feed.previousURL = link.href
            case "first": feed.firstURL = link.href
            case "last": feed.lastURL = link.href
            default: break
            }
        }
    }

    func category(_ tag: XMLStartTag) -> AtomCategory? {
        guard let term = tag.string(of: names.term) else { return nil }
        return AtomCategory(term: term, scheme: tag.string(of: names.scheme), label: tag.string(of: names.label))
    }

    // MARK: - Helpers

    /// Counts bytes kept for the current entry against the item limit.
    func countItemBytes(_ count: Int) throws(StreamError) {
        entryBytes += count
        guard entryBytes <= limits.maximumItemBytes else {
            throw StreamError(
                kind: .limitExceeded, message: "an entry holds more than \(limits.maximumItemBytes) bytes of text")
        }
    }

    /// Resolves a reference against the current `xml:base` or document URL; absolute references stay as they are.
    func resolve(_ reference: String) -> String {
        guard let base = currentBase, !Self.hasScheme(reference) else { return reference }
        guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL) else {
            return reference
        }
        return resolved.absoluteString
    }

    static func hasScheme(_ reference: String) -> Bool {
        var sawLetter = false
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard sawLetter else { return false }
            case UInt8(ascii: ":"):
                return sawLetter
            default:
                return false
            }
        }
        return false
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    static func lowercasedASCII(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
