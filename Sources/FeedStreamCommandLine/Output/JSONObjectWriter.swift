#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore

/// A model that writes its own JSON members, in key order: the same bytes as its `Codable` encoding, without
/// `Encodable`'s per-member dispatch, boxed containers and sorting.
///
/// Kept for the models printed in bulk because it is measured faster than any `Encoder`: driving `JSONWriter`
/// through the models' `Codable` conformances printed `feedstream atom` at 1.16× and `twitter` at 1.10× the cpu
/// time of these writers (whole-process timings, median of 7 paired runs, 2 MB inputs). The price is a list of keys
/// per model, which `JSONWriterTests` holds to the `Codable` encoding: every recorded item, and every field set by
/// reflection, so a field added to a model and not here fails there. Every other `Encodable` goes through
/// `JSONWriter.write(_:)`.
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

    /// A stored property the model keeps but the output leaves out on purpose (`why` says why): counted as offered,
    /// so the tests still catch a property nobody decided about.
    mutating func leftOut(_ why: StaticString) {
        membersOffered += 1
    }

    /// `"name":`, after a comma unless it is the first member.
    private mutating func key(_ name: StaticString) {
        writer.writeMemberName(name, first: isFirst)
        isFirst = false
    }

    /// Writes `"name":value` unless `value` is `nil`, the value written by `write`.
    @inline(__always)
    private mutating func member<Value>(_ name: StaticString, _ value: Value?, _ write: (JSONWriter, Value) -> Void) {
        membersOffered += 1
        guard let value else { return }
        key(name)
        write(writer, value)
    }

    mutating func string(_ name: StaticString, _ value: String?) { member(name, value) { $0.writeString($1) } }

    mutating func string<Value: RawRepresentable<String>>(_ name: StaticString, _ value: Value?) {
        string(name, value?.rawValue)
    }

    mutating func integer(_ name: StaticString, _ value: Int64?) { member(name, value) { $0.writeInteger($1) } }

    mutating func integer(_ name: StaticString, _ value: Int?) { integer(name, value.map(Int64.init)) }

    mutating func bool(_ name: StaticString, _ value: Bool?) { member(name, value) { $0.writeBool($1) } }

    mutating func date(_ name: StaticString, _ value: Date?) { member(name, value) { $0.writeDate($1) } }

    mutating func object(_ name: StaticString, _ value: (some JSONWritable)?) {
        member(name, value) { Self.write($1, to: $0) }
    }

    /// A member whose model has no writer of its own (the podcast and media fields, present in few items), written
    /// through its `Codable` encoding. The models hold no value that encoding refuses (no NaN or infinity); should
    /// one appear it is written as `null` rather than stopping the output.
    mutating func encodable(_ name: StaticString, _ value: (some Encodable)?) {
        member(name, value) { writer, value in
            let start = writer.count
            do {
                try writer.write(value)
            } catch {
                writer.truncate(to: start)
                writer.writeNull()
            }
        }
    }

    mutating func strings(_ name: StaticString, _ values: [String]) { elements(name, values) { $0.writeString($1) } }

    mutating func array(_ name: StaticString, _ values: [some JSONWritable]) {
        elements(name, values) { Self.write($1, to: $0) }
    }

    /// Writes `"name":[…]`, always (empty arrays too, as synthesized `Encodable` writes them).
    @inline(__always)
    private mutating func elements<Element>(
        _ name: StaticString, _ values: [Element], _ write: (JSONWriter, Element) -> Void
    ) {
        membersOffered += 1
        key(name)
        writer.writeByte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            write(writer, value)
        }
        writer.writeByte(UInt8(ascii: "]"))
    }
}
