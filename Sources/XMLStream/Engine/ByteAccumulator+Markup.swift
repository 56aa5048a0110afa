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
@_spi(StreamPlumbing) import StreamCore

/// Writing markup into a text buffer, shared by the decoders that re-serialize elements (Atom XHTML content,
/// naked HTML inside RSS descriptions).
extension ByteAccumulator {
    /// Appends character data with `&`, `<` and `>` escaped (and `"` inside attribute values).
    @_spi(XMLEngine) public mutating func appendEscaped(_ bytes: UnsafeRawBufferPointer, attribute: Bool) {
        var runStart = 0
        for index in 0..<bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where attribute: replacement = "&quot;"
            default: continue
            }
            append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
            append(replacement)
            runStart = index + 1
        }
        append(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Appends `prefix:localName`, or `localName` alone when there is no prefix.
    @_spi(XMLEngine) public mutating func appendQualifiedName(prefix: XMLName, localName: XMLName) {
        if !prefix.isNone {
            appendName(prefix)
            append(UInt8(ascii: ":"))
        }
        appendName(localName)
    }

    /// Appends an interned name's bytes.
    @_spi(XMLEngine) public mutating func appendName(_ name: XMLName) {
        guard let bytes = name.bytes else { return }
        append(UnsafeRawBufferPointer(start: bytes, count: strlen(bytes)))
    }
}
