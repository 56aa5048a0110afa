/// How many links, categories, authors and extensions the previous entry (Atom) or item (RSS) had, reserved up front
/// in the next one.
///
/// A feed's items are alike, and growing each array one element at a time reallocates it (at 1, 2, 4, 8
/// elements) in every item. Capped, so that one odd item cannot make every later one reserve room it will not use.
struct EntryShape {
    private var links = 0
    private var categories = 0
    private var authors = 0
    private var extensions = 0
    private static let maximum = 16

    /// Remembers a completed item's counts.
    mutating func remember(_ entry: AtomEntry) {
        links = min(entry.links.count, Self.maximum)
        categories = min(entry.categories.count, Self.maximum)
        authors = min(entry.authors.count, Self.maximum)
        extensions = min(entry.extensions.count, Self.maximum)
    }

    /// A new, empty item with room for the remembered counts; built whole, because reserving through a stored
    /// entry copies the entry.
    func makeEntry() -> AtomEntry {
        AtomEntry(
            reservedAuthors: Self.reserved(authors), links: Self.reserved(links), categories: Self.reserved(categories),
            extensions: Self.reserved(extensions))
    }

    private static func reserved<Element>(_ count: Int) -> [Element] {
        var elements: [Element] = []
        if count > 0 { elements.reserveCapacity(count) }
        return elements
    }
}
