import Foundation
import StreamCore

/// A model that writes its own JSON into a ``JSONLineEncoder``, members in key order: the same bytes as its
/// `Codable` encoding (checked by the tests over every recorded item), without `Encodable`'s per-member dispatch,
/// boxed containers and sorting, which were most of the printing time.
///
/// Adopted by the models printed in bulk (`AtomEntry`, `Tweet`, `JiveInboxEntry` and what they hold); every other
/// `Encodable` goes through ``JSONLineEncoder``'s `Encoder` conformance.
protocol JSONLineWritable {
    func writeJSON(to object: inout JSONObjectWriter)
}

/// Writes one JSON object: members are given in key order (byte order of the names, as `.sortedKeys` sorts
/// them), `nil` values are left out as synthesized `Encodable` leaves them out, arrays are always written.
struct JSONObjectWriter {
    let encoder: JSONLineEncoder
    private var isFirst = true

    /// Writes `value` as an object into `encoder`.
    static func write(_ value: some JSONLineWritable, to encoder: JSONLineEncoder) {
        var object = JSONObjectWriter(encoder: encoder)
        encoder.bytes.append(UInt8(ascii: "{"))
        value.writeJSON(to: &object)
        encoder.bytes.append(UInt8(ascii: "}"))
    }

    private init(encoder: JSONLineEncoder) {
        self.encoder = encoder
    }

    /// `"name":`, after a comma unless it is the first member. Names are plain ASCII and need no escaping.
    private mutating func key(_ name: StaticString) {
        if isFirst { isFirst = false } else { encoder.bytes.append(UInt8(ascii: ",")) }
        encoder.bytes.append(UInt8(ascii: "\""))
        encoder.bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        encoder.bytes.append(contentsOf: "\":".utf8)
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        encoder.writeString(value)
    }

    mutating func string<Value: RawRepresentable<String>>(_ name: StaticString, _ value: Value?) {
        string(name, value?.rawValue)
    }

    mutating func integer(_ name: StaticString, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        key(name)
        encoder.writeInteger(value)
    }

    mutating func bool(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        encoder.writeBool(value)
    }

    mutating func date(_ name: StaticString, _ value: Date?) {
        guard let value else { return }
        key(name)
        encoder.bytes.append(UInt8(ascii: "\""))
        DateParser.appendRFC3339(value, to: &encoder.bytes)
        encoder.bytes.append(UInt8(ascii: "\""))
    }

    mutating func object(_ name: StaticString, _ value: (some JSONLineWritable)?) {
        guard let value else { return }
        key(name)
        Self.write(value, to: encoder)
    }

    /// A member whose model has no writer of its own (the podcast and media fields, present in few items), written
    /// through the encoder's `Encodable` path. The models hold no value that path refuses (no NaN or infinity);
    /// should one appear it is written as `null` rather than stopping the output.
    mutating func encodable(_ name: StaticString, _ value: (some Encodable)?) {
        guard let value else { return }
        key(name)
        let start = encoder.bytes.count
        do {
            try encoder.encodeValue(value)
        } catch {
            encoder.bytes.removeSubrange(start...)
            encoder.writeNull()
        }
    }

    mutating func strings(_ name: StaticString, _ values: [String]) {
        key(name)
        encoder.bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { encoder.bytes.append(UInt8(ascii: ",")) }
            encoder.writeString(value)
        }
        encoder.bytes.append(UInt8(ascii: "]"))
    }

    mutating func array(_ name: StaticString, _ values: [some JSONLineWritable]) {
        key(name)
        encoder.bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { encoder.bytes.append(UInt8(ascii: ",")) }
            Self.write(value, to: encoder)
        }
        encoder.bytes.append(UInt8(ascii: "]"))
    }
}
