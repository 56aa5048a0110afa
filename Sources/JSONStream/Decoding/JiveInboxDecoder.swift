#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// Reads a Jive inbox response (`{"list":[…],"itemsPerPage":…,"links":{…},"unread":…}`) off the engine's
/// events: each entry of `list` is returned as it closes, the rest fills a ``JiveInboxPage``.
final class JiveInboxDecoder: JSONEventHandler, JSONItemHandler {
    private enum Context {
        case root, list, entry
        case activityObject(Role)
        case image(Role)
        case jive, links
    }

    enum Role {
        case actor, object, target
    }

    private enum Key {
        case list, itemsPerPage, links, unread, next, previous, verb, title, content, published, updated, url
        case actor, object, target, jive, collection, collectionUpdated, read, id, displayName, objectType
        case summary, image
    }

    private static let keys = KeyTable<Key>([
        ("list", .list), ("itemsPerPage", .itemsPerPage), ("links", .links), ("unread", .unread), ("next", .next),
        ("previous", .previous), ("verb", .verb), ("title", .title), ("content", .content),
        ("published", .published), ("updated", .updated), ("url", .url), ("actor", .actor), ("object", .object),
        ("target", .target), ("jive", .jive), ("collection", .collection),
        ("collectionUpdated", .collectionUpdated), ("read", .read), ("id", .id), ("displayName", .displayName),
        ("objectType", .objectType), ("summary", .summary), ("image", .image),
    ])

    /// What the response is, for the error when it is not an object.
    private static let document: StaticString = "a Jive inbox response"

    /// Verbs for which an entry is shown as acclaim.
    private static let acclaimVerbs: Set<String> = [
        "jive:liked", "jive:promoted", "jive:rated", "jive:acclaimed", "jive:endorsed", "jive:marked_helpful",
        "jive:marked_correct",
    ]

    private let limits: StreamLimits
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the JSON decoders costs --child
    // twitter +21.8 %, twitter-stream +22.6 %, jive-inbox +19.2 % (callgrind net of start-up; BENCHMARKS.md, "What
    // unchecked exclusivity buys").
    @exclusivity(unchecked) unowned(unsafe) var engine: JSONEngine!
    // The per-event state is exempt from dynamic exclusivity checks: it is only touched from the engine's
    // callbacks during one parse call, one event at a time, never re-entrantly; the checks cost more than the
    // rest of a member-name event.
    @exclusivity(unchecked) private var cursor = JSONMemberCursor<Context, Key>()
    @exclusivity(unchecked) private var entry = JiveInboxEntry()
    @exclusivity(unchecked) private var activityObject = JiveActivityObject()
    @exclusivity(unchecked) private var entryStart = 0
    @exclusivity(unchecked) private(set) var page = JiveInboxPage()
    @exclusivity(unchecked) private var completed = CompletedItems<JiveInboxEntry>()

    init(limits: StreamLimits) {
        self.limits = limits
    }

    func takeCompleted() -> [JiveInboxEntry] {
        completed.take()
    }

    override func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {
        cursor.key(name, in: Self.keys)
    }

    override func startObject() throws(StreamError) { try start(array: false) }
    override func startArray() throws(StreamError) { try start(array: true) }
    override func endObject() throws(StreamError) { try end() }
    override func endArray() throws(StreamError) { try end() }

    private func start(array: Bool) throws(StreamError) {
        guard case let (context, key)? = try cursor.open(array: array, root: .root, document: Self.document)
        else { return }
        if case .entry = context { try checkEntrySize() }
        switch (context, key, array) {
        case (.root, .list?, true): cursor.enter(.list)
        case (.root, .links?, false): cursor.enter(.links)
        case (.list, _, false):
            entry = JiveInboxEntry()
            entryStart = engine.currentByteOffset() - 1
            cursor.enter(.entry)
        case (.list, _, true):
            throw StreamError(kind: .typeMismatch, message: "expected an inbox entry object, found an array")
        case (.entry, .actor?, false): beginObject(.actor)
        case (.entry, .object?, false): beginObject(.object)
        case (.entry, .target?, false): beginObject(.target)
        case (.entry, .jive?, false): cursor.enter(.jive)
        case (.activityObject(let role), .image?, false): cursor.enter(.image(role))
        default: cursor.skip()
        }
    }

    private func beginObject(_ role: Role) {
        activityObject = JiveActivityObject()
        cursor.enter(.activityObject(role))
    }

    private func end() throws(StreamError) {
        guard let closed = cursor.close() else { return }
        switch closed {
        case .activityObject(.actor): entry.actor = activityObject
        case .activityObject(.object): entry.object = activityObject
        case .activityObject(.target): entry.target = activityObject
        case .entry: try completeEntry()
        case .root, .list, .image, .jive, .links: break
        }
    }

    override func scalar(_ value: JSONScalar) throws(StreamError) {
        guard case let (context, key)? = try cursor.scalar(document: Self.document) else { return }
        switch (context, key) {
        case (.root, .itemsPerPage?): page.itemsPerPage = try value.int.required()
        case (.root, .unread?): page.unread = try value.int.required()
        case (.links, .next?): page.next = try value.text.required()
        case (.links, .previous?): page.previous = try value.text.required()
        case (.list, _): throw StreamError(kind: .typeMismatch, message: "expected an inbox entry object")
        case (.entry, .verb?): entry.verb = try value.text.required()
        case (.entry, .title?): entry.title = try value.text.required()
        case (.entry, .content?): entry.content = try value.text.required()
        case (.entry, .published?): entry.published = try value.date.required()
        case (.entry, .updated?): entry.updated = try value.date.required()
        case (.entry, .url?): entry.url = try value.text.required()
        case (.jive, .collection?): entry.collection = try value.text.required()
        case (.jive, .collectionUpdated?): entry.collectionUpdated = try value.date.required()
        case (.jive, .read?): entry.read = try value.bool.required()
        case (.activityObject, .id?): activityObject.id = try value.text.required()
        case (.activityObject, .displayName?): activityObject.displayName = try value.text.required()
        case (.activityObject, .objectType?): activityObject.objectType = try value.text.required()
        case (.activityObject, .url?): activityObject.url = try value.text.required()
        case (.activityObject, .summary?): activityObject.summary = try value.text.required()
        case (.image, .url?): activityObject.imageURL = try value.text.required()
        default: break
        }
    }

    private func checkEntrySize() throws(StreamError) {
        if engine.bytes(since: entryStart, exceed: limits.maximumItemBytes) {
            throw StreamError(kind: .limitExceeded, message: "an entry is larger than \(limits.maximumItemBytes) bytes")
        }
    }

    private func completeEntry() throws(StreamError) {
        try checkEntrySize()
        if let verb = entry.verb, Self.acclaimVerbs.contains(verb) {
            entry.kind = .acclaim
        } else if entry.object?.url == nil {
            entry.kind = .notice
        } else {
            entry.kind = .general
        }
        entry.contentURL = entry.object?.id
        if let updated = entry.updated {
            page.earliest = min(page.earliest ?? updated, updated)
            page.latest = max(page.latest ?? updated, updated)
        }
        completed.append(entry)
    }
}
