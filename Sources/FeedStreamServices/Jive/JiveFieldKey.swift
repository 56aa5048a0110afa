import Foundation
import JSONStream

/// A coding key for any member name: how the Jive models read the members they name and keep the rest.
///
/// Jive adds fields release after release, and the API expects a content object sent back with `PUT` to carry
/// what it was given; so every model keeps the members it does not name in `additionalFields` and writes them
/// back when encoded.
struct JiveFieldKey: CodingKey, Hashable, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

extension KeyedDecodingContainer where Key == JiveFieldKey {
    /// Every member whose name is not in `known`, as read.
    func additionalFields(excluding known: Set<String>) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            fields[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return fields
    }

    /// A Jive timestamp (`2011-04-01T16:14:04.864+0000`), read with the project's one date parser.
    func decodeJiveDate(forKey key: JiveFieldKey) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = DateParser.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(text)\" is not a date")
        }
        return date
    }
}

extension KeyedEncodingContainer where Key == JiveFieldKey {
    /// Writes the kept members back, in name order, leaving out those the model writes itself.
    mutating func encode(additionalFields: [String: JSONValue], excluding known: Set<String>) throws {
        for (name, value) in additionalFields.sorted(by: { $0.key < $1.key }) where !known.contains(name) {
            try encode(value, forKey: JiveFieldKey(stringValue: name))
        }
    }

    /// A timestamp in Jive's own form, `2011-04-01T16:14:04.864+0000`, which its Java parser reads back.
    mutating func encodeJiveDate(_ date: Date?, forKey key: JiveFieldKey) throws {
        guard let date else { return }
        var text = DateParser.rfc3339String(date)
        text.removeLast()  // the `Z`
        if !text.contains(".") { text += ".000" }
        try encode(text + "+0000", forKey: key)
    }
}
