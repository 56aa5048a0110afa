/// The ids the entries of one document have used so far, so that an entry repeating one gets an identity of its own
/// (``EntryIdentity/Basis/idAndLink``) while the decoder streams: the Atom, RSS and JSON Feed decoders note every
/// entry here as it completes.
///
/// Held as 64-bit hashes (``EntryHasher``) in an open-addressed table with linear probing: an entry with a fresh id
/// costs one pass over the id's bytes, eight at a time, and one probe, and allocates nothing past the table's
/// doubling. Bounded: the table stops growing at ``maximumCount`` ids (128 KiB); later fresh ids are looked up but
/// not recorded, so a document of more entries than that tells only repeats of its first ones. Two different ids
/// take the same hash once in about 2⁶⁴ ⁄ n² documents; the cost would be one entry keyed by id and link.
struct DocumentEntryIDs {
    /// Hashes, `0` marking an empty slot (a hash of `0` is stored as `1`).
    private var slots: [UInt64] = []
    private var count = 0
    static let maximumCount = 8192

    init() {}

    /// Notes `entry`'s id; when the document used the id before, sets the entry's identity to the id with its
    /// alternate link, and with `position` (the entry's number in the document, from 1) when that pair was used too.
    @inline(__always)
    mutating func note(_ entry: inout AtomEntry, position: Int) {
        guard let id = entry.id, !id.isEmpty else { return noteLink(&entry) }
        var hasher = EntryHasher()
        hasher.combine(id)
        if insert(hasher.value) { return }
        noteRepeated(&entry, id: id, hasher: hasher, position: position)
    }

    @inline(never)
    private mutating func noteRepeated(_ entry: inout AtomEntry, id: String, hasher: EntryHasher, position: Int) {
        let link = entry.alternateLink
        var pair = hasher
        pair.combine(link ?? "")
        let identity = insert(pair.value)
            ? EntryIdentity.idAndLink(id, link: link) : EntryIdentity.idAndLink(id, link: link, position: position)
        entry.decodedIdentity.value = identity
    }

    /// An entry without an id is known by its link; when the document used that link before (a feed whose items
    /// all point at its home page), by the link with a digest of its title and date
    /// (``EntryIdentity/linkAndContent(_:title:date:)``), so that such entries stay apart, and stay the same from
    /// one refresh to the next.
    @inline(never)
    private mutating func noteLink(_ entry: inout AtomEntry) {
        guard let link = entry.alternateLink else { return }
        var hasher = EntryHasher()
        // Apart from the ids: a link equal to another entry's id is no repeat.
        hasher.combine(word: 0x6c69_6e6b)
        hasher.combine(link)
        if insert(hasher.value) { return }
        entry.decodedIdentity.value = EntryIdentity.linkAndContent(
            link, title: entry.title?.value, date: entry.published ?? entry.updated)
    }

    /// Records `hash`; whether it was new (always when the table is full and does not hold it).
    @inline(__always)
    private mutating func insert(_ hash: UInt64) -> Bool {
        let hash = hash == 0 ? 1 : hash
        if count * 2 >= slots.count && !grow() { return !contains(hash) }
        let inserted = slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index] != 0 {
                if slots[index] == hash { return false }
                index = (index + 1) & mask
            }
            slots[index] = hash
            return true
        }
        if inserted { count += 1 }
        return inserted
    }

    private func contains(_ hash: UInt64) -> Bool {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] != 0 {
            if slots[index] == hash { return true }
            index = (index + 1) & mask
        }
        return false
    }

    /// Doubles the table (from 1,024 slots: 8 KiB, room for the 512 entries of all but the largest feeds without a
    /// rehash), at most to twice ``maximumCount`` slots; whether it grew.
    @inline(never)
    private mutating func grow() -> Bool {
        guard count < Self.maximumCount else { return false }
        let old = slots
        slots = Array(repeating: 0, count: max(1_024, old.count * 2))
        count = 0
        for hash in old where hash != 0 { _ = insert(hash) }
        return true
    }
}
