import StreamCore

/// The input stage that holds a document's first bytes until ``XMLEncodingSniffer`` knows whether the default
/// encoding applies, installs it (through `switchEncoding`) when it does, then hands the held bytes on; after that
/// it passes everything straight through.
package final class EncodingSniffingStage: XMLInputStage {
    /// `nil` once decided.
    private var sniffer: XMLEncodingSniffer?
    private let switchEncoding: (String) -> Void

    package init(defaultEncoding: String, switchEncoding: @escaping (String) -> Void) {
        sniffer = XMLEncodingSniffer(defaultEncoding: defaultEncoding)
        self.switchEncoding = switchEncoding
    }

    package var heldByteCount: Int { sniffer?.prefix.count ?? 0 }

    package func take<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        guard var sniffer else { return try send(bytes) }
        let decision = sniffer.take(bytes, atEnd: atEnd)
        self.sniffer = sniffer
        if decision == .undecided { return }
        self.sniffer = nil
        // UTF-8 is what libxml2 reads natively: installing a converter for it only costs time.
        if decision == .useDefault, !sniffer.defaultIsUTF8 { switchEncoding(sniffer.defaultEncoding) }
        // `withUnsafeBytes` rethrows untyped errors; carry the typed one out through a `Result`.
        let outcome = sniffer.prefix.withUnsafeBytes { held in Result { () throws(E) in try send(held) } }
        try outcome.get()
    }
}
