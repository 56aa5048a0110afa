#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif
import StreamCore

/// What an ``HTMLPushParser`` reports to: a consumer of an HTML page's elements and text.
///
/// Each method may throw to stop the parse; the engine records the error, halts libxml2 and rethrows it after
/// `htmlParseChunk` returns, because nothing may unwind through C frames. Element names arrive lowercase;
/// libxml2's HTML parser has already repaired the markup, so every start has its end, implied elements
/// (`html`, `head`, `body`) included.
package protocol HTMLEventHandler: AnyObject {
    func startElement(_ tag: HTMLStartTag) throws(StreamError)
    func endElement(_ name: XMLName) throws(StreamError)
    /// Character data (and the raw text of `script` and `style`), in pieces of any size.
    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError)
    /// Whether the handler has all it wants: the engine stops libxml2 after the event that made it so, and
    /// takes no more input.
    var isSatisfied: Bool { get }
}

/// The view of an HTML start tag that libxml2's SAX `startElement` callback receives, valid only during the
/// callback.
package struct HTMLStartTag {
    /// The element's name, lowercase. Not necessarily interned: implied elements come from libxml2's own
    /// string constants, so compare bytes (or memoize per pointer), never pointers alone.
    package let name: XMLName
    /// `(name, value)` pointer pairs ending in `NULL`; a value is `NULL` for an attribute written without one.
    package let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?

    package init(name: XMLName, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        self.name = name
        self.attributes = attributes
    }

    /// Calls `body` with each attribute's name and value, in document order; entity and character references
    /// in the value are already replaced.
    package func forEachAttribute(_ body: (XMLName, UnsafeRawBufferPointer) throws(StreamError) -> Void)
        throws(StreamError)
    {
        guard var cursor = attributes else { return }
        while let name = cursor[0] {
            let value = cursor[1].map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) }
            try body(XMLName(bytes: name), value ?? UnsafeRawBufferPointer(start: nil, count: 0))
            cursor += 2
        }
    }

    /// The value of the first attribute named `name` (lowercase ASCII), or `nil`.
    package func value(of name: StaticString) -> String? {
        guard var cursor = attributes else { return nil }
        while let attribute = cursor[0] {
            if HTMLName.equals(attribute, name) {
                return cursor[1].map { String(cString: $0) } ?? ""
            }
            cursor += 2
        }
        return nil
    }
}

/// Byte comparisons of libxml2 names against literals.
package enum HTMLName {
    /// Whether the NUL-terminated `bytes` spell `literal` exactly.
    package static func equals(_ bytes: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        let literalBytes = literal.utf8Start
        for index in 0..<count where bytes[index] != literalBytes[index] { return false }
        return bytes[count] == 0
    }

    /// Whether `name` spells `literal` exactly.
    package static func equals(_ name: XMLName, _ literal: StaticString) -> Bool {
        guard let bytes = name.bytes else { return false }
        return equals(bytes, literal)
    }
}


