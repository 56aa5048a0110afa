/// A type read straight from one scalar token of the tape: `read` gives `nil` when the token cannot be one, and
/// ``TapeDecoder/required(_:_:_:)`` turns that into the error for ``expected``. Static requirements, so every
/// container, once specialised, calls the reader directly.
protocol TapeScalar {
    static var expected: TapeDecoder.Expected { get }
    static func read(_ index: Int, in decoder: TapeDecoder) -> Self?
}

extension Bool: TapeScalar {
    static var expected: TapeDecoder.Expected { .bool }

    @inline(__always)
    static func read(_ index: Int, in decoder: TapeDecoder) -> Bool? {
        switch decoder.tape[index].kind {
        case .trueValue: true
        case .falseValue: false
        default: nil
        }
    }
}

extension String: TapeScalar {
    static var expected: TapeDecoder.Expected { .string }

    @inline(__always)
    static func read(_ index: Int, in decoder: TapeDecoder) -> String? {
        guard decoder.tape[index].kind == .string else { return nil }
        return decoder.tape.withText(index) { decoder.shortStrings.string(paddedText: $0) }
    }
}

extension Double: TapeScalar {
    static var expected: TapeDecoder.Expected { .double }

    static func read(_ index: Int, in decoder: TapeDecoder) -> Double? {
        guard decoder.tape[index].kind == .number else { return nil }
        return decoder.tape.withText(index, JSONNumberText.double)
    }
}

extension Float: TapeScalar {
    static var expected: TapeDecoder.Expected { .float }

    static func read(_ index: Int, in decoder: TapeDecoder) -> Float? {
        guard decoder.tape[index].kind == .number else { return nil }
        return decoder.tape.withText(index, JSONNumberText.float)
    }
}

/// Every integer type reads exactly: a number that does not fit is an error, never a truncation.
extension TapeScalar where Self: FixedWidthInteger {
    static var expected: TapeDecoder.Expected { .integer(Self.self) }

    // Always inlined, so each concrete integer type gets its own specialised copy instead of generic
    // `FixedWidthInteger` code that looks up metadata on every call.
    @inline(__always)
    static func read(_ index: Int, in decoder: TapeDecoder) -> Self? {
        guard decoder.tape[index].kind == .number else { return nil }
        return decoder.tape.withText(index) { text in
            if Self.isSigned {
                return JSONNumberText.int64(text).flatMap { Self(exactly: $0) }
            }
            return JSONNumberText.uint64(text).flatMap { Self(exactly: $0) }
        }
    }
}

extension Int: TapeScalar {}
extension Int8: TapeScalar {}
extension Int16: TapeScalar {}
extension Int32: TapeScalar {}
extension Int64: TapeScalar {}
extension UInt: TapeScalar {}
extension UInt8: TapeScalar {}
extension UInt16: TapeScalar {}
extension UInt32: TapeScalar {}
extension UInt64: TapeScalar {}
