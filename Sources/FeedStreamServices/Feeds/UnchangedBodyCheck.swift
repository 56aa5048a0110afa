import AtomStream
import Foundation

/// Tells a 200 whose body is byte-identical to the last decoded one (``Subscription/bodyDigest``) before any of it
/// is decoded, in bounded memory, and digests the body for the next refresh.
///
/// Entries are reported as they decode, so a body cannot be decoded first and found identical later. Instead the
/// start of the body is held back, undecoded, while it can still be the stored one:
///
/// - A stored body of at most ``holdLimit`` bytes is held whole; a byte past its length, or a different digest at
///   the end, sends what was held to the decoder, and decoding goes on as usual.
/// - A longer stored body is held for its first ``holdLimit`` bytes, compared with the stored digest of those;
///   different, and they go to the decoder. The same, and they are dropped and the rest only digested: identical
///   to the end, and nothing was decoded; different after all (a feed that changed only past its first 256 KiB,
///   with the same start and, when announced, the same length), and the body is fetched again and decoded
///   (``needsRefetch``).
/// - A `Content-Length` other than the stored length decodes at once.
///
/// At most ``holdLimit`` bytes and a chunk are held per transfer. The digest is 64 bits over eight-byte words
/// (``EntryHasher``'s mixing), the same whatever the chunking, with the length beside it; a feed can only fool it
/// into skipping its own update.
package struct UnchangedBodyCheck {
    /// The most body bytes held back undecoded: the transports' own buffer high-water mark.
    package static let holdLimit = 256 << 10

    /// What a stored digest says: the body's length, its digest, and for a body longer than ``holdLimit`` the
    /// digest of its first ``holdLimit`` bytes.
    struct Digest: Hashable {
        var length: Int64
        var whole: UInt64
        var start: UInt64?

        /// `LENGTH:WHOLE[:START]`, hexadecimal digests.
        init?(_ text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, let length = Int64(parts[0]), length >= 0,
                let whole = UInt64(parts[1], radix: 16)
            else { return nil }
            self.length = length
            self.whole = whole
            if parts.count == 3 {
                guard let start = UInt64(parts[2], radix: 16), length > UnchangedBodyCheck.holdLimit else {
                    return nil
                }
                self.start = start
            } else if length > UnchangedBodyCheck.holdLimit {
                return nil
            }
        }

        init(length: Int64, whole: UInt64, start: UInt64?) {
            self.length = length
            self.whole = whole
            self.start = start
        }

        var text: String {
            let head = "\(length):\(String(whole, radix: 16))"
            return start.map { head + ":\(String($0, radix: 16))" } ?? head
        }
    }

    /// What became of the body.
    package enum Verdict: Equatable {
        /// The same as the stored one: nothing decoded.
        case identical
        /// Different: everything went to the decoder.
        case decoded
        /// Different after its start was dropped: fetch it again without the check.
        case needsRefetch
    }

    private enum State {
        case holding, decoding, skipping, refetching
    }

    private let expected: Digest?
    private var state: State
    private var held: [Data] = []
    private var whole = WordHasher()
    private var start = WordHasher()

    /// - Parameters:
    ///   - stored: the subscription's ``Subscription/bodyDigest``; `nil` (or one this version cannot read) decodes
    ///     everything at once.
    ///   - announcedLength: the body's length when the head announced it (`Content-Length`, not compressed): one
    ///     other than the stored length decodes everything at once too.
    package init(stored: String?, announcedLength: Int64? = nil) {
        var expected = stored.flatMap(Digest.init)
        if let announcedLength, announcedLength != expected?.length { expected = nil }
        self.expected = expected
        state = expected == nil ? .decoding : .holding
    }

    /// Body bytes read so far.
    package var length: Int64 { whole.length }

    /// Whether the body is known to differ from a start already dropped: reading on is of no use.
    package var needsRefetch: Bool { state == .refetching }

    /// Takes the next chunk; returns the chunks to decode now (held ones first), none while holding or skipping.
    package mutating func take(_ chunk: Data) -> [Data] {
        let before = whole.length
        whole.update(chunk)
        if before < Self.holdLimit {
            start.update(chunk.prefix(Self.holdLimit - Int(before)))
        }
        switch state {
        case .decoding:
            return [chunk]
        case .refetching:
            return []
        case .skipping:
            if whole.length > expected!.length { state = .refetching }
            return []
        case .holding:
            let expected = expected!
            held.append(chunk)
            if whole.length > expected.length { return release() }
            if let startDigest = expected.start, whole.length >= Self.holdLimit {
                guard start.digest == startDigest else { return release() }
                held = []
                state = .skipping
            }
            return []
        }
    }

    /// The body ended: whether it was the stored one, and the chunks still to decode when it was not.
    package mutating func finish() -> (Verdict, [Data]) {
        let isStored = expected.map { whole.length == $0.length && whole.digest == $0.whole } ?? false
        switch state {
        case .decoding: return (.decoded, [])
        case .refetching: return (.needsRefetch, [])
        case .skipping: return isStored ? (.identical, []) : (.needsRefetch, [])
        case .holding: return isStored ? (.identical, []) : (.decoded, release())
        }
    }

    /// The digest of the body read, to store for the next refresh.
    package var digest: String {
        Digest(
            length: whole.length, whole: whole.digest, start: whole.length > Self.holdLimit ? start.digest : nil
        ).text
    }

    private mutating func release() -> [Data] {
        state = .decoding
        defer { held = [] }
        return held
    }
}

/// ``EntryHasher``'s word mixing over a byte stream: eight-byte words (little-endian) whatever the chunks, the
/// last one zero-padded, then the length.
struct WordHasher {
    private var hasher = EntryHasher()
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private(set) var length: Int64 = 0

    mutating func update(_ bytes: Data) {
        length += Int64(bytes.count)
        bytes.withUnsafeBytes { update($0) }
    }

    private mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let count = bytes.count
        while pendingCount > 0 && offset < count {
            pending |= UInt64(bytes[offset]) << UInt64(8 * pendingCount)
            pendingCount += 1
            offset += 1
            if pendingCount == 8 {
                hasher.combine(word: pending)
                pending = 0
                pendingCount = 0
            }
        }
        while offset + 8 <= count {
            hasher.combine(word: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        while offset < count {
            pending |= UInt64(bytes[offset]) << UInt64(8 * pendingCount)
            pendingCount += 1
            offset += 1
        }
    }

    /// The digest of the bytes so far.
    var digest: UInt64 {
        var copy = hasher
        if pendingCount > 0 { copy.combine(word: pending) }
        copy.combine(word: UInt64(bitPattern: length))
        return copy.value
    }
}
