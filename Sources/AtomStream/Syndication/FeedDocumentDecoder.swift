import StreamCore
@_spi(XMLEngine) import XMLStream

/// Sniffs the root element and hands every event to the decoder for that format: the Atom decoder for Atom 1.0
/// (and, through Atom 0.3's names, for Atom 0.3), the RSS decoder for `rss` and `rdf:RDF`.
///
/// The decoder is chosen once, on the root's start tag; until then there is nothing to hand on.
final class FeedDocumentDecoder: XMLEventHandler {
    private let table: any XMLNameTable
    private let limits: StreamLimits
    private let documentBase: String?
    private let recovers: Bool
    private let rdf, atom03, rss, rdfRoot: XMLName
    /// The namespaces of the prefixes feeds use without declaring them (`<dc:creator>` with no `xmlns:dc`), which
    /// libxml2 reports as a namespace fault and hands over with no namespace: read as feed readers read them.
    private let conventionalPrefixes: [(prefix: XMLName, namespace: XMLName)]

    // Read on every SAX event, written once: exempt from dynamic exclusivity checks like the decoders' own state.
    // Kept by measurement: removing the unchecked exclusivity of the Atom and RSS decoders costs --child atom +23.8
    // %, rss-raw +23.1 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked exclusivity buys").
    @exclusivity(unchecked) private(set) var atom: AtomDocumentDecoder?
    @exclusivity(unchecked) private(set) var rssDecoder: RSSDocumentDecoder?
    /// The chosen decoder again, unretained, for forwarding events: `atom` or `rssDecoder` keeps it alive, and
    /// reading a `var` holding a class costs a retain/release pair per SAX event, a measurable share of decoding.
    @exclusivity(unchecked) private var atomEvents: Unmanaged<AtomDocumentDecoder>?
    @exclusivity(unchecked) private var rssEvents: Unmanaged<RSSDocumentDecoder>?

    init(table: any XMLNameTable, limits: StreamLimits, documentBase: String?, recovers: Bool) {
        self.table = table
        self.limits = limits
        self.documentBase = documentBase
        self.recovers = recovers
        rdf = table.intern("http://www.w3.org/1999/02/22-rdf-syntax-ns#")
        atom03 = table.intern(AtomNames.atom03Namespace)
        rss = table.intern("rss")
        rdfRoot = table.intern("RDF")
        conventionalPrefixes = Self.conventionalNamespaces.map { (table.intern($0.prefix), table.intern($0.namespace)) }
    }

    static let conventionalNamespaces: [(prefix: String, namespace: String)] = [
        ("dc", "http://purl.org/dc/elements/1.1/"), ("dcterms", "http://purl.org/dc/terms/"),
        ("content", "http://purl.org/rss/1.0/modules/content/"), ("media", "http://search.yahoo.com/mrss/"),
        ("itunes", "http://www.itunes.com/dtds/podcast-1.0.dtd"), ("atom", "http://www.w3.org/2005/Atom"),
        ("slash", "http://purl.org/rss/1.0/modules/slash/"), ("wfw", "http://wellformedweb.org/CommentAPI/"),
        ("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"),
    ]

    /// The namespace an element with an undeclared prefix is read in: the conventional one for that prefix, or
    /// none (then the element is an unknown one, as any foreign element is).
    private func namespace(of prefix: XMLName, _ namespace: XMLName) -> XMLName {
        guard namespace.isNone, !prefix.isNone else { return namespace }
        return conventionalPrefixes.first { $0.prefix == prefix }?.namespace ?? namespace
    }

    /// Carries the decoder out of the engine's handler factory, typed.
    final class Box {
        var value: FeedDocumentDecoder?
    }

    var feed: AtomFeed {
        atom?.feedSoFar ?? rssDecoder?.feedSoFar ?? AtomFeed(format: "")
    }

    func takeCompleted() -> [AtomEntry] {
        atom?.takeCompleted() ?? rssDecoder?.takeCompleted() ?? []
    }

    /// Whether the chosen decoder keeps each text construct's `xml:base` for the sanitizer (``MarkupBases``).
    var recordsMarkupBases = false

    /// The bases of the entries the last ``takeCompleted()`` handed over (see ``MarkupBases/takeCompleted()``).
    func takeCompletedMarkupBases() -> [(index: Int, bases: MarkupBases.FieldBases)] {
        atom?.markupBases.takeCompleted() ?? rssDecoder?.markupBases.takeCompleted() ?? []
    }

