extension ArraySlice<UInt8> {
    /// The index just past the first occurrence of `needle` at or after `start`, or `nil`: the prescans of
    /// discovery look for a few literal markers (`-->`, `jsonfeed.org/version`) in a page's first bytes.
    func index(after needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first else { return start }
        var index = start
        while index + needle.count <= endIndex {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
                return index + needle.count
            }
            index += 1
        }
        return nil
    }
}
