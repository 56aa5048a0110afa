import Foundation

/// A `Decoder` over one value on a ``TokenTape``: `Decodable` records are decoded straight from the selected
/// value's tokens, with no tree of values in between.
///
/// Besides the JSON types it reads `Date` from a string in any form ``DateParser`` knows (or a number of seconds
/// since 1970) and `URL` from a string.
final class TapeDecoder: Decoder {
    let tape: TokenTape
    let index: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(tape: TokenTape, index: Int, codingPath: [any CodingKey]) {
        self.tape = tape
        self.index = index
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.tokens[index].kind == .objectStart else { throw mismatch(expected: "an object", at: index) }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.tokens[index].kind == .arrayStart else { throw mismatch(expected: "an array", at: index) }
        return TapeUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { TapeSingleValueContainer(decoder: self) }

    // MARK: - Values

    func describe(_ index: Int) -> String {
        switch tape.tokens[index].kind {
        case .objectStart: "an object"
        case .arrayStart: "an array"
        case .string: "a string"
        case .number: "the number \(tape.string(index))"
        case .trueValue, .falseValue: "a boolean"
        case .null: "null"
        case .key, .objectEnd, .arrayEnd: "nothing"
        }
    }

    func mismatch(expected: String, at index: Int, path: [any CodingKey]? = nil) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: path ?? codingPath, debugDescription: "expected \(expected), found \(describe(index))")
        if tape.tokens[index].kind == .null {
            return DecodingError.valueNotFound(Any.self, context)
        }
        return DecodingError.typeMismatch(Any.self, context)
    }

    func decodeNil(at index: Int) -> Bool { tape.tokens[index].kind == .null }

    func decodeBool(at index: Int, path: [any CodingKey]) throws -> Bool {
        switch tape.tokens[index].kind {
        case .trueValue: return true
        case .falseValue: return false
        default: throw mismatch(expected: "a boolean", at: index, path: path)
        }
    }

    func decodeString(at index: Int, path: [any CodingKey]) throws -> String {
        guard tape.tokens[index].kind == .string else { throw mismatch(expected: "a string", at: index, path: path) }
        return tape.string(index)
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type, at index: Int, path: [any CodingKey]) throws -> I {
        guard tape.tokens[index].kind == .number else {
            throw mismatch(expected: "an integer", at: index, path: path)
        }
        let value: I? = tape.withText(index) { text in
            if I.isSigned {
                return JSONNumberText.int64(text).flatMap { I(exactly: $0) }
            }
            return JSONNumberText.uint64(text).flatMap { I(exactly: $0) }
        }
        guard let value else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: "the number \(tape.string(index)) does not fit in \(I.self)"))
        }
        return value
    }

    func decodeDouble(at index: Int, path: [any CodingKey]) throws -> Double {
        guard tape.tokens[index].kind == .number else { throw mismatch(expected: "a number", at: index, path: path) }
        guard let value = tape.withText(index, JSONNumberText.double) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: "the number \(tape.string(index)) is out of the range of Double"
                ))
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, at index: Int, path: [any CodingKey]) throws -> T {
        switch type {
        case is String.Type: return try decodeString(at: index, path: path) as! T
        case is Bool.Type: return try decodeBool(at: index, path: path) as! T
        case is Int.Type: return try decodeInteger(Int.self, at: index, path: path) as! T
        case is Int64.Type: return try decodeInteger(Int64.self, at: index, path: path) as! T
        case is Double.Type: return try decodeDouble(at: index, path: path) as! T
        case is Date.Type:
            switch tape.tokens[index].kind {
            case .string:
                guard let date = tape.withText(index, DateParser.parse) else {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: path, debugDescription: "\"\(tape.string(index))\" is not a date"))
                }
                return date as! T
            case .number:
                return Date(timeIntervalSince1970: try decodeDouble(at: index, path: path)) as! T
            default:
                throw mismatch(expected: "a date", at: index, path: path)
            }
        case is URL.Type:
            let text = try decodeString(at: index, path: path)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: path, debugDescription: "\"\(text)\" is not a URL"))
            }
            return url as! T
        case is JSONValue.Type:
            do {
                return try tape.jsonValue(at: index) as! T
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: path, debugDescription: "the number \(error.text) has no exact representation"))
            }
        default:
            return try T(from: TapeDecoder(tape: tape, index: index, codingPath: path))
        }
    }
}
