private import CLibXML2

/// The ceiling for XML decoding: libxml2's SAX2 push parser on the same bytes and chunk size, with callbacks
/// that do nothing. No decoder built on it can be faster.
enum LibXML2Ceiling {
    /// Parses `bytes` in `chunkSize` pieces and returns the number of elements seen.
    static func parse(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
        xmlInitParser()
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { user, _, _, _, _, _, _, _, _ in
            user!.assumingMemoryBound(to: Int.self).pointee += 1
        }
        sax.endElementNs = { _, _, _, _ in }
        sax.characters = { _, _, _ in }
        sax.cdataBlock = { _, _, _ in }
        sax.serror = { _, _ in }
        var elements = 0
        withUnsafeMutablePointer(to: &elements) { counter in
            let context = xmlCreatePushParserCtxt(&sax, counter, nil, 0, nil)!
            _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
            context.pointee.replaceEntities = 1
            var offset = 0
            while offset < bytes.count {
                let length = min(chunkSize, bytes.count - offset)
                _ = xmlParseChunk(
                    context, (bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self), Int32(length), 0)
                offset += length
            }
            _ = xmlParseChunk(context, nil, 0, 1)
            xmlFreeParserCtxt(context)
        }
        return elements
    }
}
