private import CLibXML2
import StreamCore

/// libxml2's HTML push parser, owned by one consumer (page discovery, the HTML sanitizer).
///
/// One instance owns one `htmlParserCtxt` and frees it in `deinit`. The SAX callbacks are capture-free closures
/// that reach this object through libxml2's user-data pointer; an error a handler throws is recorded, the parser
/// is halted, and ``feed(_:)`` or ``terminate()`` throws it after `htmlParseChunk` returns. libxml2's own
/// complaints about the markup are not errors: its HTML parser repairs whatever it is given, as a browser does.
///
/// Never loads anything: no network, no DTD, and a `<meta charset>` inside the input does not switch the
/// encoding mid-stream.
package final class HTMLPushParser {
    /// How the input's bytes are to be read.
    package enum Encoding {
        /// UTF-8, always (markup taken from a Swift `String`).
        case utf8
        /// Detected by libxml2 from a byte-order mark, else UTF-8 with a fall-back to Latin-1 on invalid bytes.
        case detect
        /// The encoding the caller decided (an IANA name libxml2 knows: `windows-1252`, `shift_jis`, …), as HTML's
        /// encoding sniffing decides it before the page is parsed; a name libxml2 does not know reads as `detect`.
        case named(String)
    }

    private var context: htmlParserCtxtPtr
    /// Receives the events. A `let`, so a callback can call it without retaining it.
    package let handler: any HTMLEventHandler
    private let encoding: Encoding
    private var failure: StreamError?
    private var hasFailed = false
    /// Whether the handler said it has all it wants; libxml2 is stopped and later input is ignored.
    package private(set) var isSatisfied = false
    /// Bytes handed to libxml2: the position of last resort.
    private var bytesPushed = 0

    /// Creates a parser that reports to `handler`.
    package init(encoding: Encoding, handler: any HTMLEventHandler) {
        _ = libxml2Initialized
        self.encoding = encoding
        self.handler = handler
        context = Self.makeContext(encoding: encoding)
        context.eventReceiver = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        Self.free(context)
    }

    private static func free(_ context: htmlParserCtxtPtr) {
        // `htmlFreeParserCtxt` leaves a document libxml2 may have built to the caller (it builds none for these SAX
        // callbacks, but a context is not asked); `htmlCtxtReset` frees it and nothing the free would not.
        htmlCtxtReset(context)
        htmlFreeParserCtxt(context)
    }

    private static func makeContext(encoding: Encoding) -> htmlParserCtxtPtr {
        var sax = htmlSAXHandler()
        sax.startElement = { user, name, attributes in
            let tag = HTMLStartTag(name: XMLName(bytes: name), attributes: attributes)
            HTMLPushParser.with(user) { parser in
                parser.deliver { () throws(StreamError) in try parser.handler.startElement(tag) }
            }
        }
        sax.endElement = { user, name in
            HTMLPushParser.with(user) { parser in
                parser.deliver { () throws(StreamError) in try parser.handler.endElement(XMLName(bytes: name)) }
            }
        }
        let characters: charactersSAXFunc = { user, bytes, length in
            let text = UnsafeRawBufferPointer(start: bytes, count: Int(length))
            HTMLPushParser.with(user) { parser in
                parser.deliver { () throws(StreamError) in try parser.handler.characters(text) }
            }
        }
        sax.characters = characters
        sax.cdataBlock = characters
        sax.ignorableWhitespace = characters
        // libxml2's complaints about the markup go nowhere: the HTML parser repairs, it never fails. Without a
        // structured handler they would be printed on standard error.
        sax.serror = { _, _ in }
        let user = UnsafeMutableRawPointer(mutating: nil as UnsafeRawPointer?)
        let charset: xmlCharEncoding
        if case .utf8 = encoding { charset = XML_CHAR_ENCODING_UTF8 } else { charset = XML_CHAR_ENCODING_NONE }
        guard let context = htmlCreatePushParserCtxt(&sax, user, nil, 0, nil, charset) else {
            fatalError("libxml2 could not allocate an HTML parser context")
        }
        if case .named(let name) = encoding, let handler = xmlFindCharEncodingHandler(name) {
            _ = xmlSwitchToEncoding(context, handler)
        }
        let options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
        _ = htmlCtxtUseOptions(context, Int32(options))
        return context
    }

    /// Starts over on a new document in the same libxml2 context, which keeps its name dictionary, SAX handler and
    /// options: a context costs more to make than a short value costs to parse. The handler resets its own state.
    /// With `keepingNames` false, or if libxml2 cannot reset this context, a fresh context is made instead: its
    /// dictionary starts empty, so names a handler memoized by pointer must be forgotten. Returns whether the
    /// names were kept.
    @discardableResult
    package func restart(keepingNames: Bool = true) -> Bool {
        let keepsNames = keepingNames && context.resetForAnotherHTMLDocument()
        if !keepsNames {
            Self.free(context)
            context = Self.makeContext(encoding: encoding)
        }
        context.eventReceiver = Unmanaged.passUnretained(self).toOpaque()
        failure = nil
        hasFailed = false
        isSatisfied = false
        bytesPushed = 0
        return keepsNames
    }

    /// How many names libxml2 has interned in the context's dictionary, which `restart()` keeps: it grows with
    /// every new element and attribute name until a fresh context is made.
    package var internedNameCount: Int {
        context.nameDictionary.map { Int(xmlDictSize($0)) } ?? 0
    }

    /// Unretained, as in ``XMLPushParser``: no retain/release per SAX event (BENCHMARKS.md, "What bounds the
    /// ratios", Atom: 390 → 365 M with the exclusivity checks). The user pointer itself is the C callbacks' only way
    /// back to this object; the context never outlives it.
    @inline(__always)
    private static func with(_ user: UnsafeMutableRawPointer?, _ body: (HTMLPushParser) -> Void) {
        Unmanaged<HTMLPushParser>.fromOpaque(user!)._withUnsafeGuaranteedRef(body)
    }

    /// Hands bytes to libxml2 and returns its backlog (bytes it holds without having parsed them yet), for
    /// ``ChunkIntake``. Does nothing once the handler is satisfied.
    @discardableResult
    package func feed(_ bytes: UnsafeRawBufferPointer) throws(StreamError) -> Int {
        var remaining = bytes
        while !remaining.isEmpty && !isSatisfied {
            let length = min(remaining.count, 1 << 30)
            let start = remaining.baseAddress?.assumingMemoryBound(to: CChar.self)
            bytesPushed += length
            _ = feedstream_html_parse_chunk(context, start, Int32(length), 0)
            if hasFailed, let failure { throw failure }
            remaining = UnsafeRawBufferPointer(rebasing: remaining[length...])
        }
        return isSatisfied ? 0 : context.unparsedByteCount
    }

    /// Signals the end of input: libxml2 closes every element still open.
    package func terminate() throws(StreamError) {
        guard !isSatisfied else { return }
        _ = feedstream_html_parse_chunk(context, nil, 0, 1)
        if hasFailed, let failure { throw failure }
    }

    /// The position libxml2 is at: its line and column, and the bytes consumed from the start of the stream.
    package var position: StreamPosition { context.position(bytesPushed: bytesPushed) }

    /// Runs a handler callback; a thrown error halts libxml2 and is rethrown by `feed` or `terminate`, and a
    /// satisfied handler halts it quietly.
    private func deliver(_ body: () throws(StreamError) -> Void) {
        guard !hasFailed && !isSatisfied else { return }
        do {
            try body()
        } catch {
            var error = error
            if error.line == 0 {
                let here = position
                error.line = here.line
                error.column = here.column
                error.byteOffset = here.byteOffset
            }
            failure = error
            hasFailed = true
            xmlStopParser(context)
            return
        }
        if handler.isSatisfied {
            isSatisfied = true
            xmlStopParser(context)
        }
    }
}
