import Foundation

/// Scalars read from the tape's bytes. Each reader returns `nil` when the token cannot be the type; the caller
/// then asks ``TapeDecoder/failure(_:at:path:)`` for the error, so the coding path is built only on failure.
extension TapeDecoder {
    @inline(__always)
    func isNull(_ index: Int) -> Bool { tape[index].kind == .null }

    @inline(__always)
    func bool(_ index: Int) -> Bool? {
        switch tape[index].kind {
        case .trueValue: true
        case .falseValue: false
        default: nil
        }
    }

    @inline(__always)
    func string(_ index: Int) -> String? {
        guard tape[index].kind == .string else { return nil }
        return tape.withText(index) { shortStrings.string(paddedText: $0) }
    }

    // Always inlined, so each concrete integer overload gets its own specialised copy instead of generic
    // `FixedWidthInteger` code that looks up metadata on every call.
    @inline(__always)
    func integer<I: FixedWidthInteger>(_ type: I.Type, _ index: Int) -> I? {
        guard tape[index].kind == .number else { return nil }
        return tape.withText(index) { text in
            if I.isSigned {
                return JSONNumberText.int64(text).flatMap { I(exactly: $0) }
            }
            return JSONNumberText.uint64(text).flatMap { I(exactly: $0) }
        }
    }

    func double(_ index: Int) -> Double? {
        guard tape[index].kind == .number else { return nil }
        return tape.withText(index, JSONNumberText.double)
    }

    func float(_ index: Int) -> Float? {
        guard tape[index].kind == .number else { return nil }
        return tape.withText(index, JSONNumberText.float)
    }

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
        if type == String.self {
            guard let value = string(index) else { throw failure(.string, at: index, path: path()) }
            return unsafeBitCast(value, to: T.self)
        }
        if type == Int.self { return unsafeBitCast(try required(Int.self, index, path), to: T.self) }
        if type == Int64.self { return unsafeBitCast(try required(Int64.self, index, path), to: T.self) }
        if type == Double.self {
            guard let value = double(index) else { throw failure(.double, at: index, path: path()) }
            return unsafeBitCast(value, to: T.self)
        }
        if type == Bool.self {
            guard let value = bool(index) else { throw failure(.bool, at: index, path: path()) }
            return unsafeBitCast(value, to: T.self)
        }
        if type == Date.self { return unsafeBitCast(try date(index, path), to: T.self) }
        if type == URL.self {
            guard let text = string(index) else { throw failure(.string, at: index, path: path()) }
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

    @inline(__always)
    func required<I: FixedWidthInteger>(_ type: I.Type, _ index: Int, _ path: () -> [any CodingKey]) throws -> I {
        guard let value = integer(type, index) else { throw failure(.integer(type), at: index, path: path()) }
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
            guard let seconds = double(index) else { throw failure(.double, at: index, path: path()) }
            return Date(timeIntervalSince1970: seconds)
        default:
            throw failure(.date, at: index, path: path())
        }
    }
}
