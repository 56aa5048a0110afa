#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Finds the two faults yajl lets through, in the raw bytes before yajl sees them.
///
/// - yajl counts form feed and vertical tab as whitespace; RFC 8259 does not. Inside a string they are raw
///   control characters, which yajl rejects anyway, so any such byte is a fault.
/// - yajl decodes a lone `\uD800` as `?`, pairs a high surrogate with whatever escape follows it, and encodes a
///   lone low surrogate as invalid UTF-8. Every `\u` escape of a surrogate is therefore checked here: a high one
///   must be followed at once by a low one.
///
/// A backslash outside a string is a syntax error yajl reports at or before anything this screen could find, so
/// the screen can treat every backslash as the start of an escape. State carries across chunks, so an escape split
/// anywhere is still seen whole. The work is a `memchr` per backslash and two per chunk.
struct InputScreen {
    /// Where the screen stands in the escape grammar.
    private enum State {
        /// Outside an escape.
        case idle
        /// After a backslash.
        case escape
        /// Inside `\uXXXX`, `digits` hex digits read, `value` so far; `afterHigh` when this escape must be a low
        /// surrogate completing a pair.
        case hex(digits: Int, value: UInt32, afterHigh: Bool)
        /// After a complete high-surrogate escape: a backslash must follow.
        case needLowBackslash
        /// After the backslash that must start the low half.
        case needLowU
    }

    /// A fault and the index of the byte that shows it.
    struct Fault {
        var index: Int
        var message: String
    }

    private var state = State.idle

    /// Scans the next bytes of the stream; returns the first fault in them.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Fault? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let count = bytes.count
        var limit = count
        var fault: Fault?
        for control in [UInt8(0x0C), 0x0B] {
            if let hit = memchr(base, Int32(control), limit) {
                limit = base.distance(to: UnsafeRawPointer(hit))
                let name = control == 0x0C ? "form feed" : "vertical tab"
                fault = Fault(
                    index: limit, message: "\(name) (U+000\(control == 0x0C ? "C" : "B")) is not JSON whitespace")
            }
        }
        if let escapeFault = scanEscapes(base, count: limit) { return escapeFault }
        return fault
    }

    private mutating func scanEscapes(_ base: UnsafeRawPointer, count: Int) -> Fault? {
        var index = 0
        while index < count {
            switch state {
            case .idle:
                guard let hit = memchr(base + index, 0x5C, count - index) else { return nil }
                index = base.distance(to: UnsafeRawPointer(hit)) + 1
                state = .escape
            case .escape:
                state =
                    base.load(fromByteOffset: index, as: UInt8.self) == 0x75
                    ? .hex(digits: 0, value: 0, afterHigh: false) : .idle
                index += 1
            case .needLowBackslash:
                guard base.load(fromByteOffset: index, as: UInt8.self) == 0x5C else {
                    return unpaired(index)
                }
                state = .needLowU
                index += 1
            case .needLowU:
                guard base.load(fromByteOffset: index, as: UInt8.self) == 0x75 else { return unpaired(index) }
                state = .hex(digits: 0, value: 0, afterHigh: true)
                index += 1
            case .hex(let digits, let value, let afterHigh):
                guard let digit = Self.hexValue(base.load(fromByteOffset: index, as: UInt8.self)) else {
                    // Not an escape yajl accepts: it reports the fault itself.
                    state = .idle
                    continue
                }
                let next = value << 4 | digit
                index += 1
                if digits == 1 {
                    // Two digits decide whether this is a surrogate: D8–DB high, DC–DF low.
                    let isLow = next >= 0xDC && next <= 0xDF
                    if afterHigh && !isLow { return unpaired(index - 1) }
                    if !afterHigh && isLow {
                        return Fault(index: index - 1, message: "unpaired UTF-16 low surrogate escape")
                    }
                }
                if digits == 3 {
                    let isHigh = next >= 0xD800 && next <= 0xDBFF
                    state = isHigh && !afterHigh ? .needLowBackslash : .idle
                } else {
                    state = .hex(digits: digits + 1, value: next, afterHigh: afterHigh)
                }
            }
        }
        return nil
    }

    private func unpaired(_ index: Int) -> Fault {
        Fault(index: index, message: "unpaired UTF-16 high surrogate escape: a \\uDC00–\\uDFFF escape must follow")
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x37)
        case 0x61...0x66: return UInt32(byte - 0x57)
        default: return nil
        }
    }
}
