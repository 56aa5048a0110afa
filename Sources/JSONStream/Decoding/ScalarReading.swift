#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Conversions from scalar events to model fields, shared by the hand-written decoders.
///
/// Each returns `.absent` for `null` (Twitter and Jive send `null` for many optional fields) and `.wrongType`
/// when the value cannot be the field, so the decoder decides whether that is an error.
package enum ScalarReading<Value> {
    case value(Value)
    case absent
    case wrongType(found: String)

    /// The value, `nil` for `null` or a missing field; a wrong type is a type mismatch.
    package func required() throws(StreamError) -> Value? {
        switch self {
        case .value(let value): return value
        case .absent: return nil
        case .wrongType(let found): throw StreamError(kind: .typeMismatch, message: "unexpected \(found)")
        }
    }

    package static func describe(_ scalar: JSONScalar) -> String {
        switch scalar {
        case .string: "a string"
        case .number(let text): "the number \(String(decoding: text, as: UTF8.self))"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

extension JSONScalar {
    package var text: ScalarReading<String> {
        switch self {
        case .string(let bytes): .value(String(decoding: bytes, as: UTF8.self))
        case .null: .absent
        default: .wrongType(found: ScalarReading<String>.describe(self))
        }
    }

    /// A 64-bit id from a number or from digits in a string (v2 sends ids as strings).
    package var int64: ScalarReading<Int64> {
        switch self {
        case .number(let bytes), .string(let bytes):
            if let value = JSONNumberText.int64(bytes), bytes.first != 0x2B { return .value(value) }
            return .wrongType(found: ScalarReading<Int64>.describe(self))
        case .null: return .absent
        case .bool: return .wrongType(found: ScalarReading<Int64>.describe(self))
        }
    }

    package var int: ScalarReading<Int> {
        switch int64 {
        case .value(let value): .value(Int(value))
        case .absent: .absent
        case .wrongType(let found): .wrongType(found: found)
        }
    }

    package var double: ScalarReading<Double> {
        switch self {
        case .number(let bytes):
            if let value = JSONNumberText.double(bytes) { return .value(value) }
            return .wrongType(found: ScalarReading<Double>.describe(self))
        case .null: return .absent
        default: return .wrongType(found: ScalarReading<Double>.describe(self))
        }
    }

    package var bool: ScalarReading<Bool> {
        switch self {
        case .bool(let flag): .value(flag)
        case .null: .absent
        default: .wrongType(found: ScalarReading<Bool>.describe(self))
        }
    }

    /// A timestamp in any form ``DateParser`` reads.
    package var date: ScalarReading<Date> {
        switch self {
        case .string(let bytes):
            if let date = DateParser.parse(bytes) { return .value(date) }
            return .wrongType(found: "\"\(String(decoding: bytes, as: UTF8.self))\", which is not a date")
        case .null: return .absent
        default: return .wrongType(found: ScalarReading<Date>.describe(self))
        }
    }
}
