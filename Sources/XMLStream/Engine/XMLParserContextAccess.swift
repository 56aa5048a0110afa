// `internal`, not `private`: the members below name libxml2's context type, and are used by the engine's other
// files; nothing of CLibXML2 leaves the module.
internal import CLibXML2

// The only place where FeedStream reads or writes `xmlParserCtxt` fields directly, for the XML engine
// (`XMLPushParser`) and the HTML one (`HTMLPushParser`) alike: the context types are the same, `htmlParserCtxtPtr`
// is `xmlParserCtxtPtr`.
//
// libxml2 deprecated direct access to the parser context in 2.12. Everything else the engines need goes through
// functions that exist in 2.9.14 (the oldest release supported, see shim.h) and in current releases:
// `xmlSAX2GetLineNumber`/`xmlSAX2GetColumnNumber` and `xmlByteConsumed` for positions, `xmlStopParser`,
// `xmlCtxtUseOptions`/`htmlCtxtUseOptions` (`XML_PARSE_NOENT` for entity replacement), `xmlCtxtReset`/`htmlCtxtReset`
// to free a document libxml2 built before the context is freed (`xmlCtxtGetDocument`, 2.14, would hand it over
// instead), `xmlCtxtGetLastError` and the structured error handler for error codes. What is left here has no
// accessor in 2.9.14; each member names the release that offers one (checked against a current `parser.h`, 2.14 or
// later, where each field used here is deprecated or, for `input`, awaits accessors: libxml2 issue #762), so a
// port to a newer minimum touches this file only.
extension UnsafeMutablePointer where Pointee == xmlParserCtxt {
    /// The context's name dictionary, which interns the names handed to the SAX callbacks.
    /// libxml2 2.14: `xmlCtxtGetDict(ctxt)`.
    var nameDictionary: OpaquePointer? { pointee.dict }

    /// Who receives the SAX events. Set after creation because the owner (the parser object) needs the context's
    /// dictionary before it is complete; no libxml2 release has a setter (2.15 adds the getter
    /// `xmlCtxtGetUserData`), so a port would pass the owner to `xmlCreatePushParserCtxt` through a box instead.
    var eventReceiver: UnsafeMutableRawPointer? {
        get { pointee.userData }
        nonmutating set { pointee.userData = newValue }
    }

    /// Starts the HTML context over on a new document, keeping its dictionary, SAX handler and options; `false` when
    /// libxml2 could not (the caller then makes a new context). libxml2 has no push reset for HTML in any release:
    /// `htmlCtxtReset` leaves the context without a push input, and `xmlCtxtResetPush` sets it up for XML, so the
    /// HTML mode is set back by hand (2.14 adds only the getter, `xmlCtxtIsHtml`). Call `eventReceiver`'s setter
    /// after it: whether the reset keeps the user data differs between releases.
    func resetForAnotherHTMLDocument() -> Bool {
        guard xmlCtxtResetPush(self, nil, 0, nil, nil) == 0 else { return false }
        pointee.html = 1
        return true
    }

    /// Whether libxml2 halted the parse (`xmlStopParser`, or a fault it cannot go on from). libxml2 2.14:
    /// `xmlCtxtIsStopped(ctxt)` (which also counts a fatal error outside recover mode, where the status of
    /// `xmlParseChunk` already reports the fault).
    var isHalted: Bool { pointee.instate == XML_PARSER_EOF }

    /// Whether libxml2 is reading a start tag or an attribute value, where an entity reference is replaced by a
    /// copy of its text. No accessor in any release (the SAX `getEntity` callback is not told where it is called
    /// from).
    var isInStartTag: Bool {
        let state = pointee.instate
        return state == XML_PARSER_ATTRIBUTE_VALUE || state == XML_PARSER_START_TAG
    }

    /// Bytes libxml2 holds in its input buffer without having parsed them yet (UTF-8, after any conversion).
    /// libxml2 2.15: `xmlCtxtGetInputWindow`; `xmlByteConsumed` counts raw bytes instead, and with a converting
    /// encoding re-encodes the unparsed rest on every call.
    var unparsedByteCount: Int {
        guard let input = pointee.input, let cursor = input.pointee.cur, let end = input.pointee.end else { return 0 }
        return cursor.distance(to: end)
    }

    /// Whether the input buffer's encoding conversion failed. libxml2 2.9.14 may report such a failure only here
    /// (with `xmlParseChunk` returning 0); from 2.12 on the failure is also recorded as the context's last error
    /// (`XML_ERR_INVALID_ENCODING` / `XML_I18N_CONV_FAILED`), and this field is no longer consulted.
    var conversionFailed: Bool { (pointee.input?.pointee.buf?.pointee.error ?? 0) != 0 }

    /// Whether the bytes at libxml2's cursor do not begin a complete, valid UTF-8 character: what libxml2 2.9.14
    /// meets when it reports `XML_ERR_INTERNAL_ERROR` for a bad byte split across chunks (it stops in character
    /// data without making progress). libxml2 2.15: `xmlCtxtGetInputWindow`.
    var isAtMalformedUTF8: Bool {
        guard let input = pointee.input, let cursor = input.pointee.cur, let end = input.pointee.end,
            cursor < end
        else { return false }
        let window = UnsafeBufferPointer(start: cursor, count: min(cursor.distance(to: end), 4))
        var iterator = window.makeIterator()
        var decoder = Unicode.UTF8()
        switch decoder.decode(&iterator) {
        case .scalarValue: return false
        case .emptyInput, .error: return true
        }
    }

}
