import Crypto
import Foundation

/// The fixed-size keys a SQL store indexes in place of texts of any length: the SHA-256 of the text's UTF-8 bytes.
///
/// URLs and entry ids come from feeds, and a feed may be hostile: a 3 kB guid is larger than the largest entry a
/// PostgreSQL btree takes (about 2.7 kB), and a 1 MB one would bloat any index. So every URL and key is indexed by
/// its digest, and the text itself is kept beside it, unindexed (entry keys as bytes: PostgreSQL's `text` cannot
/// hold the NUL a JSON Feed id may). PostgreSQL's `sha256(convert_to(text, 'UTF8'))` computes the same 32 bytes,
/// which is how a migration keys the rows of an older schema.
package enum StoreKey {
    /// The 32-byte digest of `text`.
    package static func digest(_ text: String) -> Data { Data(SHA256.hash(data: Data(text.utf8))) }

    /// The digest in lowercase hexadecimal.
    package static func hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }
}
