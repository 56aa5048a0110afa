#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Turns an OPML document's SAX events into ``OPMLOutline`` values and its ``OPMLHead``.
///
/// An outline is complete at its start tag (everything it says is in its attributes), so one that names a feed
/// is returned then; one that names none is returned at its end tag if no outline opened inside it (an empty
/// folder, a note), and otherwise only lives on in its children's `folders` — unless every outline is asked for,
/// when it too is returned at its start tag. What stays behind is one frame per
/// open element, the titles of the open outlines, and at most one outline waiting for its end tag. Memory is
/// therefore bounded by the nesting, never by the number of outlines.
final class OPMLDocumentDecoder: XMLEventHandler {
    enum Role {
        case opml, head, body, outline, ignored
        case headField(HeadField)
    }

    enum HeadField {
        case title, dateCreated, dateModified, ownerName, ownerEmail, ownerID, docs
    }

    private let limits: StreamLimits
    private let documentBase: String?
    /// Every outline is returned at its start tag, folders included (``OPMLParser/Options/allOutlines``).
    private let allOutlines: Bool
    private var roles: [Role] = []
    /// The titles of the open outlines (every open outline, a feed's too: its children sit in it).
    private var folders: [String] = []
    /// The UTF-8 bytes `folders` holds, bounded by ``StreamLimits/maximumItemBytes`` with the outline's own.
    private(set) var folderBytes = 0
    private var text = ByteAccumulator()
    private(set) var head = OPMLHead()
    private(set) var completed = CompletedItems<OPMLOutline>()
    /// The innermost open outline that names no feed, while no outline has opened inside it: returned at its end
    /// tag, dropped when a child outline makes it a folder.
    private var childless: OPMLOutline?
    /// Outlines seen so far, folders included: the ordinal in error paths.
    private(set) var outlineCount = 0
    private(set) var hasSeenRoot = false

    init(limits: StreamLimits, documentBase: String?, allOutlines: Bool) {
        self.limits = limits
        self.documentBase = documentBase
        self.allOutlines = allOutlines
    }

    func takeCompleted() -> [OPMLOutline] { completed.take() }

    /// Bytes held between events: the open outlines' titles and a head field's text being read.
    var heldByteCount: Int { folderBytes + text.count }

    var currentPath: String {
        guard hasSeenRoot else { return "" }
        let inBody = roles.contains { if case .body = $0 { true } else { false } }
        return inBody ? "/opml/body/outline[\(outlineCount)]" : "/opml/head"
    }

    var hasOpenElements: Bool { !roles.isEmpty }

    func closeOpenElements() throws(StreamError) {
        roles.removeAll()
        folders.removeAll()
        childless = nil
        folderBytes = 0
    }

    // MARK: - Events

    func startElement(_ tag: XMLStartTag) throws(StreamError) {
        guard roles.count < limits.maximumDepth else {
            throw StreamError(
                kind: .limitExceeded, message: "outlines nest deeper than \(limits.maximumDepth) levels")
        }
        guard let parent = roles.last else {
            guard tag.namespace.isNone, Self.named(tag.localName, "opml") else {
                throw StreamError(
                    kind: .unexpectedDocument,
                    message: "the root element <\(tag.localName.string)> is not <opml>: this is not an OPML file")
            }
            hasSeenRoot = true
            head.version = Self.attribute(tag, "version")
            roles.append(.opml)
            return
        }
        let role: Role
        switch parent {
        case .opml where Self.named(tag.localName, "head"): role = .head
        case .opml where Self.named(tag.localName, "body"): role = .body
        case .head: role = headFieldRole(tag)
        case .body where Self.named(tag.localName, "outline"), .outline where Self.named(tag.localName, "outline"):
            try startOutline(tag)
            role = .outline
        default: role = .ignored
        }
        if case .headField = role { text.removeAll() }
        roles.append(role)
    }

    func endElement(localName: XMLName, prefix: XMLName, namespace: XMLName) throws(StreamError) {
        guard let role = roles.popLast() else { return }
        switch role {
        case .outline:
            if let title = folders.popLast() { folderBytes -= title.utf8.count }
            if let outline = childless {
                completed.append(outline)
                childless = nil
            }
        case .headField(let field):
            finishHeadField(field)
        default:
            break
        }
    }

    func characters(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        guard case .headField? = roles.last else { return }
        text.append(bytes)
        if text.count > limits.maximumTextBytes {
            throw StreamError(
                kind: .limitExceeded, message: "a head field is longer than \(limits.maximumTextBytes) bytes")
        }
    }

