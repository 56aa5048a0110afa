#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Scalars read from the tape's bytes (the readers are ``TapeScalar``'s). A reader returns `nil` when the token
/// cannot be the type; ``TapeDecoder/failure(_:at:path:)`` then makes the error, so the coding path is built only
/// on failure.
extension TapeDecoder {
    @inline(__always)
    func isNull(_ index: Int) -> Bool { tape[index].kind == .null }

    /// What a scalar reader wanted, for its error.
    enum Expected {
        case bool, string, integer(Any.Type), double, float, date, url

        var description: String {
            switch self {
            case .bool: "a boolean"
            case .string: "a string"
            case .integer: "an integer"
            case .double, .float: "a number"
            case .date: "a date"
            case .url: "a URL"
            }
        }
    }

    /// The error for a value that a scalar reader refused: a mismatch, or a number or text out of range.
    func failure(_ expected: Expected, at index: Int, path: [any CodingKey]) -> DecodingError {
        let kind = tape[index].kind
        switch (expected, kind) {
        case (.integer(let type), .number):
            return corrupted("the number \(tape.string(index)) does not fit in \(type)", path: path)
        case (.double, .number):
            return corrupted("the number \(tape.string(index)) is out of the range of Double", path: path)
        case (.float, .number):
            return corrupted("the number \(tape.string(index)) is out of the range of Float", path: path)
        case (.date, .string):
            return corrupted("\"\(tape.string(index))\" is not a date", path: path)
        case (.url, .string):
            return corrupted("\"\(tape.string(index))\" is not a URL", path: path)
        default:
            return mismatch(expected: expected.description, at: index, path: path)
        }
    }

    func corrupted(_ description: String, path: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: description))
    }

    func describe(_ index: Int) -> String {
        switch tape[index].kind {
        case .objectStart: "an object"
        case .arrayStart: "an array"
        case .string: "a string"
        case .number: "the number \(tape.string(index))"
        case .trueValue, .falseValue: "a boolean"
        case .null: "null"
        case .key, .objectEnd, .arrayEnd: "nothing"
        }
    }

    func mismatch(expected: String, at index: Int, path: [any CodingKey]) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: path, debugDescription: "expected \(expected), found \(describe(index))")
        if tape[index].kind == .null {
            return DecodingError.valueNotFound(Any.self, context)
        }
        return DecodingError.typeMismatch(Any.self, context)
    }

    /// Whether `T` is read straight from the tape by ``primitive(_:at:path:)``: metatype comparisons, which are
    /// pointer comparisons rather than dynamic casts.
    @inline(__always)
    static func isPrimitive<T>(_ type: T.Type) -> Bool {
        type == String.self || type == Int.self || type == Int64.self || type == Double.self || type == Bool.self
            || type == Date.self || type == URL.self || type == JSONValue.self
    }

    /// A value of a type ``isPrimitive(_:)`` accepts. It returns `T` itself rather than `T?`: unspecialised
    /// code handling `Optional<T>` looks up that type's metadata on every call.
    func primitive<T: Decodable>(_ type: T.Type, at index: Int, path: () -> [any CodingKey]) throws -> T {
        if type == String.self { return unsafeBitCast(try required(String.self, index, path), to: T.self) }
        if type == Int.self { return unsafeBitCast(try required(Int.self, index, path), to: T.self) }
        if type == Int64.self { return unsafeBitCast(try required(Int64.self, index, path), to: T.self) }
        if type == Double.self { return unsafeBitCast(try required(Double.self, index, path), to: T.self) }
        if type == Bool.self { return unsafeBitCast(try required(Bool.self, index, path), to: T.self) }
        if type == Date.self { return unsafeBitCast(try date(index, path), to: T.self) }
        if type == URL.self {
            let text = try required(String.self, index, path)
            guard let url = URL(string: text) else { throw failure(.url, at: index, path: path()) }
            return unsafeBitCast(url, to: T.self)
        }
        precondition(type == JSONValue.self, "primitive(_:at:path:) called for \(type)")
        do {
            return unsafeBitCast(try tape.jsonValue(at: index), to: T.self)
        } catch {
            throw corrupted("the number \(error.text) has no exact representation", path: path())
        }
    }

    /// The scalar at `index` as `V`, or the error that names what was expected there and what was found: how every
    /// container reads a scalar. `path` is only called for the error.
    @inline(__always)
    func required<V: TapeScalar>(_ type: V.Type, _ index: Int, _ path: () -> [any CodingKey]) throws -> V {
        guard let value = V.read(index, in: self) else { throw failure(V.expected, at: index, path: path()) }
        return value
    }

    private func date(_ index: Int, _ path: () -> [any CodingKey]) throws -> Date {
        switch tape[index].kind {
        case .string:
            guard let date = tape.withText(index, DateParser.parse) else {
                throw failure(.date, at: index, path: path())
            }
            return date
        case .number:
            return Date(timeIntervalSince1970: try required(Double.self, index, path))
        default:
            throw failure(.date, at: index, path: path())
        }
    }
}

