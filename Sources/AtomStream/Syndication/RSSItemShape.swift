/// How many links, categories, authors and extensions the previous item had, reserved up front in the next one.
///
/// A feed's items are alike, and growing each array one element at a time reallocates it (at 1, 2, 4, 8
/// elements) in every item. Capped, so that one odd item cannot make every later one reserve room it will not use.
struct RSSItemShape {
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

    /// Reserves the remembered counts in a new, empty item.
    func reserve(in entry: inout AtomEntry) {
        if links > 0 { entry.links.reserveCapacity(links) }
        if categories > 0 { entry.categories.reserveCapacity(categories) }
        if authors > 0 { entry.authors.reserveCapacity(authors) }
        if extensions > 0 { entry.extensions.reserveCapacity(extensions) }
    }
}