    // MARK: - Outlines

    private func startOutline(_ tag: XMLStartTag) throws(StreamError) {
        outlineCount += 1
        // The enclosing outline has a child, so it is a folder, not an item of its own.
        childless = nil
        var outline = OPMLOutline()
        var url: String?
        var bytes = 0
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            guard attribute.namespace.isNone else { continue }
            let name = attribute.localName
            bytes += attribute.value.count
            if let field = Self.textAttributes.first(where: { Self.named(name, $0.name) })?.field {
                outline[keyPath: field] = Self.trimmed(attribute.value)
            } else if Self.named(name, "category") {
                outline.categories = String(decoding: attribute.value, as: UTF8.self).split(separator: ",")
                    .map { $0.trimmingWhitespaceAndNewlines() }.filter { !$0.isEmpty }
            } else if Self.named(name, "url") {
                url = Self.trimmed(attribute.value)
            }
        }
        if outline.xmlURL == nil, let url, Self.isFeedType(outline.type) { outline.xmlURL = url }
        let name = outline.title ?? outline.text ?? ""
        guard folderBytes + bytes + name.utf8.count <= limits.maximumItemBytes else {
            throw StreamError(
                kind: .limitExceeded,
                message: "an outline and its folders hold more than \(limits.maximumItemBytes) bytes")
        }
        outline.htmlURL = outline.htmlURL.map { URLResolution.resolve($0, against: documentBase) }
        outline.folders = folders
        if let xmlURL = outline.xmlURL {
            outline.xmlURL = URLResolution.resolve(xmlURL, against: documentBase)
            completed.append(outline)
        } else if allOutlines {
            completed.append(outline)
        } else {
            childless = outline
        }
        folders.append(name)
        folderBytes += name.utf8.count
    }

    /// The attributes kept as they are written (trimmed), by lowercase name.
    private static let textAttributes: [(name: StaticString, field: WritableKeyPath<OPMLOutline, String?> & Sendable)] =
        [
            ("text", \.text), ("title", \.title), ("xmlurl", \.xmlURL), ("htmlurl", \.htmlURL), ("type", \.type),
            ("description", \.description),
        ]

    /// Outlines that give their feed in `url` rather than `xmlUrl` (some podcast apps' exports) say so by type.
    private static func isFeedType(_ type: String?) -> Bool {
        switch type?.lowercased() {
        case "rss", "atom", "feed", "json", "jsonfeed": true
        default: false
        }
    }

    // MARK: - Head

    private func headFieldRole(_ tag: XMLStartTag) -> Role {
        for (name, field) in Self.headFields where Self.named(tag.localName, name) { return .headField(field) }
        return .ignored
    }

    /// The head's elements, by lowercase name.
    private static let headFields: [(StaticString, HeadField)] = [
        ("title", .title), ("datecreated", .dateCreated), ("datemodified", .dateModified), ("ownername", .ownerName),
        ("owneremail", .ownerEmail), ("ownerid", .ownerID), ("docs", .docs),
    ]

    private func finishHeadField(_ field: HeadField) {
        let value = text.withUnsafeBytes { Self.trimmed($0) }
        text.removeAll()
        switch field {
        case .title: head.title = value
        case .dateCreated: head.dateCreated = value.flatMap(DateParser.parseFeedDate)
        case .dateModified: head.dateModified = value.flatMap(DateParser.parseFeedDate)
        case .ownerName: head.ownerName = value
        case .ownerEmail: head.ownerEmail = value
        case .ownerID: head.ownerID = value
        case .docs: head.docs = value
        }
    }

    // MARK: - Names and values

    /// Whether `name` spells the lowercase ASCII `literal` in any case: OPML files are written by hand and by
    /// programs that disagree (`xmlUrl`, `xmlurl`, `xmlURL`, `XMLURL`).
    static func named(_ name: XMLName, _ literal: StaticString) -> Bool {
        guard let bytes = name.bytes else { return false }
        let expected = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount where bytes[index] | 0x20 != expected[index] { return false }
        return bytes[literal.utf8CodeUnitCount] == 0
    }

    private static func attribute(_ tag: XMLStartTag, _ literal: StaticString) -> String? {
        for index in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: index)
            if attribute.namespace.isNone, named(attribute.localName, literal) { return trimmed(attribute.value) }
        }
        return nil
    }

    /// The value without surrounding white space; `nil` when nothing is left.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> String? {
        let value = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines()
        return value.isEmpty ? nil : value
    }
}
