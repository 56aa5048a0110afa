#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The models' `Codable` encoding written straight into ``JSONWriter/bytes``, with exactly the bytes `JSONEncoder`
/// writes with `[.sortedKeys, .withoutEscapingSlashes]` and RFC 3339 dates (DESIGN.md: keys are the Swift property
/// names, sorted; `nil` optionals omitted, as synthesized `Encodable` omits them).
///
/// `JSONEncoder` builds a tree of boxed values and a dictionary per object before it writes a byte; printing
/// items with it cost four to five times the decoding itself. Here each value's bytes are written as the value
/// encodes, members one after another with their commas; when an object ends (known because every nested value is
/// encoded from inside ``encodeValue(_:)``) and its keys did not arrive in order, the byte ranges of its members
/// are put in key order in place. Keys are compared by their first eight bytes as one integer; only keys that
/// share those (or are not ASCII) are compared as strings, as `JSONEncoder` compares them.
///
/// What synthesized conformances never do — nested containers, super encoders, asking for two containers — is
/// refused with ``Unsupported``, and ``write(_:)`` then encodes that value with `JSONEncoder` instead, so the
/// output is the same either way.
extension JSONWriter {
    /// Raised for a container use this encoder does not mirror.
    struct Unsupported: Error {}

    /// What one value being encoded has opened.
    enum ContainerKind {
        case none, keyed, unkeyed, singleValue
    }

    /// One value being encoded: where its bytes start, what container it asked for, its members so far.
    struct Frame {
        var start: Int
        var kind = ContainerKind.none
        /// Index of its first member in ``members`` (keyed containers).
        var firstMember: Int
        /// Members or elements written so far.
        var count = 0
        /// Whether the members so far arrived in key order.
        var inKeyOrder = true
    }

    /// A member of an object under construction: the range of `"key":value` in ``bytes``, and what orders it.
    ///
    /// Plain data (no references), so that the many members written cost no reference counting.
    struct Member {
        /// The key's first eight UTF-8 bytes, big-endian, zero-padded: for plain keys, the key order as one
        /// comparison.
        var prefix: UInt64
        var start: Int
        var end: Int
        /// Where the key's written bytes end (its closing quote): they start at `start + 1`.
        var keyEnd: Int
        /// For a key whose written bytes do not compare as the key does (escaped or not ASCII), its index in
        /// ``JSONWriter/unplainKeys``; -1 for a plain key.
        var unplainKey: Int
    }

    /// A valid keyed container made for one key type, as the box `KeyedEncodingContainer` holds.
    struct CachedContainer {
        var keyType: ObjectIdentifier
        var box: AnyObject
    }

