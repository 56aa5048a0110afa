private import CLibXML2
import StreamCore

/// libxml2 is initialised once per process, before the first parser; after that, parsers share no state.
package let libxml2Initialized: Bool = {
    xmlInitParser()
    return true
}()

/// The libxml2 versions in play, as libxml2 numbers them (20914 for 2.9.14): the oldest this package supports (shim.h
/// refuses to compile against an older one), the one it was compiled against, and the one linked at run time.
package enum LibXML2Version {
    package static let minimum = Int(FEEDSTREAM_LIBXML_MINIMUM_VERSION)
    package static let compiled = Int(LIBXML_VERSION)
    package static var linked: Int { Int(feedstream_libxml_runtime_version()) }
}

/// libxml2's SAX2 push parser, owned by one decoder.
///
/// One instance owns one `xmlParserCtxt` and frees it in `deinit`. The SAX callbacks are capture-free closures
/// that reach this object through libxml2's user-data pointer; errors raised in them (by libxml2 or by the
/// handler) are recorded, the parser is halted, and ``feed(_:)`` throws after `xmlParseChunk` returns.
///
/// Security: no network, no external DTD or entity is ever loaded (there is no resolver or external-subset
/// handler), and any `<!ENTITY>` declaration stops the parse with ``StreamError/Kind/disallowedConstruct``
/// before the entity is stored, so nothing declared in a DTD is ever substituted — which is how entity bombs
/// and external entities are refused.
package final class XMLPushParser: PushEngine {
    private let context: xmlParserCtxtPtr
    /// Receives the events. A `let`, so a callback can call it without retaining it.
    package let handler: any XMLEventHandler
    private var failure: StreamError?
    /// Mirrors `failure != nil` as a plain flag: checked on every SAX event, where inspecting the optional error
    /// itself costs a value-witness call.
    private var hasFailed = false
    private var isTerminating = false
    /// HTML 4's named entities, when this parser replaces them; freed after the context that used them.
    private var htmlEntityTable: HTMLEntityTable?
    /// Bytes handed to libxml2: the position of last resort when it can no longer say how far it got.
    private var bytesPushed = 0
    /// Where libxml2's callbacks collect character data between other events; libxml2's user data.
    private let textRun = XMLTextRun(deliver: XMLPushParser.deliverText)
    /// Paces the chunks handed to libxml2 so that its re-scans stay linear in the input (``ChunkIntake``).
    package private(set) var intake = ChunkIntake()

    /// What the bytes pass through before libxml2 sees them, in order (made from the settings).
    private let input: XMLInputPipeline

    /// Whether libxml2's recover mode repairs well-formedness errors instead of stopping at the first.
    package let recovers: Bool
    /// In recover mode, the faults libxml2 repaired, in order (at most ``maximumWarnings``).
    package private(set) var warnings: [StreamError] = []
    /// Repairs reported beyond the first ``maximumWarnings``, counted but not kept.
    package private(set) var droppedWarningCount = 0
    package static let maximumWarnings = 1000
    /// Whether a prefix used without a namespace declaration (`json:Array="true"`) is let through instead of
    /// ending the parse. libxml2 reports it as a namespace error yet still delivers the name, with no URI.
    package let toleratesUndeclaredPrefixes: Bool

    /// Creates a parser configured by `settings`; `makeHandler` builds the event handler from this parser's name
    /// dictionary, which exists only once the libxml2 context does.
    package init(settings: Settings = Settings(), makeHandler: (XMLNameTable) -> any XMLEventHandler) {
        _ = libxml2Initialized
        recovers = settings.recover
        toleratesUndeclaredPrefixes = settings.leniency.contains(.undeclaredPrefixes)
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        // The text before an element reaches the handler first. What was collected of it is handed over on a path
        // of its own, so that the usual one keeps no arguments across a call.
        sax.startElementNs = {
            user, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            guard feedstream_text_run_end(user) == 0 else {
                return XMLPushParser.startElementAfterText(
                    user, localName, prefix, uri, namespaceCount, namespaces, attributeCount, attributes)
            }
            XMLPushParser.startElement(
                user, localName, prefix, uri, namespaceCount, namespaces, attributeCount, attributes)
        }
        sax.endElementNs = { user, localName, prefix, uri in
            guard feedstream_text_run_end(user) == 0 else {
                return XMLPushParser.endElementAfterText(user, localName, prefix, uri)
            }
            XMLPushParser.endElement(user, localName, prefix, uri)
        }
        // A run of character data goes to the handler in its first piece and, collected in C (shim.h,
        // `feedstream_text_run`), in one more call before the next other event: escaped markup arrives in a piece
        // per reference.
        let characters: charactersSAXFunc = { user, bytes, length in
            guard feedstream_text_run_begin(user) != 0 else {
                feedstream_text_run_collect(user, bytes, length)
                return
            }
            let text = UnsafeRawBufferPointer(start: bytes, count: Int(length))
            XMLPushParser.with(user) { parser in
                parser.deliver { () throws(StreamError) in try parser.handler.characters(text) }
            }
        }
        sax.characters = characters
        sax.cdataBlock = characters
        sax.ignorableWhitespace = characters
        sax.entityDecl = { user, name, _, _, _, _ in
            feedstream_text_run_flush(user)
            let parser = XMLPushParser.from(user)
            let entity = name.map { String(cString: $0) } ?? ""
            parser.fail(
                kind: .disallowedConstruct,
                message: "entity declaration <!ENTITY \(entity)> refused: FeedStream never expands DTD entities")
        }
        if settings.leniency.contains(.htmlEntities) {
            htmlEntityTable = HTMLEntityTable()
            sax.getEntity = { user, name in
                let parser = XMLPushParser.from(user)
                return parser.htmlEntityTable?.entity(named: name, inAttribute: parser.context.isInStartTag)?
                    .assumingMemoryBound(to: xmlEntity.self)
            }
        }
        sax.serror = { user, error in
            guard let user, let error else { return }
            // The text before the fault reaches the handler before it: a handler's own fault in it comes first.
            feedstream_text_run_flush(user)
            XMLPushParser.from(user).record(error.pointee)
        }
        let user = UnsafeMutableRawPointer(mutating: nil as UnsafeRawPointer?)
        guard let context = xmlCreatePushParserCtxt(&sax, user, nil, 0, nil) else {
            fatalError("libxml2 could not allocate a parser context")
        }
        self.context = context
        input = Self.inputPipeline(for: settings) { encoding in
            if let converter = xmlFindCharEncodingHandler(encoding) { _ = xmlSwitchToEncoding(context, converter) }
        }
        guard let dictionary = context.nameDictionary else { fatalError("libxml2 made a context without names") }
        handler = makeHandler(XMLDictionary(dictionary: dictionary))
        // Unmanaged, unretained: libxml2's user data (the text run, which holds this object) is the only way back to
        // this object from a C callback, and the context never outlives it (freed in `deinit`). Kept by
        // correctness, not by a measurement.
        textRun.run.pointee.receiver = Unmanaged.passUnretained(self).toOpaque()
        context.eventReceiver = UnsafeMutableRawPointer(textRun.run)
        // With replacement off (no XML_PARSE_NOENT), libxml2 hands `&amp;` in attribute values over as `&#38;`
        // (kept for tree builders). Replacement is safe here: entity declarations are refused and never stored,
        // and no DTD is loaded (no XML_PARSE_DTDLOAD), so the only references that can be replaced are the five
        // predefined ones, character references and, when asked for, HTML 4's names.
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue
        if settings.recover { options |= XML_PARSE_RECOVER.rawValue }
        _ = xmlCtxtUseOptions(context, Int32(options))
    }

    deinit {
        // libxml2 makes a stand-in document for "expat compatibility" when it meets an entity declaration, even one
        // our handler refused, and leaves freeing it to the caller: `xmlCtxtReset` frees it (and nothing else that
        // `xmlFreeParserCtxt` would not).
        xmlCtxtReset(context)
        xmlFreeParserCtxt(context)
        htmlEntityTable = nil
    }

    private static func from(_ user: UnsafeMutableRawPointer?) -> XMLPushParser {
        let receiver = feedstream_text_run_receiver(user).unsafelyUnwrapped
        return Unmanaged<XMLPushParser>.fromOpaque(receiver).takeUnretainedValue()
    }

    /// Runs `body` with the parser behind a callback's user pointer without retaining it: the parser outlives
    /// every callback (it is the one calling `xmlParseChunk`), and a retain/release pair per SAX event is a
    /// measurable share of the decoding cost (BENCHMARKS.md, "What bounds the ratios", Atom: no retain/release per
    /// SAX callback and no dynamic exclusivity checks, 390 → 365 M).
    /// (The receiver is never nil: it is set before the first `xmlParseChunk`; unchecked, as every event reads it.)
    @inline(__always)
    static func with(_ user: UnsafeMutableRawPointer?, _ body: (XMLPushParser) -> Void) {
        let receiver = feedstream_text_run_receiver(user).unsafelyUnwrapped
        Unmanaged<XMLPushParser>.fromOpaque(receiver)._withUnsafeGuaranteedRef(body)
    }

    /// The handler's end of the text run: the pieces of a run after its first, collected.
    private static let deliverText: feedstream_text_receiver = { receiver, bytes, count in
        let text = UnsafeRawBufferPointer(start: bytes, count: Int(count))
        Unmanaged<XMLPushParser>.fromOpaque(receiver.unsafelyUnwrapped)._withUnsafeGuaranteedRef { parser in
            parser.deliver { () throws(StreamError) in try parser.handler.characters(text) }
        }
    }

    /// Takes the next chunk of the document, through the intake.
    package func parse(_ chunk: UnsafeRawBufferPointer) throws(StreamError) {
        try intake.take(chunk) { (bytes) throws(StreamError) -> Int in try feed(bytes) }
    }

    /// Hands bytes to libxml2 through the input stages and returns the backlog: the bytes libxml2 holds without
    /// having parsed them yet, plus those the stages hold back.
    private func feed(_ bytes: UnsafeRawBufferPointer) throws(StreamError) -> Int {
        try input.take(bytes, atEnd: false) { (piece) throws(StreamError) in try push(piece) }
        noteRepairs()
        return context.unparsedByteCount + input.heldByteCount
    }

    /// Turns the repairs the input stages made into warnings, placed among libxml2's by position.
    private func noteRepairs() {
        for repair in input.takeRepairs() {
            addWarning(StreamError(kind: .malformedInput, message: repair.message, at: repair.position, path: nil))
        }
    }

    /// Keeps a warning, in input order: repairs are found before libxml2 reaches the bytes around them.
    private func addWarning(_ warning: StreamError) {
        guard warnings.count < Self.maximumWarnings else {
            droppedWarningCount += 1
            return
        }
        var index = warnings.endIndex
        while index > warnings.startIndex, warnings[index - 1].byteOffset > warning.byteOffset { index -= 1 }
        warnings.insert(warning, at: index)
    }

    /// Ends a parser's input: hands over what the intake still holds, validates the end, and in recover mode
    /// closes the elements the input left open (with a warning that says so) — the `finish` of every XML parser.
    package func finish() throws(StreamError) {
        try intake.flush { (bytes) throws(StreamError) -> Int in try feed(bytes) }
        try terminate()
        guard recovers && handler.hasOpenElements else { return }
        warn(kind: .truncatedInput, message: "the input ended in mid-document; open elements closed")
        do throws(StreamError) {
            try handler.closeOpenElements()
        } catch {
            throw positioned(error)
        }
    }

    /// Signals the end of input and validates that the document is complete.
    package func terminate() throws(StreamError) {
        try input.take(UnsafeRawBufferPointer(start: nil, count: 0), atEnd: true) { (piece) throws(StreamError) in
            try push(piece)
        }
        noteRepairs()
        isTerminating = true
        let status = feedstream_xml_parse_chunk(context, nil, 0, 1)
        // Text the input ended in (recover mode closes its elements after this).
        feedstream_text_run_flush(textRun.run)
        try check(status)
    }

    private func push(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        var remaining = bytes
        while !remaining.isEmpty {
            let length = min(remaining.count, 1 << 30)
            let start = remaining.baseAddress?.assumingMemoryBound(to: CChar.self)
            bytesPushed += length
            let status = feedstream_xml_parse_chunk(context, start, Int32(length), 0)
            try check(status)
            remaining = UnsafeRawBufferPointer(rebasing: remaining[length...])
        }
    }

    /// Throws the recorded fault, or one libxml2 reported only through `xmlParseChunk`'s status: encoding
    /// conversion and I/O faults halt the parser without calling the structured error handler.
    private func check(_ status: Int32) throws(StreamError) {
        // A failed conversion may also leave the status at 0 and carry on past the bytes it dropped; the input
        // buffer remembers it.
        let conversionFailed = context.conversionFailed
        let status = conversionFailed && status == 0 ? Int32(XML_I18N_CONV_FAILED.rawValue) : status
        let halted = !isTerminating && context.isHalted
        if !hasFailed, status != 0, !recovers || conversionFailed || halted {
            let last = xmlCtxtGetLastError(context)?.pointee
            let text = last?.message.map { String(cString: $0) }?.trimmingWhitespaceAndNewlines()
            let message = (text?.isEmpty == false ? text! : "malformed XML (libxml2 error \(status))")
            let code = xmlParserErrors(rawValue: UInt32(bitPattern: status))
            let encodingFault =
                code == XML_ERR_INVALID_ENCODING || code == XML_ERR_UNSUPPORTED_ENCODING
                || code == XML_I18N_CONV_FAILED || status < 0
            var fault = positioned(
                StreamError(
                    kind: .malformedInput,
                    message: encodingFault ? "the document's bytes do not convert from its declared encoding" : message)
            )
            // After a failed conversion libxml2 no longer knows how many raw bytes it consumed (it says 0); the
            // fault lies in what was handed over, so report its end rather than the start of the document.
            // What was handed over is counted after any repairs: placed in the input like every other position.
            let start = inInput(StreamPosition(line: 1, column: 1, byteOffset: 0)).byteOffset
            if encodingFault && fault.byteOffset == start {
                fault.byteOffset = inInput(StreamPosition(line: 1, column: 1, byteOffset: bytesPushed)).byteOffset
            }
            stop(with: fault)
        }
        if hasFailed, let failure { throw failure }
    }

    /// The position libxml2 is at: its line and column, and the bytes consumed from the start of the stream.
    package var position: StreamPosition { inInput(context.position(bytesPushed: bytesPushed)) }

    /// A position in what libxml2 was given, as a position in the whole input (which may have started with
    /// whitespace that was dropped, or been repaired).
    private func inInput(_ position: StreamPosition) -> StreamPosition { input.restore(position) }

    /// Runs a handler callback; a thrown error halts libxml2 and is rethrown by `feed` or `terminate`.
    func deliver(_ body: () throws(StreamError) -> Void) {
        guard !hasFailed else { return }
        do {
            try body()
        } catch {
            stop(with: error)
        }
    }

    /// Records a fault found while handling events, positioned where libxml2 is now.
    package func fail(kind: StreamError.Kind, message: String) {
        guard !hasFailed else { return }
        stop(with: StreamError(kind: kind, message: message, at: position, path: handler.currentPath))
    }

    private func stop(with error: StreamError) {
        guard !hasFailed else { return }
        failure = positioned(error)
        hasFailed = true
        xmlStopParser(context)
    }

    /// `error` placed where libxml2 is now, unless it already has a position; with the handler's path.
    package func positioned(_ error: StreamError) -> StreamError {
        var error = error
        if error.line == 0 {
            let here = position
            error.line = here.line
            error.column = here.column
            error.byteOffset = here.byteOffset
        }
        if error.path == nil { error.path = handler.currentPath }
        return error
    }

    /// libxml2's structured error channel: warnings are ignored, anything worse ends the parse.
    private func record(_ error: xmlError) {
        guard !hasFailed, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        if toleratesUndeclaredPrefixes, error.domain == Int32(XML_FROM_NAMESPACE.rawValue),
            error.code == Int32(XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue)
        {
            return
        }
        var message = error.message.map { String(cString: $0) } ?? "malformed XML"
        while message.last?.isWhitespace == true { message.removeLast() }
        // Some libxml2 messages span lines ("…indicate encoding !\nBytes: 0xFF…"); an error prints on one.
        message = message.split(whereSeparator: \.isNewline).joined(separator: "; ")
        let code = xmlParserErrors(rawValue: UInt32(bitPattern: error.code))
        let kind: StreamError.Kind
        switch code {
        case XML_ERR_DOCUMENT_EMPTY, XML_ERR_DOCUMENT_END, XML_ERR_TAG_NOT_FINISHED, XML_ERR_LTSLASH_REQUIRED,
            XML_ERR_GT_REQUIRED:
            kind = isTerminating ? .truncatedInput : .malformedInput
            if isTerminating {
                // libxml2 words a premature end as "Extra content at the end of the document"; say what happened
                // (the error's path names the element left open).
                let path = handler.currentPath
                message = path.isEmpty ? "the input ended before the root element" : "the input ended in mid-document"
            }
        case XML_ERR_ENTITY_LOOP, XML_ERR_ENTITY_PE_INTERNAL, XML_ERR_EXT_ENTITY_STANDALONE:
            kind = .disallowedConstruct
        case XML_ERR_INVALID_CHAR, XML_ERR_INVALID_ENCODING,
            XML_ERR_INTERNAL_ERROR where context.isAtMalformedUTF8:
            // libxml2 reports a bad byte differently depending on where the chunk boundary fell (2.9.14 stops on
            // a sequence split across chunks with an internal error, its cursor on the bad byte); the same input
            // must give the same error in every chunking.
            kind = .malformedInput
            message = "invalid character: not valid in the document's encoding, or not allowed in XML"
        default:
            kind = .malformedInput
        }
        var position = self.position
        if error.line > 0 {
            let reported = inInput(StreamPosition(line: Int(error.line), column: max(Int(error.int2), 1), byteOffset: 0))
            position.line = reported.line
            position.column = reported.column
        }
        let fault = StreamError(kind: kind, message: message, at: position, path: handler.currentPath)
        // A document that ends without a root element has nothing to salvage: even recover mode reports it.
        let endedWithoutRoot = isTerminating && !(handler.hasSeenRoot)
        guard recovers, !endedWithoutRoot else {
            stop(with: fault)
            return
        }
        addWarning(fault)
    }

    /// Records a repair made outside libxml2 (elements closed at the end of input in recover mode).
    package func warn(kind: StreamError.Kind, message: String) {
        addWarning(StreamError(kind: kind, message: message, at: position, path: handler.currentPath))
    }
}

/// The names of one libxml2 parser context: interning through it makes pointers that compare equal to the
/// names libxml2 hands to that context's callbacks.
private struct XMLDictionary: XMLNameTable {
    package let dictionary: OpaquePointer

    package func intern(_ name: String) -> XMLName {
        XMLName(bytes: UnsafePointer(xmlDictLookup(dictionary, name, -1)))
    }
}

/// The C side of ``XMLPushParser``'s text run (shim.h): allocated with the parser, freed with it.
private struct XMLTextRun: ~Copyable {
    let run: UnsafeMutablePointer<feedstream_text_run>

    init(deliver: feedstream_text_receiver) {
        guard let run = feedstream_text_run_create(deliver) else { fatalError("could not allocate a text run") }
        self.run = run
    }

    deinit { feedstream_text_run_free(run) }
}
