#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Finds the two faults yajl lets through, in the raw bytes before yajl sees them, and tells the engine whether
/// strings need a strict UTF-8 check.
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
///
/// yajl checks the shape of UTF-8 in strings; what only strict UTF-8 forbids always starts with one of a few lead
/// bytes (``UTF8Validation/pairMayBeInvalid(_:_:)``). Until such a pair shows up in the raw input, no string yajl
/// reports can fail ``UTF8Validation``, and the engine skips it. The look costs about half an instruction a byte.
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
    /// Whether the input so far held a byte pair that may start invalid UTF-8; from then on the engine checks every
    /// string and member name.
    private(set) var mayHoldInvalidUTF8 = false
    /// A lead byte that ended the last chunk and needs the next byte to be judged.
    private var pendingLead: UInt8 = 0

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
        if !mayHoldInvalidUTF8 { scanLeadBytes(base, count: count) }
        if let escapeFault = scanEscapes(base, count: limit) { return escapeFault }
        return fault
    }

    /// Looks for a lead byte that may start a sequence only strict UTF-8 forbids, 32 bytes at a time.
    private mutating func scanLeadBytes(_ base: UnsafeRawPointer, count: Int) {
        if pendingLead != 0 {
            let lead = pendingLead
            pendingLead = 0
            if UTF8Validation.pairMayBeInvalid(lead, base.load(as: UInt8.self)) {
                mayHoldInvalidUTF8 = true
                return
            }
        }
        var index = 0
        while index + 32 <= count {
            let w0 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let w1 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            let w2 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
            let w3 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
            // A byte with its top two bits set (C0–FF) is a lead byte: bit 6 shifted onto bit 7 of the same byte.
            if (w0 & w0 << 1 | w1 & w1 << 1 | w2 & w2 << 1 | w3 & w3 << 1) & 0x8080_8080_8080_8080 != 0
                && (suspect(w0, at: index, base, count) || suspect(w1, at: index + 8, base, count)
                    || suspect(w2, at: index + 16, base, count) || suspect(w3, at: index + 24, base, count))
            {
                mayHoldInvalidUTF8 = true
                return
            }
            index += 32
        }
        while index < count {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte >= 0xC0 && UTF8Validation.isSuspectLead(byte) {
                guard index + 1 < count else {
                    pendingLead = byte
                    return
                }
                if UTF8Validation.pairMayBeInvalid(byte, base.load(fromByteOffset: index + 1, as: UInt8.self)) {
                    mayHoldInvalidUTF8 = true
                    return
                }
            }
            index += 1
        }
    }

    /// Whether a lead byte in these eight bytes, read with the byte after it, may start invalid UTF-8.
    @inline(__always)
    private mutating func suspect(_ word: UInt64, at index: Int, _ base: UnsafeRawPointer, _ count: Int) -> Bool {
        var leads = word & word << 1 & 0x8080_8080_8080_8080
        while leads != 0 {
            let bit = leads.trailingZeroBitCount
            let lead = UInt8(truncatingIfNeeded: word >> (bit - 7))
            if UTF8Validation.isSuspectLead(lead) {
                let next = index + bit >> 3 + 1
                guard next < count else {
                    pendingLead = lead
                    return false
                }
                if UTF8Validation.pairMayBeInvalid(lead, base.load(fromByteOffset: next, as: UInt8.self)) { return true }
            }
            leads &= leads - 1
        }
        return false
    }

    private mutating func scanEscapes(_ base: UnsafeRawPointer, count: Int) -> Fault? {
        var index = 0
        while index < count {
            switch state {
            case .idle:
                guard let hit = memchr(base + index, 0x5C, count - index) else { return nil }
                index = base.distance(to: UnsafeRawPointer(hit)) + 1
                // Whole in this piece, a one-character escape or a `\uXXXX` of four hex digits that is not a
                // surrogate (`D800`–`DFFF`) needs nothing more: skip it in one step instead of one state per byte.
                // Twitter escapes every non-ASCII character, so this is most of the screen's work there.
                if index < count {
                    let kind = base.load(fromByteOffset: index, as: UInt8.self)
                    if kind != 0x75 {
                        index += 1
                        continue
                    }
                    if index + 5 <= count, Self.isPlainUnicodeEscape(base + index + 1) {
                        index += 5
                        continue
                    }
                }
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

    /// Whether these four bytes are hex digits that do not start with `D8`–`DF`.
    @inline(__always)
    private static func isPlainUnicodeEscape(_ digits: UnsafeRawPointer) -> Bool {
        guard let first = hexValue(digits.load(as: UInt8.self)),
            let second = hexValue(digits.load(fromByteOffset: 1, as: UInt8.self)),
            hexValue(digits.load(fromByteOffset: 2, as: UInt8.self)) != nil,
            hexValue(digits.load(fromByteOffset: 3, as: UInt8.self)) != nil
        else { return false }
        return !(first == 0xD && second >= 8)
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
