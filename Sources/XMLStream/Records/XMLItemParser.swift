#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore

/// Streams the XML records a path selects, each decoded into `T` as soon as its closing tag has been parsed.
///
/// ```swift
/// struct Person: Decodable, Sendable {
///     var id: Int                  // <person id="1" …>
///     var firstName: String        // <firstName>Jane</firstName>
///     var title: String?           // <title></title> is nil
///     var dateOfBirth: Date?       // 1976-08-13T00:00:00, in Options.timeZone
/// }
/// let parser = try XMLItemParser<Person>(path: "results/person")
/// for chunk in chunks {
///     for person in try parser.parse(chunk) { show(person) }
/// }
/// _ = try parser.finish()
/// let morePages = parser.container.integer("additionalPages") ?? 0
/// ```
///
/// The path names elements by local name from the root, slash-separated: `results/person` for a search,
/// `people/person` for a list, `person` for a document that is one record. Attributes and child elements are
/// both keys by local name; an empty element is `nil` for an optional and `""` for a `String`; children that
/// repeat fill an array (a single one is a one-element array, none an empty one); `Bool`, integers (exactly),
/// `Double`, `Decimal`, `Date` and `URL` are read from text; nested `Decodable` types from child elements.
/// `XMLItemParser<XMLRecordValue>` reads records of any shape.
///
/// Built on libxml2's SAX2 push parser, with memory bounded by one record: only the record being read is held,
/// as a compact element tree that is reused for the next. A record that does not fit `T` stops the parser with
/// a ``StreamError`` of kind `typeMismatch` whose path names the record and the key
/// (`results/person[3]/dateOfBirth`); the records before it were returned. Secure as ``AtomParser`` is: no
/// network access, no external DTD or entity, entity declarations refused. Unlike a feed, a prefix used without
/// a namespace declaration (Fellowship One's `json:Array="true"`) is accepted: real services send it.
public final class XMLItemParser<T: Decodable & Sendable>: PushDrivenParser {
    public typealias Item = T

    /// How the parser reads.
    public struct Options: Sendable, Hashable {
        /// Bounds on nesting, text and record sizes.
        public var limits: StreamLimits
        /// The encoding to read the document in when it names none itself: an IANA charset name, typically the
        /// `charset` of the HTTP `Content-Type`. A document that declares its encoding always wins.
        public var defaultEncoding: String?
        /// The time zone of dates and date-times written without an offset (`1976-08-13T00:00:00`), as
        /// Fellowship One writes them. UTC by default.
        public var timeZone: TimeZone
        /// Repair ill-formed documents with libxml2's recover mode instead of stopping at the first fault; what
        /// was repaired is listed in ``XMLItemParser/warnings``, and a record cut short by the end of input is
        /// completed with what it holds.
        public var recover: Bool

        /// Creates options.
        public init(
            limits: StreamLimits = .default, defaultEncoding: String? = nil,
            timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, recover: Bool = false
        ) {
            self.limits = limits
            self.defaultEncoding = defaultEncoding
            self.timeZone = timeZone
            self.recover = recover
        }
    }

    private let engine: XMLPushParser
    private let selector: XMLRecordSelector
    private let collector = Collector()
    package var core: PushParserCore<T>

    /// Selects the elements at `path` (`results/person`).
    ///
    /// - Throws: ``StreamError`` of kind `misuse` when `path` is not element names separated by `/`.
    public convenience init(path: String, options: Options = Options()) throws {
        try self.init(path: XMLRecordPath(path), options: options)
    }

    /// Selects the elements at an already parsed `path`.
    public init(path: XMLRecordPath, options: Options = Options()) {
        let components = path.components
        let box = XMLRecordSelector.Box()
        engine = XMLPushParser(
            settings: .init(recover: options.recover, defaultEncoding: options.defaultEncoding, leniency: .records)
        ) { names in
            let made = XMLRecordSelector(
                components: components, names: names, limits: options.limits, timeZone: options.timeZone)
            box.value = made
            return made
        }
        selector = box.value!
        selector.onRecord = { [collector] tree in try collector.decode(tree) }
        core = PushParserCore(engine: engine) { [collector] in collector.completed.take() }
    }

    /// Whether `path` is one the parser accepts: element names separated by `/`, optionally starting with `/`.
    public static func isValid(path: String) -> Bool { (try? XMLRecordPath(path)) != nil }

    /// The element holding the records and its attributes (`<results count="4" … additionalPages="0">`),
    /// available as soon as its start tag was parsed.
    public var container: XMLRecordContainer { selector.container }

    /// How many elements the path has selected so far.
    public var itemCount: Int { selector.itemCount }

    /// In recover mode, every fault that was repaired instead of reported, with its position (the first 1,000).
    public var warnings: [StreamError] { engine.warnings }

    /// How much work the input cost the C parser, for tests that prove linear time without a clock.
    package var intakeStatistics: IntakeStatistics { engine.intake.statistics }

    /// Decodes each record the selector completes and keeps it until the parser returns it.
    private final class Collector {
        var completed = CompletedItems<T>()

        func decode(_ tree: XMLRecordTree) throws {
            if T.self == XMLRecordValue.self {
                completed.append(reinterpret(XMLRecordValue(tree: tree, node: 0), as: T.self))
            } else {
                completed.append(try T(from: XMLRecordDecoder(tree: tree, node: 0)))
            }
        }
    }
}