    /// The `JSONEncoder` whose output this writer reproduces: the model's `Codable` encoding of DESIGN.md.
    package static func referenceEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateParser.rfc3339String(date))
        }
        return encoder
    }

    /// Appends the JSON text of `value`'s `Codable` encoding.
    package func write(_ value: some Encodable) throws {
        let start = bytes.count
        do {
            defer { unplainKeys.removeAll(keepingCapacity: true) }
            try encodeValue(value)
            if unsupportedUse { throw Unsupported() }
        } catch {
            bytes.removeSubrange(start...)
            frames.removeAll(keepingCapacity: true)
            members.removeAll(keepingCapacity: true)
            unsupportedUse = false
            guard error is Unsupported else { throw error }
            bytes.append(contentsOf: try fallback.encode(value))
        }
    }

    /// Encodes one value: the types `JSONEncoder` treats specially and the scalars models are made of, or the
    /// value's own `encode(to:)` inside a frame that is closed (and its object put in key order) when it returns.
    func encodeValue<T: Encodable>(_ value: T) throws {
        // Metatype comparisons rather than `as?` casts: a dynamic cast per value was a measurable cost.
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Date.self {
            writeDate(unsafeBitCast(value, to: Date.self))
        } else if T.self == Int.self {
            writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Int64.self {
            writeInteger(unsafeBitCast(value, to: Int64.self))
        } else if T.self == Bool.self {
            writeBool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == URL.self {
            writeString(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self || T.self == Data.self {
            // Rare in models; JSONEncoder's forms for these are its own business.
            throw Unsupported()
        } else {
            frames.append(Frame(start: bytes.count, firstMember: members.count))
            try value.encode(to: self)
            close(frames.removeLast())
        }
    }

    private func close(_ frame: Frame) {
        switch frame.kind {
        case .none:
            bytes.append(contentsOf: "{}".utf8)  // what JSONEncoder writes for a value that encodes nothing
        case .singleValue:
            break
        case .unkeyed:
            bytes.append(UInt8(ascii: "]"))
        case .keyed:
            if !frame.inKeyOrder { putInKeyOrder(members: frame.firstMember, objectStart: frame.start) }
            members.removeLast(members.count - frame.firstMember)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Rewrites an object's members (`"key":value` ranges separated by commas, after the `{` at `objectStart`) in
    /// key order. The object keeps its length: only the order of the ranges changes.
    private func putInKeyOrder(members first: Int, objectStart: Int) {
        let count = members.count - first
        withUnsafeTemporaryAllocation(of: Member.self, capacity: count) { buffer in
            var order = buffer
            members.withUnsafeBufferPointer { written in
                _ = order.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: written[first...]))
            }
            if count <= 16 {
                for index in 1..<count {
                    let member = order[index]
                    var slot = index
                    while slot > 0 && precedes(member, order[slot - 1]) {
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    order[slot] = member
                }
            } else {
                order.sort(by: precedes)
            }
            let bodyStart = objectStart + 1
            reorderScratch.removeAll(keepingCapacity: true)
            reorderScratch.append(contentsOf: bytes[bodyStart...])
            reorderScratch.withUnsafeBufferPointer { scratch in
                bytes.withUnsafeMutableBufferPointer { output in
                    var cursor = bodyStart
                    for position in 0..<count {
                        if position > 0 {
                            output[cursor] = UInt8(ascii: ",")
                            cursor += 1
                        }
                        let member = order[position]
                        let length = member.end - member.start
                        let source = scratch.baseAddress! + (member.start - bodyStart)
                        (output.baseAddress! + cursor).update(from: source, count: length)
                        cursor += length
                    }
                }
            }
        }
    }

    /// `JSONEncoder`'s key order (`String`'s `<`): plain keys by their prefixes, then by their written bytes;
    /// other keys as strings.
    private func precedes(_ lhs: Member, _ rhs: Member) -> Bool {
        if lhs.unplainKey < 0 && rhs.unplainKey < 0 {
            if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
            return bytes.withUnsafeBufferPointer { written in
                UnsafeBufferPointer(rebasing: written[lhs.start + 1..<lhs.keyEnd]).lexicographicallyPrecedes(
                    UnsafeBufferPointer(rebasing: written[rhs.start + 1..<rhs.keyEnd]))
            }
        }
        return key(of: lhs) < key(of: rhs)
    }

    private func key(of member: Member) -> String {
        if member.unplainKey >= 0 { return unplainKeys[member.unplainKey] }
        return String(decoding: bytes[member.start + 1..<member.keyEnd], as: UTF8.self)
    }

    /// Opens the container the current value asks for; a second request is not something this encoder mirrors.
    func open(_ kind: ContainerKind) throws {
        guard frames[frames.count - 1].kind == .none else { throw Unsupported() }
        frames[frames.count - 1].kind = kind
        switch kind {
        case .keyed: bytes.append(UInt8(ascii: "{"))
        case .unkeyed: bytes.append(UInt8(ascii: "["))
        case .none, .singleValue: break
        }
    }

    // MARK: Members and elements

    /// Starts a member of the current object: writes the comma before it and `"key":`, and returns the member
    /// (its range still open).
    func beginMember(_ key: String) -> Member {
        let index = frames.count - 1
        if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[index].count += 1
        let start = bytes.count
        var member = withUTF8(of: key) { utf8 in
            writeString(utf8: utf8)
            return Member(
                prefix: Self.orderPrefix(of: utf8), start: start, end: start, keyEnd: bytes.count - 1,
                unplainKey: Self.isPlain(utf8, written: bytes.count - start - 2) ? -1 : 0)
        }
        if member.unplainKey == 0 {
            member.unplainKey = unplainKeys.count
            unplainKeys.append(key)
        }
        bytes.append(UInt8(ascii: ":"))
        return member
    }

    /// Records the member begun by ``beginMember(_:)``, now that its value is written.
    func endMember(_ member: Member) {
        var member = member
        member.end = bytes.count
        let index = frames.count - 1
        if frames[index].inKeyOrder && members.count > frames[index].firstMember
            && !precedes(members[members.count - 1], member)
        {
            frames[index].inKeyOrder = false
        }
        members.append(member)
    }

    /// The first eight bytes of a key as a big-endian integer.
    private static func orderPrefix(of utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var prefix: UInt64 = 0
        for index in 0..<8 {
            prefix = prefix << 8 | UInt64(index < utf8.count ? utf8[index] : 0)
        }
        return prefix
    }

    /// Whether a key's written bytes (`written` of them between the quotes) compare as the key does: it is ASCII
    /// and needed no escape.
    private static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>, written: Int) -> Bool {
        guard written == utf8.count else { return false }
        var high: UInt8 = 0
        for byte in utf8 { high |= byte }
        return high < 0x80
    }

    /// Starts the next element of the current array.
    func beginElement() {
        let index = frames.count - 1
        if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[index].count += 1
    }

    var currentCount: Int { frames[frames.count - 1].count }
}

extension JSONWriter: Encoder {
    package var codingPath: [any CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard (try? open(.keyed)) != nil else {
            return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, valid: false))
        }
        // A valid keyed container holds nothing but this writer, so one is made per key type and handed out
        // again: making one looks up three pieces of generic metadata and allocates its box, for every object.
        let keyType = ObjectIdentifier(Key.self)
        for cached in keyedContainers where cached.keyType == keyType {
            return unsafeBitCast(cached.box, to: KeyedEncodingContainer<Key>.self)
        }
        let container = KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, valid: true))
        keyedContainers.append(CachedContainer(keyType: keyType, box: unsafeBitCast(container, to: AnyObject.self)))
        return container
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, valid: (try? open(.unkeyed)) != nil)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self, valid: (try? open(.singleValue)) != nil)
    }
}
