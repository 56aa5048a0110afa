/// The `xml:base` in scope of each text construct that had one, for the sanitizer, which resolves relative
/// references inside html and xhtml markup against it (RFC 4287 §2, RFC 3986 §5.1) instead of the document URL.
///
/// The sanitizer works on completed entries, after the decoder has left their elements and so their bases; this
/// carries each construct's base from the decoder to it without a field in the public model. Nothing is recorded
/// unless a sanitizer will take it (``isRecording``) and an `xml:base` is in scope, which most feeds never set:
/// an entry without one costs a test of an empty array.
struct MarkupBases {
    /// A text construct whose markup the sanitizer reads.
    enum Field: Equatable {
        case title, subtitle, summary, content, rights

        init(_ field: TextField) {
            switch field {
            case .title: self = .title
            case .subtitle: self = .subtitle
            case .summary: self = .summary
            case .rights: self = .rights
            }
        }
    }

    /// The bases of one entry's (or the feed's) constructs, each written at most once: a later element of the
    /// same name replaces the value, and so its base.
    struct FieldBases: Equatable {
        private(set) var bases: [(field: Field, base: String)] = []

        var isEmpty: Bool { bases.isEmpty }

        mutating func set(_ base: String, for field: Field) {
            if let index = bases.firstIndex(where: { $0.field == field }) {
                bases[index].base = base
            } else {
                bases.append((field, base))
            }
        }

        /// The base of `field`; `nil` when none was in scope (the document URL then applies).
        func base(of field: Field) -> String? {
            bases.first { $0.field == field }?.base
        }

        static func == (lhs: FieldBases, rhs: FieldBases) -> Bool {
            lhs.bases.elementsEqual(rhs.bases) { $0.field == $1.field && $0.base == $1.base }
        }
    }

    /// Whether a sanitizer takes the bases (the parser sets it); otherwise nothing is kept.
    var isRecording = false
    /// The feed's (channel's) own constructs.
    var feed = FieldBases()
    /// The entry being read.
    private var entry = FieldBases()
    /// Entries completed since the last ``takeCompleted()``, by their position among those entries, that had a
    /// base; and how many were completed.
    private var completed: [(index: Int, bases: FieldBases)] = []
    private var completedCount = 0

    /// Notes that `field` of the feed or the current entry was read with `base` in scope.
    mutating func record(_ field: Field, base: String, scope: FeedScope) {
        guard isRecording else { return }
        switch scope {
        case .feed: feed.set(base, for: field)
        case .item: entry.set(base, for: field)
        }
    }

    /// The current entry is complete: its bases, if any, go with it.
    @inline(__always)
    mutating func completeEntry() {
        guard isRecording else { return }
        if !entry.isEmpty {
            completed.append((completedCount, entry))
            entry = FieldBases()
        }
        completedCount += 1
    }

    /// The bases of the entries completed since the last call, by position among them (the entries the decoder's
    /// `takeCompleted()` hands over at the same time).
    mutating func takeCompleted() -> [(index: Int, bases: FieldBases)] {
        completedCount = 0
        guard !completed.isEmpty else { return [] }
        defer { completed.removeAll() }
        return completed
    }
}
