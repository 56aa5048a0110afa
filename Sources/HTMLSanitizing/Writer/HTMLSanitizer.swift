#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Makes HTML from a feed safe to show in a web view: allow-list sanitizing on libxml2's HTML parser.
///
/// ```swift
/// let notes = HTMLSanitizer(baseURL: URL(string: "https://example.org/episodes/12"))
///     .sanitize(#"<p onclick="alert(1)">Hi<script>alert(2)</script> <a href="javascript:alert(3)">x</a></p>"#)
/// // <p>Hi <a>x</a></p>
/// ```
///
/// The rules are feedparser's, which feed readers have relied on for twenty years:
/// - Elements are kept only when allow-listed (paragraphs, links, images, lists, emphasis, code, tables,
///   headings, media …); others are dropped and their content kept, except `script`, `style` and `applet`,
///   which go with their content. `iframe`, `object`, `embed`, `form`, `meta`, `link`, `base`, `frame` and
///   `noscript` are never written.
/// - MathML and SVG are kept as feedparser keeps them: inside a `math` or `svg` element, that vocabulary's
///   allow-listed elements and attributes (`mi`, `mrow`, `displaystyle`; `path`, `d`, `stroke-linecap`), SVG's in
///   its own case (`viewBox`, `linearGradient`), the root declaring its namespace (`<math
///   xmlns="http://www.w3.org/1998/Math/MathML">`). `foreignObject` goes with its content; `xlink:href` and other
///   URLs are filtered as `href` is; an animation's `attributeName` goes unless it names an attribute safe to change
///   (never a link's target), and with it the `to`, `from`, `values` and `by` it would have set.
/// - Attributes are kept only when allow-listed, so every `on…` event handler goes. URL attributes (`href`,
///   `src`, `cite`, `action`, `longdesc`, `poster`, `background`, …) keep only http, https and mailto URLs and
///   relative references, which are resolved against ``baseURL``; `javascript:`, `vbscript:`, `data:` and every
///   other scheme go, however they are obfuscated with character references, whitespace or case. `srcset` keeps
///   each image candidate's URL by the same rule, its descriptors (`300w`, `2x`) as written; one unsafe candidate,
///   or descriptors that are none, remove the attribute.
/// - `style` keeps only allow-listed CSS properties with plain values (no `url()`, no `expression()`).
/// - Comments, processing instructions and doctypes are removed.
/// - The output is balanced (every element closed; void elements written `<br />`), text and attribute values
///   are escaped (`&amp;`, `&lt;`, `&gt;`, and `&quot;` in attributes) after character references were decoded.
///
/// A value without `<` is returned as it is, without parsing: it holds no markup, and its character references
/// (`&amp;`, `&#38;`, `&eacute;` …) are text to a browser, so they stay as the feed wrote them. Markup that needs
/// no repair (allow-listed, balanced, plainly quoted) is sanitized by a scan in Swift that writes what the libxml2
/// path writes; everything else goes through libxml2. Work and memory are linear in the
/// value; hostile markup (deep nesting, huge attributes, unterminated tags, binary garbage) gives safe output,
/// never a crash.
public struct HTMLSanitizer: Sendable, Hashable {
    /// The URL relative references in URL attributes are resolved against; `nil` keeps them relative.
    public var baseURL: URL?

    /// Creates a sanitizer.
    public init(baseURL: URL? = nil) {
        self.baseURL = baseURL
    }

    /// The safe form of `html`.
    public func sanitize(_ html: String) -> String {
        guard HTMLSanitizingSession.needsParsing(html) else { return html }
        return HTMLSanitizingSession(baseURL: baseURL).sanitize(html)
    }
}

