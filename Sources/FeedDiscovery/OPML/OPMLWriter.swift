#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Writes outlines as an OPML 2.0 document that ``OPMLParser`` reads back to the same outlines, piece by piece so
/// that a list of any length is written in constant memory.
///
/// ```swift
/// var writer = OPMLWriter(head: OPMLHead(title: "My subscriptions"))
/// var document = writer.start()
/// for outline in outlines { document += writer.write(outline) }
/// document += writer.finish()
/// ```
///
/// Each outline's ``OPMLOutline/folders`` become enclosing folder outlines (`<outline text="News" title="News">`):
/// consecutive outlines in the same folder share one, so a list grouped by folder is written as it was read; a
/// folder that comes back later is opened again, which reads back the same. Attributes are written as given
/// (`type` too: `rss` is what most readers expect of a feed outline), escaped so that `&`, `<`, quotes, tabs and
/// line breaks survive; control characters XML cannot carry are left out. Outlines without an `xmlURL` are
/// written without children, and read back as the same outlines (empty folders). Categories are joined with commas, as OPML 2.0 writes them.
public struct OPMLWriter: Sendable {
    /// The head written by ``start()``.
    public var head: OPMLHead
    private var openFolders: [String] = []

    /// Creates a writer.
    public init(head: OPMLHead = OPMLHead()) {
        self.head = head
    }

    /// The whole document for `outlines`.
    public static func document(_ outlines: some Sequence<OPMLOutline>, head: OPMLHead = OPMLHead()) -> String {
        var writer = OPMLWriter(head: head)
        var document = writer.start()
        for outline in outlines { document += writer.write(outline) }
        document += writer.finish()
        return document
    }

    /// The XML declaration, the `head` and the opening of the `body`.
    public mutating func start() -> String {
        openFolders = []
        var out = ByteAccumulator()
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n")
        Self.element("title", head.title, to: &out)
        Self.element("dateCreated", head.dateCreated.map(Self.rfc822), to: &out)
        Self.element("dateModified", head.dateModified.map(Self.rfc822), to: &out)
        Self.element("ownerName", head.ownerName, to: &out)
        Self.element("ownerEmail", head.ownerEmail, to: &out)
        Self.element("ownerId", head.ownerID, to: &out)
        Self.element("docs", head.docs ?? "http://opml.org/spec2.opml", to: &out)
        out.append("  </head>\n  <body>\n")
        return out.string(0..<out.count)
    }

    /// One outline, after closing and opening the folders that differ from the previous outline's.
    public mutating func write(_ outline: OPMLOutline) -> String {
        var out = ByteAccumulator()
        var shared = 0
        while shared < min(openFolders.count, outline.folders.count), openFolders[shared] == outline.folders[shared] {
            shared += 1
        }
        closeFolders(downTo: shared, to: &out)
        for folder in outline.folders[shared...] {
            indent(&out)
            out.append("<outline")
            Self.attribute("text", folder, to: &out)
            Self.attribute("title", folder, to: &out)
            out.append(">\n")
            openFolders.append(folder)
        }
        indent(&out)
        out.append("<outline")
        Self.attribute("text", outline.text, to: &out)
        Self.attribute("title", outline.title, to: &out)
        Self.attribute("type", outline.type, to: &out)
        Self.attribute("xmlUrl", outline.xmlURL, to: &out)
        Self.attribute("htmlUrl", outline.htmlURL, to: &out)
        Self.attribute("description", outline.description, to: &out)
        Self.attribute(
            "category", outline.categories.isEmpty ? nil : outline.categories.joined(separator: ","), to: &out)
        out.append("/>\n")
        return out.string(0..<out.count)
    }

    /// Closes the open folders, the `body` and the document.
    public mutating func finish() -> String {
        var out = ByteAccumulator()
        closeFolders(downTo: 0, to: &out)
        out.append("  </body>\n</opml>\n")
        return out.string(0..<out.count)
    }

    // MARK: - Pieces

    private mutating func closeFolders(downTo count: Int, to out: inout ByteAccumulator) {
        while openFolders.count > count {
            openFolders.removeLast()
            indent(&out)
            out.append("</outline>\n")
        }
    }

    private func indent(_ out: inout ByteAccumulator) {
        for _ in 0..<(openFolders.count + 2) { out.append("  ") }
    }

    private static func element(_ name: StaticString, _ value: String?, to out: inout ByteAccumulator) {
        guard let value else { return }
        out.append("    <")
        out.append(name)
        out.append(">")
        appendEscaped(value, to: &out)
        out.append("</")
        out.append(name)
        out.append(">\n")
    }

    private static func attribute(_ name: StaticString, _ value: String?, to out: inout ByteAccumulator) {
        guard let value else { return }
        out.append(" ")
        out.append(name)
        out.append("=\"")
        appendEscaped(value, to: &out)
        out.append("\"")
    }

    /// Markup escaped as in any attribute, plus what attribute-value normalization would turn into spaces (tab,
    /// line feed, carriage return) as character references; other C0 controls cannot appear in XML 1.0 at all.
    private static func appendEscaped(_ value: String, to out: inout ByteAccumulator) {
        var value = value
        value.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var runStart = 0
            for index in 0..<bytes.count where bytes[index] < 0x20 {
                out.appendEscaped(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]), attribute: true)
                switch bytes[index] {
                case 0x09: out.append("&#9;")
                case 0x0A: out.append("&#10;")
                case 0x0D: out.append("&#13;")
                default: break
                }
                runStart = index + 1
            }
            out.appendEscaped(UnsafeRawBufferPointer(rebasing: bytes[runStart...]), attribute: true)
        }
    }

    /// RFC 822 in GMT, as OPML dates are written.
    private static func rfc822(_ date: Date) -> String {
        DateParser.rfc822String(date)
    }
}
