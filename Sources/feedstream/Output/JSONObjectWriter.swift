import Foundation
import StreamCore

/// A model that writes its own JSON members, in key order: the same bytes as its `Codable` encoding, without
/// `Encodable`'s per-member dispatch, boxed containers and sorting.
///
/// Kept for the models printed in bulk because it is measured faster than any `Encoder`: driving `JSONWriter`
/// through the models' `Codable` conformances printed `feedstream atom` at 1.16× and `twitter` at 1.10× the cpu
/// time of these writers (farm-bench -n 7, 2 MB inputs). The price is a list of keys per model, which
/// `JSONWriterTests` holds to the `Codable` encoding: every recorded item, and every field set by reflection, so
/// a field added to a model and not here fails there. Every other `Encodable` goes through `JSONWriter.write(_:)`.
///
/// Lives in the tool, beside the models' lists, so that its generic members are specialized where they are called.
protocol JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter)
}

/// Writes one JSON object: members are given in key order (byte order of the names, as `.sortedKeys` sorts
/// them), `nil` values are left out as synthesized `Encodable` leaves them out, arrays are always written.
struct JSONObjectWriter {
    let writer: JSONWriter
    private var isFirst = true
    /// Members offered so far, written or `nil`: the tests hold it to the model's stored properties.
    private(set) var membersOffered = 0

    /// Writes `value` as an object.
    static func write(_ value: some JSONWritable, to writer: JSONWriter) {
        var object = JSONObjectWriter(writer: writer)
        writer.writeByte(UInt8(ascii: "{"))
        value.writeJSON(to: &object)
        writer.writeByte(UInt8(ascii: "}"))
    }

    private init(writer: JSONWriter) {
        self.writer = writer
    }

    /// How many members `value`'s writer offers (written or `nil`), for the tests: a model that gains a stored
    /// property its writer does not list has more properties than this.
    static func membersOffered(by value: some JSONWritable) -> Int {
        var object = JSONObjectWriter(writer: JSONWriter())
        value.writeJSON(to: &object)
        return object.membersOffered
    }

    /// `"name":`, after a comma unless it is the first member.
    private mutating func key(_ name: StaticString) {
        writer.writeMemberName(name, first: isFirst)
        isFirst = false
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        membersOffered += 1
        guard let value else { return }
        key(name)
        writer.writeString(value)
    }

    mutating func string<Value: RawRepresentable<String>>(_ name: StaticString, _ value: Value?) {
        string(name, value?.rawValue)
    }

    mutating func integer(_ name: StaticString, _ value: Int64?) {
        membersOffered += 1
        guard let value else { return }
        key(name)
        writer.writeInteger(value)
    }

    mutating func integer(_ name: StaticString, _ value: Int?) {
        integer(name, value.map(Int64.init))
    }

    mutating func bool(_ name: StaticString, _ value: Bool?) {
        membersOffered += 1
        guard let value else { return }
        key(name)
        writer.writeBool(value)
    }

    mutating func date(_ name: StaticString, _ value: Date?) {
        membersOffered += 1
        guard let value else { return }
        key(name)
        writer.writeDate(value)
    }

    mutating func object(_ name: StaticString, _ value: (some JSONWritable)?) {
        membersOffered += 1
        guard let value else { return }
        key(name)
        Self.write(value, to: writer)
    }

    /// A member whose model has no writer of its own (the podcast and media fields, present in few items), written
    /// through its `Codable` encoding. The models hold no value that encoding refuses (no NaN or infinity); should
    /// one appear it is written as `null` rather than stopping the output.
    mutating func encodable(_ name: StaticString, _ value: (some Encodable)?) {
        membersOffered += 1
        guard let value else { return }
        key(name)
        let start = writer.count
        do {
            try writer.write(value)
        } catch {
            writer.truncate(to: start)
            writer.writeNull()
        }
    }

    mutating func strings(_ name: StaticString, _ values: [String]) {
        membersOffered += 1
        key(name)
        writer.writeByte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            writer.writeString(value)
        }
        writer.writeByte(UInt8(ascii: "]"))
    }

    mutating func array(_ name: StaticString, _ values: [some JSONWritable]) {
        membersOffered += 1
        key(name)
        writer.writeByte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            Self.write(value, to: writer)
        }
        writer.writeByte(UInt8(ascii: "]"))
    }
}
