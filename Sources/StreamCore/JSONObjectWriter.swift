import Foundation

/// A model that writes its own JSON members into a ``JSONWriter``, in key order: the same bytes as its `Codable`
/// encoding, without `Encodable`'s per-member dispatch, boxed containers and sorting.
///
/// Adopted (in `feedstream`) by the models printed in bulk, where that dispatch and sorting were most of the
/// printing time; the tool's tests compare every recorded item with its `Codable` encoding, so a model that gains
/// a field its writer does not list fails there. Every other `Encodable` goes through ``JSONWriter/write(_:)``.
package protocol JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter)
}

/// Writes one JSON object: members are given in key order (byte order of the names, as `.sortedKeys` sorts
/// them), `nil` values are left out as synthesized `Encodable` leaves them out, arrays are always written.
package struct JSONObjectWriter {
    package let writer: JSONWriter
    private var isFirst = true

    /// Writes `value` as an object.
    package static func write(_ value: some JSONWritable, to writer: JSONWriter) {
        var object = JSONObjectWriter(writer: writer)
        writer.bytes.append(UInt8(ascii: "{"))
        value.writeJSON(to: &object)
        writer.bytes.append(UInt8(ascii: "}"))
    }

    private init(writer: JSONWriter) {
        self.writer = writer
    }

    /// `"name":`, after a comma unless it is the first member. Names are plain ASCII and need no escaping.
    private mutating func key(_ name: StaticString) {
        if isFirst { isFirst = false } else { writer.bytes.append(UInt8(ascii: ",")) }
        writer.bytes.append(UInt8(ascii: "\""))
        writer.bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        writer.bytes.append(contentsOf: "\":".utf8)
    }

    package mutating func string(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        writer.writeString(value)
    }

    package mutating func string<Value: RawRepresentable<String>>(_ name: StaticString, _ value: Value?) {
        string(name, value?.rawValue)
    }

    package mutating func integer(_ name: StaticString, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        key(name)
        writer.writeInteger(value)
    }

    package mutating func bool(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        writer.writeBool(value)
    }

    package mutating func date(_ name: StaticString, _ value: Date?) {
        guard let value else { return }
        key(name)
        writer.writeDate(value)
    }

    package mutating func object(_ name: StaticString, _ value: (some JSONWritable)?) {
        guard let value else { return }
        key(name)
        Self.write(value, to: writer)
    }

    /// A member whose model has no writer of its own (the podcast and media fields, present in few items), written
    /// through its `Codable` encoding. The models hold no value that encoding refuses (no NaN or infinity); should
    /// one appear it is written as `null` rather than stopping the output.
    package mutating func encodable(_ name: StaticString, _ value: (some Encodable)?) {
        guard let value else { return }
        key(name)
        let start = writer.bytes.count
        do {
            try writer.encodeValue(value)
        } catch {
            writer.bytes.removeSubrange(start...)
            writer.writeNull()
        }
    }

    package mutating func strings(_ name: StaticString, _ values: [String]) {
        key(name)
        writer.writeArray(values) { writer.writeString($0) }
    }

    package mutating func array(_ name: StaticString, _ values: [some JSONWritable]) {
        key(name)
        writer.writeArray(values) { Self.write($0, to: writer) }
    }
}
