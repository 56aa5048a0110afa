import Foundation

/// The models' `Codable` encoding written straight into ``JSONWriter/bytes``, with exactly the bytes `JSONEncoder`
/// writes with `[.sortedKeys, .withoutEscapingSlashes]` and RFC 3339 dates (DESIGN.md: keys are the Swift property
/// names, sorted; `nil` optionals omitted, as synthesized `Encodable` omits them).
///
/// `JSONEncoder` builds a tree of boxed values and a dictionary per object before it writes a byte; printing
/// items with it cost four to five times the decoding itself. Here each value's bytes are written as the value
/// encodes; an object's members are written one after another and put in key order when the object ends,
/// which is known because every nested value is encoded from inside ``encodeValue(_:)``.
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
        /// Elements written so far (unkeyed containers).
        var count = 0
    }

    /// A member of an object under construction: its key, and the range of `"key":value` in ``bytes``.
    struct Member {
        var key: String
        var start: Int
        var end: Int
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

    /// Appends the JSON text of `value`'s `Codable` encoding (or of its own ``JSONWritable`` writer).
    package func write(_ value: some Encodable) throws {
        if let writable = value as? any JSONWritable {
            JSONObjectWriter.write(writable, to: self)
            return
        }
        let start = bytes.count
        do {
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

    /// Encodes one value: the types `JSONEncoder` treats specially, or the value's own `encode(to:)` inside a
    /// frame that is closed (and its object sorted) when it returns.
    func encodeValue<T: Encodable>(_ value: T) throws {
        // Metatype comparisons rather than `as?` casts: a dynamic cast per value was a measurable cost.
        if T.self == Date.self {
            writeDate(unsafeBitCast(value, to: Date.self))
            return
        }
        if T.self == URL.self {
            writeString(unsafeBitCast(value, to: URL.self).absoluteString)
            return
        }
        if let writable = value as? any JSONWritable {
            // A model inside a value without a writer of its own (a tweet in a stream message).
            JSONObjectWriter.write(writable, to: self)
            return
        }
        if T.self == Decimal.self || T.self == Data.self {
            // Rare in models; JSONEncoder's forms for these are its own business.
            throw Unsupported()
        }
        frames.append(Frame(start: bytes.count, firstMember: members.count))
        try value.encode(to: self)
        close(frames.removeLast())
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
            closeObject(frame)
        }
    }

    /// Writes the object's members in key order, replacing them as they were written.
    private func closeObject(_ frame: Frame) {
        let range = frame.firstMember..<members.count
        defer { members.removeSubrange(range) }
        var sorted = true
        for index in range.dropFirst() where members[index].key < members[index - 1].key {
            sorted = false
            break
        }
        if !sorted { members[range].sort { $0.key < $1.key } }
        assembly.removeAll(keepingCapacity: true)
        assembly.append(UInt8(ascii: "{"))
        for index in range {
            if index > range.lowerBound { assembly.append(UInt8(ascii: ",")) }
            assembly.append(contentsOf: bytes[members[index].start..<members[index].end])
        }
        assembly.append(UInt8(ascii: "}"))
        bytes.replaceSubrange(frame.start..., with: assembly)
    }

    /// Opens the container the current value asks for; a second request is not something this encoder mirrors.
    func open(_ kind: ContainerKind) throws {
        guard frames[frames.count - 1].kind == .none else { throw Unsupported() }
        frames[frames.count - 1].kind = kind
        if kind == .unkeyed { bytes.append(UInt8(ascii: "[")) }
    }

    // MARK: Members and elements

    /// Starts a member of the current object: writes `"key":` and returns where it began.
    func beginMember(_ key: String) -> Int {
        let start = bytes.count
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        return start
    }

    /// Records the member begun at `start`, now that its value is written.
    func endMember(_ key: String, start: Int) {
        members.append(Member(key: key, start: start, end: bytes.count))
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
        let valid = (try? open(.keyed)) != nil
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, valid: valid))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, valid: (try? open(.unkeyed)) != nil)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self, valid: (try? open(.singleValue)) != nil)
    }
}
