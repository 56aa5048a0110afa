private import CLibXML2
import StreamCore

/// The SAX events that pass through the text run (shim.h, `feedstream_text_run`): an element's callbacks hand the
/// run before it over first — what was collected of it on a path of its own, so that the usual one keeps no
/// arguments across a call — and the run's collected pieces reach the handler through `deliverText`.
extension XMLPushParser {
    /// libxml2's lists of names and values for an element's namespaces and attributes.
    typealias CNameList = UnsafeMutablePointer<UnsafePointer<UInt8>?>?

    @inline(__always)
    static func startElement(
        _ user: UnsafeMutableRawPointer?, _ localName: UnsafePointer<UInt8>?, _ prefix: UnsafePointer<UInt8>?,
        _ uri: UnsafePointer<UInt8>?, _ namespaceCount: Int32, _ namespaces: CNameList,
        _ attributeCount: Int32, _ attributes: CNameList
    ) {
        let tag = XMLStartTag(
            localName: XMLName(bytes: localName), prefix: XMLName(bytes: prefix), namespace: XMLName(bytes: uri),
            namespaceCount: Int(namespaceCount), namespaces: namespaces, attributeCount: Int(attributeCount),
            attributes: attributes)
        with(user) { parser in
            parser.deliver { () throws(StreamError) in try parser.handler.startElement(tag) }
        }
    }

    @inline(never)
    static func startElementAfterText(
        _ user: UnsafeMutableRawPointer?, _ localName: UnsafePointer<UInt8>?, _ prefix: UnsafePointer<UInt8>?,
        _ uri: UnsafePointer<UInt8>?, _ namespaceCount: Int32, _ namespaces: CNameList,
        _ attributeCount: Int32, _ attributes: CNameList
    ) {
        feedstream_text_run_deliver_collected(user)
        startElement(user, localName, prefix, uri, namespaceCount, namespaces, attributeCount, attributes)
    }

    @inline(__always)
    static func endElement(
        _ user: UnsafeMutableRawPointer?, _ localName: UnsafePointer<UInt8>?, _ prefix: UnsafePointer<UInt8>?,
        _ uri: UnsafePointer<UInt8>?
    ) {
        with(user) { parser in
            parser.deliver { () throws(StreamError) in
                try parser.handler.endElement(
                    localName: XMLName(bytes: localName), prefix: XMLName(bytes: prefix),
                    namespace: XMLName(bytes: uri))
            }
        }
    }

    @inline(never)
    static func endElementAfterText(
        _ user: UnsafeMutableRawPointer?, _ localName: UnsafePointer<UInt8>?, _ prefix: UnsafePointer<UInt8>?,
        _ uri: UnsafePointer<UInt8>?
    ) {
        feedstream_text_run_deliver_collected(user)
        endElement(user, localName, prefix, uri)
    }
}
