extension XMLPushParser {
    /// How a parser reads its input: every choice a decoder makes about the engine, in one value.
    package struct Settings: Sendable {
        /// Whether libxml2's recover mode repairs well-formedness errors instead of stopping at the first.
        package var recover: Bool
        /// An IANA charset name (from HTTP `Content-Type`) used only when the document names no encoding of its
        /// own; unknown names are ignored and libxml2 detects the encoding as usual.
        package var defaultEncoding: String?
        /// What the parser lets through that strict XML refuses.
        package var leniency: Leniency

        package init(recover: Bool = false, defaultEncoding: String? = nil, leniency: Leniency = []) {
            self.recover = recover
            self.defaultEncoding = defaultEncoding
            self.leniency = leniency
        }
    }

    /// What a parser lets through that strict XML refuses: feeds and service records from the wild need some.
    package struct Leniency: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A prefix used without a namespace declaration (Fellowship One's `json:Array="true"`) is let through
        /// instead of ending the parse; libxml2 still delivers the name, with no URI.
        package static let undeclaredPrefixes = Leniency(rawValue: 1 << 0)
        /// HTML 4's named entities (`&eacute;`) are replaced by their characters, as RSS 0.91 documents written
        /// against Netscape's DTD expect; the DTD itself is still never read, and entity declarations still refused.
        package static let htmlEntities = Leniency(rawValue: 1 << 1)
        /// Whitespace before the first markup is dropped rather than refused (XML allows none before an XML
        /// declaration; feeds from the wild often carry blank lines there). Positions count it back in.
        package static let leadingWhitespace = Leniency(rawValue: 1 << 2)
        /// In recover mode, the faults of hand-made feeds are repaired before libxml2 sees them (``MarkupRepair``:
        /// bare `&`, HTML void elements, Windows-1252 bytes in UTF-8). No effect without `recover`.
        package static let markupRepair = Leniency(rawValue: 1 << 3)

        /// What feeds from the wild need (``FeedParser``).
        package static let feeds: Leniency = [.undeclaredPrefixes, .htmlEntities, .leadingWhitespace, .markupRepair]
        /// What XML records from real services need (``XMLItemParser``).
        package static let records: Leniency = [.undeclaredPrefixes]
    }

    /// The input stages `settings` ask for, in order; `switchEncoding` installs a default encoding in libxml2.
    static func inputPipeline(
        for settings: Settings, switchEncoding: @escaping (String) -> Void
    ) -> XMLInputPipeline {
        var stages: [any XMLInputStage] = []
        if settings.leniency.contains(.leadingWhitespace) { stages.append(LeadingWhitespace()) }
        if settings.recover && settings.leniency.contains(.markupRepair) {
            stages.append(MarkupRepair(defaultEncoding: settings.defaultEncoding))
        }
        if let defaultEncoding = settings.defaultEncoding {
            stages.append(EncodingSniffingStage(defaultEncoding: defaultEncoding, switchEncoding: switchEncoding))
        }
        // Always last: it guards what libxml2 itself sees.
        stages.append(CommentOpenerGuard())
        return XMLInputPipeline(stages)
    }
}