/// A sanitizer that keeps its libxml2 parser between values: the form the feed parsers use, one per parser.
/// (`package` for the fuzz harness, which checks its two paths and its reuse against each other.)
package final class HTMLSanitizingSession {
    private let writer: HTMLSanitizingWriter
    private let parser: HTMLPushParser
    private var isFresh = true
    /// Whether markup libxml2 need not repair is sanitized without it (``HTMLSanitizingFastPath``); `false` only
    /// where tests compare the two paths.
    private let usesFastPath: Bool
    private var fastOutput = ByteAccumulator(capacity: 1024)
    private var fastScratch = HTMLSanitizingFastPath.Scratch()
    /// Values given to libxml2 and values the fast path finished: counts of work for the tests.
    private(set) var parsedCount = 0
    private(set) var fastPathCount = 0

    /// The URL relative references resolve against when the value comes with no base of its own.
    private let documentBase: URL?
    /// The last base given with a value, parsed: an entry's constructs, and a feed's entries, usually share one.
    private var lastBase: (text: String, url: URL?)?

    package init(baseURL: URL?, usesFastPath: Bool = true) {
        documentBase = baseURL
        writer = HTMLSanitizingWriter(base: baseURL)
        parser = HTMLPushParser(encoding: .utf8, handler: writer)
        self.usesFastPath = usesFastPath
    }

    /// Whether `html` can hold markup: without `<` there is no element, comment or other construct in it, and its
    /// character references stand for text — a browser shows it as text, so it is kept exactly as written (as
    /// feedparser keeps it).
    static func needsParsing(_ html: String) -> Bool {
        // Over the contiguous bytes of a native string (memchr, a word at a time): a generic scan of
        // `String.UTF8View` costs several times more.
        html.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, Int32(UInt8(ascii: "<")), bytes.count) != nil
        } ?? html.utf8.contains(UInt8(ascii: "<"))
    }

    /// The safe form of `html`.
    package func sanitize(_ html: String) -> String {
        sanitize(html, base: nil)
    }

    /// The safe form of `html`, its relative references resolved against `base` (the `xml:base` in scope where
    /// the value stood), or against the session's URL when `base` is `nil`.
    package func sanitize(_ html: String, base: String?) -> String {
        guard Self.needsParsing(html) else { return html }
        writer.base = url(of: base)
        if usesFastPath {
            fastOutput.removeAll()
            var html = html
            let (done, unchanged) = html.withUTF8 { bytes in
                let done = HTMLSanitizingFastPath.sanitize(
                    bytes, base: writer.base, into: &fastOutput, reusing: &fastScratch)
                // Most feed HTML comes out as it went in: returning the value itself spares validating a copy.
                let unchanged = done && fastOutput.count == bytes.count
                    && fastOutput.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
                return (done, unchanged)
            }
            if done {
                fastPathCount += 1
                return unchanged ? html : Self.string(fromScannedUTF8: fastOutput)
            }
        }
        parsedCount += 1
        // The context, and so the name pointers the writer memoizes, stay across values — until the names a long
        // stream brings (each new element or attribute name stays in libxml2's dictionary) pass a bound.
        var keepsNames = true
        if !isFresh {
            keepsNames = parser.restart(keepingNames: parser.internedNameCount <= Self.maximumInternedNames)
        }
        isFresh = false
        writer.reset(keepsNames: keepsNames)
        // The value is wrapped in a body so that libxml2 reads it as body content: text at the top of a document
        // would otherwise be given an implied `<p>`.
        do {
            try parser.feed(UnsafeRawBufferPointer(start: Self.bodyPrefix.utf8Start, count: Self.bodyPrefix.utf8CodeUnitCount))
            // libxml2 reads a NUL as the end of a string; browsers read it as U+FFFD.
            let hasNUL = html.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? html.utf8.contains(0)
            var html = hasNUL ? html.replacing("\u{0}", with: "\u{FFFD}") : html
            try html.withUTF8 { bytes in try parser.feed(UnsafeRawBufferPointer(bytes)) }
            try parser.terminate()
        } catch {
            // The writer throws nothing; an error here would be libxml2's, and nothing of the value is trusted.
            return ""
        }
        return writer.finishedOutput()
    }

    private static let bodyPrefix: StaticString = "<html><body>"

    /// The fast path's output as a `String`, copied without validating it a second time: it is the value's own bytes
    /// (a `String`'s, so valid UTF-8), cut only next to ASCII bytes, and whole characters the scan encoded. Validating
    /// it was as costly as the decoder's `String` of the same value (42 M instructions of 485 M on the `rss-html`
    /// workload); debug builds still validate, and so do compilers before Swift 6.2 (no `UTF8Span`).
    private static func string(fromScannedUTF8 output: ByteAccumulator) -> String {
        output.withUnsafeBytes { bytes in
            assert(String(validating: bytes, as: UTF8.self) != nil, "the fast path wrote invalid UTF-8")
            #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                return unsafe String(copying: UTF8Span(unchecked: bytes.bindMemory(to: UInt8.self).span))
            }
            #endif
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `base` as a URL: the session's own without one, or when it is no URL at all.
    private func url(of base: String?) -> URL? {
        guard let base else { return documentBase }
        if let lastBase, lastBase.text == base { return lastBase.url ?? documentBase }
        let url = URL(string: base)
        lastBase = (base, url)
        return url ?? documentBase
    }

    /// Names libxml2 may hold for this session before it starts on a fresh context: memory stays bounded however
    /// long the feed, while a feed's usual few hundred names never cost a new context.
    package static let maximumInternedNames = 4096

    /// The names libxml2 holds for this session now (see ``maximumInternedNames``).
    package var internedNameCount: Int { parser.internedNameCount }
}