    /// The bases of the feed's own text constructs.
    var feedMarkupBases: MarkupBases.FieldBases {
        atom?.markupBases.feed ?? rssDecoder?.markupBases.feed ?? MarkupBases.FieldBases()
    }

    var currentPath: String { atom?.currentPath ?? rssDecoder?.currentPath ?? "" }
    var hasSeenRoot: Bool { atom != nil || rssDecoder != nil }
    var hasOpenElements: Bool { atom?.hasOpenElements ?? rssDecoder?.hasOpenElements ?? false }

    func closeOpenElements() throws(StreamError) {
        try atom?.closeOpenElements()
        try rssDecoder?.closeOpenElements()
    }

    // The event methods are inlined into their protocol witnesses, which the engine calls on every SAX event:
    // forwarding is then one call, not two.
    @inline(__always)
    func startElement(_ tag: XMLStartTag) throws(StreamError) {
        var tag = tag
        if tag.namespace.isNone && !tag.prefix.isNone {
            tag = XMLStartTag(
                localName: tag.localName, prefix: tag.prefix, namespace: namespace(of: tag.prefix, tag.namespace),
                namespaceCount: tag.namespaceCount, namespaces: tag.namespaces, attributeCount: tag.attributeCount,
                attributes: tag.attributes)
        }
        if let rssEvents {
            try Self.forward(rssEvents) { (decoder) throws(StreamError) in try decoder.startElement(tag) }
        } else if let atomEvents {
            try Self.forward(atomEvents) { (decoder) throws(StreamError) in try decoder.startElement(tag) }
        } else {
            try chooseDecoder(for: tag)
        }
    }

    @inline(__always)
    func endElement(localName: XMLName, prefix: XMLName, namespace: XMLName) throws(StreamError) {
        let namespace = self.namespace(of: prefix, namespace)
        if let rssEvents {
            try Self.forward(rssEvents) { (decoder) throws(StreamError) in
                try decoder.endElement(localName: localName, prefix: prefix, namespace: namespace)
            }
        } else if let atomEvents {
            try Self.forward(atomEvents) { (decoder) throws(StreamError) in
                try decoder.endElement(localName: localName, prefix: prefix, namespace: namespace)
            }
        }
    }

    @inline(__always)
    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError) {
        if let rssEvents {
            try Self.forward(rssEvents) { (decoder) throws(StreamError) in try decoder.characters(text) }
        } else if let atomEvents {
            try Self.forward(atomEvents) { (decoder) throws(StreamError) in try decoder.characters(text) }
        }
    }

    /// Runs `body` with the decoder without retaining it, keeping the error typed.
    @inline(__always)
    private static func forward<Decoder: AnyObject>(
        _ decoder: Unmanaged<Decoder>, _ body: (Decoder) throws(StreamError) -> Void
    ) throws(StreamError) {
        var failure: StreamError?
        decoder._withUnsafeGuaranteedRef { decoder in
            do throws(StreamError) {
                try body(decoder)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    private func chooseDecoder(for tag: XMLStartTag) throws(StreamError) {
        if tag.localName == rss || (tag.localName == rdfRoot && tag.namespace == rdf) {
            let decoder = RSSDocumentDecoder(
                names: RSSNames(table), podcastNames: PodcastNames(table), limits: limits, documentBase: documentBase)
            decoder.markupBases.isRecording = recordsMarkupBases
            rssDecoder = decoder
            rssEvents = Unmanaged.passUnretained(decoder)
            try decoder.startElement(tag)
            return
        }
        let names = AtomNames(table, atom03: tag.namespace == atom03)
        let isAtom =
            tag.namespace == names.atom && (tag.localName == names.feed || tag.localName == names.entry)
        guard isAtom || (tag.localName == names.error && names.isServiceError(tag.namespace)) else {
            let namespace = tag.namespace.isNone ? "no namespace" : "namespace \(tag.namespace.string)"
            throw StreamError(
                kind: .unexpectedDocument,
                message: "the root element <\(tag.localName.string)> in \(namespace) is not an Atom or RSS feed")
        }
        let decoder = AtomDocumentDecoder(
            names: names, podcastNames: PodcastNames(table), limits: limits, documentBase: documentBase,
            recovers: recovers)
        decoder.markupBases.isRecording = recordsMarkupBases
        atom = decoder
        atomEvents = Unmanaged.passUnretained(decoder)
        try decoder.startElement(tag)
    }
}
