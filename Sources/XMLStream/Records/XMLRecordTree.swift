#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore

/// The element tree of the one record being read: a flat array of nodes and one byte buffer for every text and
/// attribute value, both reused from record to record, so reading a record allocates nothing once the buffers
/// have grown to the size of the largest record.
///
/// Attributes are nodes too (listed before the element's children, in document order), so a `Decoder` finds
/// an attribute and a child element the same way: by local name among the node's children.
final class XMLRecordTree {
    struct Node {
        var localName: XMLName
        var prefix: XMLName
        var isAttribute: Bool
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var attributeCount: Int32 = 0
        var elementCount: Int32 = 0
        /// The node's text: `text[textStart..<textEnd]`. For an element with children it holds only the text
        /// that is not whitespace between them.
        var textStart: Int32 = 0
        var textEnd: Int32 = 0

        var hasText: Bool { textEnd > textStart }
        /// Whether the node has neither text nor children: `nil` for an optional.
        var isEmpty: Bool { textEnd == textStart && firstChild < 0 }
    }

    /// The nodes, in memory this tree owns.
    // Kept by measurement: removing the unchecked exclusivity of the record tree and selector costs --child xml-
    // records +47.9 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked exclusivity buys").
    @exclusivity(unchecked) private(set) var nodes = XMLRecordBuffer<Node>(capacity: 256)
    @exclusivity(unchecked) private(set) var text = XMLRecordBuffer<UInt8>(capacity: 16 << 10)
    /// How zone-less dates read, and whether that is UTC (no conversion at all).
    let timeZone: TimeZone
    let timeZoneIsUTC: Bool
    /// Member keys made from names (`firstName`, `@id`, `@json:Array`), kept per parser: the same few dozen recur
    /// in every record. A direct-mapped cache on the names' pointers, in memory the tree owns (as the nodes are):
    /// a collision only costs a remake.
    private let keyCache: UnsafeMutablePointer<KeyCacheEntry> = {
        let cache = UnsafeMutablePointer<KeyCacheEntry>.allocate(capacity: XMLRecordTree.keyCacheSize)
        let empty = KeyCacheEntry(localName: .none, prefix: .none, isAttribute: false, key: "")
        cache.initialize(repeating: empty, count: XMLRecordTree.keyCacheSize)
        return cache
    }()
    private static let keyCacheSize = 512

