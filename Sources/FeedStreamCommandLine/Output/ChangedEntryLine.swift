import AtomStream

/// A line of `feedstream refresh --store`: `{"change": "new|changed|unchanged", "entry": {…}, "subscription": URL}`.
///
/// Written through the entry's own writer (``JSONWritable``), not the generic `Encoder`: a fleet worker prints
/// every new entry of every feed it refreshes.
package struct ChangedEntryLine: Encodable {
    package var subscription: String
    /// `EntryChange`'s raw value.
    package var change: String
    package var entry: AtomEntry

    package init(subscription: String, change: String, entry: AtomEntry) {
        self.subscription = subscription
        self.change = change
        self.entry = entry
    }
}

extension ChangedEntryLine: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("change", change)
        object.object("entry", entry)
        object.string("subscription", subscription)
    }
}