    struct KeyCacheEntry {
        var localName: XMLName
        var prefix: XMLName
        var isAttribute: Bool
        var key: String
    }

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        timeZoneIsUTC = timeZone.secondsFromGMT() == 0 && timeZone.nextDaylightSavingTimeTransition == nil
    }

    deinit {
        keyCache.deinitialize(count: Self.keyCacheSize)
        keyCache.deallocate()
    }

    /// Bytes the record holds, to bound it: its texts plus a charge per node for the node itself.
    var byteCount: Int { text.count + nodes.count * MemoryLayout<Node>.stride }

    /// Forgets the previous record, keeping the capacity.
    func reset() {
        nodes.removeAll()
        text.removeAll()
    }

    /// Adds an element (under `parent`, or as the root when `parent` is -1) with its attributes; returns it.
    func addElement(_ tag: XMLStartTag, parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        let start = Int32(text.count)
        nodes.append(
            Node(localName: tag.localName, prefix: tag.prefix, isAttribute: false, textStart: start, textEnd: start))
        if parent >= 0 {
            link(index, to: parent)
            // Indentation before the first child is no text of the parent's.
            if nodes[Int(parent)].elementCount == 0, nodes[Int(parent)].hasText, withText(parent, Self.isWhitespace) {
                nodes[Int(parent)].textEnd = nodes[Int(parent)].textStart
            }
            nodes[Int(parent)].elementCount += 1
        }
        for position in 0..<tag.attributeCount {
            let attribute = tag.attribute(at: position)
            let valueStart = Int32(text.count)
            text.append(attribute.value)
            let node = Int32(nodes.count)
            nodes.append(
                Node(
                    localName: attribute.localName, prefix: attribute.prefix, isAttribute: true, textStart: valueStart,
                    textEnd: Int32(text.count)))
            link(node, to: index)
            nodes[Int(index)].attributeCount += 1
        }
        // The element's own text starts after its attribute values.
        let textStart = Int32(text.count)
        nodes[Int(index)].textStart = textStart
        nodes[Int(index)].textEnd = textStart
        return index
    }

    private func link(_ child: Int32, to parent: Int32) {
        let last = nodes[Int(parent)].lastChild
        if last >= 0 {
            nodes[Int(last)].nextSibling = child
        } else {
            nodes[Int(parent)].firstChild = child
        }
        nodes[Int(parent)].lastChild = child
    }

    /// Appends character data to `node`, the innermost open element; returns the length of its text.
    ///
    /// A leaf's text arrives contiguously. Text beside child elements is mostly indentation, which is dropped;
    /// other text is moved to the end of the buffer to stay in one run (the copies count towards the record's
    /// size, which bounds them).
    func appendText(_ bytes: UnsafeRawBufferPointer, to node: Int32) -> Int {
        let index = Int(node)
        if nodes[index].elementCount > 0 {
            if Self.isWhitespace(bytes) { return Int(nodes[index].textEnd - nodes[index].textStart) }
            if Int(nodes[index].textEnd) != text.count {
                let start = Int32(text.count)
                if nodes[index].hasText {
                    let run = Int(nodes[index].textStart)..<Int(nodes[index].textEnd)
                    // A copy first: appending may move the buffer the run is in.
                    let copy = Array(text.bytes(run))
                    copy.withUnsafeBytes { text.append($0) }
                }
                let length = nodes[index].textEnd - nodes[index].textStart
                nodes[index].textStart = start
                nodes[index].textEnd = start + length
            }
        }
        text.append(bytes)
        nodes[index].textEnd = Int32(text.count)
        return Int(nodes[index].textEnd - nodes[index].textStart)
    }

    static func isWhitespace(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where !(byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D) { return false }
        return true
    }

    // MARK: - Reading

    subscript(node: Int32) -> Node { nodes[Int(node)] }

    /// Calls `body` with a node's text bytes.
    func withText<R>(_ node: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let item = nodes[Int(node)]
        return try body(text.bytes(Int(item.textStart)..<Int(item.textEnd)))
    }

    /// A node's text as a `String`.
    func string(_ node: Int32) -> String {
        let item = nodes[Int(node)]
        // Empty attributes are common (`<subStatus id="" uri="">`).
        if item.textEnd == item.textStart { return "" }
        return String(decoding: text.bytes(Int(item.textStart)..<Int(item.textEnd)), as: UTF8.self)
    }

    /// The first child after `start` (wrapping round to the first child) whose local name is `name`, or -1.
    ///
    /// Decoders ask for keys mostly in document order, so starting after the previous match usually finds the
    /// next key at once.
    func child(of parent: Int32, named name: UnsafeRawBufferPointer, after start: Int32) -> Int32 {
        var cursor = start >= 0 ? nodes[Int(start)].nextSibling : nodes[Int(parent)].firstChild
        while cursor >= 0 {
            if nodes[Int(cursor)].localName.equals(name) { return cursor }
            cursor = nodes[Int(cursor)].nextSibling
        }
        guard start >= 0 else { return -1 }
        cursor = nodes[Int(parent)].firstChild
        while cursor >= 0 {
            if nodes[Int(cursor)].localName.equals(name) { return cursor }
            if cursor == start { break }
            cursor = nodes[Int(cursor)].nextSibling
        }
        return -1
    }

    /// Every child element and attribute named `name`, in document order.
    func children(of parent: Int32, named name: UnsafeRawBufferPointer) -> [Int32] {
        var found: [Int32] = []
        var cursor = nodes[Int(parent)].firstChild
        while cursor >= 0 {
            if nodes[Int(cursor)].localName.equals(name) { found.append(cursor) }
            cursor = nodes[Int(cursor)].nextSibling
        }
        return found
    }

    /// Every child of `parent` with the local name of its child `sibling`, in document order.
    func children(of parent: Int32, like sibling: Int32) -> [Int32] {
        let name = nodes[Int(sibling)].localName
        var found: [Int32] = []
        var cursor = nodes[Int(parent)].firstChild
        while cursor >= 0 {
            if nodes[Int(cursor)].localName == name { found.append(cursor) }
            cursor = nodes[Int(cursor)].nextSibling
        }
        return found
    }

    /// The local names of a node's children, in document order, each once.
    func childNames(of parent: Int32) -> [String] {
        var names: [String] = []
        var seen = Set<XMLName>()
        var cursor = nodes[Int(parent)].firstChild
        while cursor >= 0 {
            let name = nodes[Int(cursor)].localName
            if seen.insert(name).inserted { names.append(self.name(name)) }
            cursor = nodes[Int(cursor)].nextSibling
        }
        return names
    }

    /// The `String` of an interned name.
    func name(_ name: XMLName) -> String {
        cachedKey(localName: name, prefix: .none, isAttribute: false)
    }

    /// The key of a node in an ``XMLRecordValue`` object: its qualified name as written, after `@` for an
    /// attribute.
    @inline(__always)
    func memberKey(_ node: Int32) -> String {
        let item = nodes[Int(node)]
        return cachedKey(localName: item.localName, prefix: item.prefix, isAttribute: item.isAttribute)
    }

    @inline(__always)
    private func cachedKey(localName: XMLName, prefix: XMLName, isAttribute: Bool) -> String {
        // Names lie a few bytes apart in libxml2's dictionary (`id` and `uri` often in one 8-byte word), so the
        // pointers are mixed by a multiplication and the slot taken from the high bits, where every bit counts.
        let bits = (UInt(bitPattern: localName.bytes) &+ UInt(bitPattern: prefix.bytes) &* 31) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: bits >> (UInt.bitWidth - 9)) ^ (isAttribute ? 1 : 0)
        assert(Self.keyCacheSize == 1 << 9)
        let entry = keyCache + slot
        if entry.pointee.localName == localName && entry.pointee.prefix == prefix
            && entry.pointee.isAttribute == isAttribute && !localName.isNone
        {
            return entry.pointee.key
        }
        return remakeKey(localName: localName, prefix: prefix, isAttribute: isAttribute, in: entry)
    }

    @inline(never)
    private func remakeKey(
        localName: XMLName, prefix: XMLName, isAttribute: Bool, in entry: UnsafeMutablePointer<KeyCacheEntry>
    ) -> String {
        var key = isAttribute ? "@" : ""
        if !prefix.isNone { key += prefix.string + ":" }
        key += localName.string
        entry.pointee = KeyCacheEntry(localName: localName, prefix: prefix, isAttribute: isAttribute, key: key)
        return key
    }
}

extension XMLName {
    /// Whether the name is exactly these UTF-8 bytes (which hold no NUL).
    func equals(_ other: UnsafeRawBufferPointer) -> Bool {
        guard let bytes else { return other.isEmpty }
        let count = other.count
        var index = 0
        // A shorter name mismatches at its terminator, so it is never read past its end.
        while index < count {
            if bytes[index] != other[index] { return false }
            index += 1
        }
        return bytes[count] == 0
    }
}
