#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

#if arch(x86_64)
    private import CTextScan
#endif

/// Sanitizes, without libxml2, the markup that needs no repair: most feed HTML (`<p>…<a href="…">…</a></p>`).
///
/// It accepts a value only when it can prove that libxml2 and ``HTMLSanitizingWriter`` would write exactly what
/// it writes, and gives up (the caller then takes the libxml2 path) at the first thing it cannot vouch for:
/// - every element is one of ``elements`` (allow-listed, or `iframe`, `script` and `picture`, which the writer
///   drops: an iframe's or a picture's tag with its content kept, a script's tag with its text up to `</script>`),
///   its end tags matching, void elements never given an end tag, no `/>` on other elements; of libxml2's own
///   closing rules (its `htmlStartClose` table: a `<p>` inside an open `<b>` closes the `<b>`) only the commonest
///   is taken, a paragraph left open closed by the block that follows it or by its parent's end tag, and what is
///   open at the end is closed, as libxml2 closes it;
/// - attributes are `name="value"`, no allow-listed name twice, values without `<`, tabs or line breaks; they go
///   through the very function the libxml2 path uses (``HTMLSanitizingWriter/appendAttribute(_:name:value:base:to:)``),
///   so URL, style and dropped attributes come out the same (a dropped attribute's value is read only to its end);
/// - no comment, doctype, processing instruction, CDATA or stray `<`; references end in `;` and are `&amp;`,
///   `&lt;`, `&gt;`, `&quot;`, decimal or hexadecimal ones, or names libxml2's HTML parser knows (`&#8217;`,
///   `&#x2019;`, `&nbsp;`), of a character libxml2 hands over as it is (no control, C1, surrogate, U+FFFE or
///   U+FFFF); no control character but tab and line feed, no U+FFFE or U+FFFF.
///
/// Text is written as libxml2 delivers it and the writer escapes it, so `>` becomes `&gt;` and `&quot;` `"`.
/// `HTMLSanitizerFastPathTests` runs generated values through both paths and compares.
enum HTMLSanitizingFastPath {
    /// The elements the fast path writes, each with the elements libxml2 closes when it starts inside them
    /// (libxml2 2.9's `htmlStartClose`, restricted to this list). `textarea`, `col`, forms and anything libxml2
    /// parses specially are left to libxml2 (`pre` keeps a leading line feed through libxml2 and the writer, so
    /// it is read as `div` is).
    static let elements: [(name: String, closes: [String])] = {
        let fontStyle = ["tt", "i", "b", "u", "s", "strike", "big", "small"]
        let headings = ["h1", "h2", "h3", "h4", "h5", "h6"]
        let inline = [
            "abbr", "acronym", "b", "big", "cite", "code", "dfn", "em", "font", "i", "kbd", "q", "s", "samp", "small",
            "span", "strike", "strong", "sub", "sup", "tt", "u", "var", "br", "img", "ins", "del", "time",
            "article", "aside", "figure", "figcaption", "footer", "header", "nav", "section",
        ]
        var table: [(name: String, closes: [String])] = inline.map { ($0, []) }
        // libxml2 closes an open `pre` for block elements but `p` (checked against libxml2 by the tests; a few
        // of these may not close it, which only sends such a value to libxml2).
        table += [
            ("a", ["a"]), ("p", ["p"] + headings + fontStyle), ("div", ["p", "pre"]), ("blockquote", ["p", "pre"]),
            ("hr", ["p", "pre"]), ("pre", ["p", "pre"]), ("ul", ["p", "ol", "pre"]), ("ol", ["p", "ul", "pre"]),
            ("li", ["p", "dl", "li", "pre"] + headings), ("dl", ["p", "dt", "pre"]), ("dt", ["p", "dd", "pre"]),
            ("dd", ["p", "dt", "pre"]),
        ]
        table += headings.map { ($0, ["p", "pre"]) }
        // Tables (Blogger's image captions, Markdown's tables, newsletters), with libxml2's own closing rules: a
        // cell, row or section that starts while another is open is closed by libxml2, which sends such a value to
        // libxml2. `col` and `colgroup` stay with libxml2.
        let cellsAndRows = ["th", "td", "tr", "caption", "p", "pre"]
        table += [
            ("table", ["p", "pre", "a"] + headings), ("caption", ["p", "pre"]), ("thead", ["caption", "pre"]),
            ("tbody", cellsAndRows + ["thead", "tfoot", "tbody"]), ("tfoot", cellsAndRows + ["thead", "tbody"]),
            ("tr", cellsAndRows), ("td", ["th", "td", "p", "pre", "span", "font", "a", "b", "i", "u"]),
            ("th", ["th", "td", "p", "pre", "span", "font", "a", "b", "i", "u"]),
        ]
        // Not written: an embed's frame (its content is) and a script with its text.
        table += [("iframe", []), ("script", [])]
        // A responsive image: `picture` dropped (its content kept), its `source`s written. libxml2 2.9 knows neither
        // and closes neither; it leaves a `source` open (the writer writes it void), so the scan takes one only
        // straight inside a `picture`, where what libxml2 nests in it comes out the same.
        table += [("picture", []), ("source", [])]
        return table
    }()

    struct Element {
        var isVoid: Bool
        /// Whether the sanitizer writes the element (`iframe` and `script` it drops; a script with its text).
        var isWritten = true
        var dropsContent = false
        /// `source`: taken only straight inside a `picture`.
        var needsPicture = false
        /// Whether what the scan writes for a start tag depends on its bytes alone (and the base URL): written,
        /// closing nothing, wanting no parent, not void (`span`, `code`, `em`), so the tag cache may keep it.
        var isCacheable = false
        /// The open elements this one closes when it starts, one bit per index into ``elementNames``: the first 64
        /// in `closes.low`, the rest in `closes.high`.
        var closes: (low: UInt64, high: UInt64)

        /// `</name>` in small letters, as the scan compares it in place (``Scanner/endTagAsRead(_:)``); never matches
        /// for an element not written, whose end tag the writer drops.
        var endTag = EndTag.none

        /// Whether starting this element closes the open element at `index`.
        @inline(__always)
        func closes(_ index: Int) -> Bool {
            (index < 64 ? closes.low >> UInt64(index) : closes.high >> UInt64(index &- 64)) & 1 != 0
        }
    }

    /// The fast path's element names, looked up by bytes, each with its ``Element`` rule.
    static let elementNames: HTMLNameTable<Element> = {
        precondition(elements.count <= 2 * UInt64.bitWidth, "closes is a bit set over the elements")
        return HTMLNameTable(elements.map { entry in
            let closes = entry.closes.reduce((low: UInt64(0), high: UInt64(0))) { bits, closed in
                let index = elements.firstIndex { $0.name == closed }!
                return index < 64
                    ? (bits.low | 1 << UInt64(index), bits.high) : (bits.low, bits.high | 1 << UInt64(index - 64))
            }
            switch HTMLSanitizingWriter.elementRule(lowercased: entry.name) {
            case .write(let isVoid):
                let needsPicture = entry.name == "source"
                return (entry.name, Element(
                    isVoid: isVoid, needsPicture: needsPicture, isCacheable: !needsPicture && !isVoid && entry.closes.isEmpty,
                    closes: closes, endTag: isVoid ? .none : EndTag(name: entry.name)))
            case .drop: return (entry.name, Element(isVoid: false, isWritten: false, closes: closes))
            case .dropWithContent:
                return (entry.name, Element(isVoid: false, isWritten: false, dropsContent: true, closes: closes))
            }
        })
    }()

    /// Where `p` and `picture` are in ``elementNames``: a block closes an open paragraph, a `source` needs a picture.
    static let paragraph = elements.firstIndex { $0.name == "p" }!
    static let picture = elements.firstIndex { $0.name == "picture" }!

    /// Every allow-listed attribute name with its rule (``HTMLSanitizingWriter/attributeRule(lowercased:)``); a name
    /// not here is dropped.
    static let attributeNames: HTMLNameTable<HTMLSanitizingWriter.AttributeRule> = {
        let names = HTMLAllowList.attributes.union(HTMLAllowList.urlAttributes)
            .union(HTMLAllowList.sourceSetAttributes).union(["style"]).sorted()
        precondition(names.count <= 4 * UInt64.bitWidth, "seenAttributes is a bit set over the attributes")
        return HTMLNameTable(names.map { ($0, HTMLSanitizingWriter.attributeRule(lowercased: $0)) })
    }()

    /// Past this depth libxml2 decides.
    static let maximumDepth = 256

    /// The buffers a scan uses, kept by the session between values so that a value allocates none.
    struct Scratch {
        /// The memory of ``Scanner/open``: one byte per open element (an index into ``elementNames``), made at the
        /// first value (a `Scratch` is also made empty for each scanner, which swaps it with the session's).
        var open: [UInt8] = []
        var value: [UInt8] = []
        var entities = EntityCache()
        /// The `style` values filtered so far, kept across values as ``entities`` are.
        var styles = CSSStyleCache()
        /// The start tags sanitized so far (``TagCache``), kept across values while their base stays.
        var tagCache = TagCache()
    }

    /// Writes the sanitized form of `html` to `output` and returns `true`, or returns `false` (with `output` in
    /// any state) when the value needs libxml2.
    static func sanitize(_ html: UnsafeBufferPointer<UInt8>, base: URL?, into output: inout ByteAccumulator) -> Bool {
        var scratch = Scratch()
        return sanitize(html, base: base, into: &output, reusing: &scratch)
    }

    /// ``sanitize(_:base:into:)`` with buffers kept from earlier values.
    static func sanitize(
        _ html: UnsafeBufferPointer<UInt8>, base: URL?, into output: inout ByteAccumulator,
        reusing scratch: inout Scratch
    ) -> Bool {
        // Out of `scratch` while the scanner holds `scratch` and a pointer into this.
        scratch.tagCache.use(base)
        var open: [UInt8] = []
        swap(&open, &scratch.open)
        defer { swap(&open, &scratch.open) }
        if open.count < maximumDepth { open = Array(repeating: 0, count: maximumDepth) }
        return open.withUnsafeMutableBufferPointer { open in
            var scanner = Scanner(bytes: html, base: base, open: open)
            swap(&scanner.scratch, &scratch)
            defer { swap(&scanner.scratch, &scratch) }
            return scanner.run(into: &output)
        }
    }

    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let base: URL?
        var index = 0
        var scratch = Scratch()
        /// The allow-listed attributes of the current tag so far, one bit per index into ``attributeNames``.
        var seenAttributes = SIMD4<UInt64>()
        /// The elements open, innermost last, in ``Scratch/open``'s memory: a push or a pop is one store, where an
        /// array's checks its uniqueness and capacity (55 k elements of the `rss-html` workload).
        private let open: UnsafeMutableBufferPointer<UInt8>
        /// How many elements are open.
        private(set) var depth = 0
        /// How many `math` and `svg` roots are open: a vocabulary's elements are taken only inside one of its own.
        var mathRoots = 0
        var svgRoots = 0

        init(bytes: UnsafeBufferPointer<UInt8>, base: URL?, open: UnsafeMutableBufferPointer<UInt8>) {
            precondition(open.count >= HTMLSanitizingFastPath.maximumDepth)
            self.bytes = bytes
            self.base = base
            self.open = open
        }

        /// The innermost open element.
        var innermost: Int? { depth > 0 ? Int(open[depth - 1]) : nil }

        /// Opens `element`; `false` past ``HTMLSanitizingFastPath/maximumDepth``, where libxml2 decides.
        @inline(__always)
        mutating func push(_ element: Int) -> Bool {
            guard depth < HTMLSanitizingFastPath.maximumDepth else { return false }
            open[depth] = UInt8(truncatingIfNeeded: element)
            depth += 1
            return true
        }

        /// Closes the innermost element.
        @inline(__always)
        mutating func pop() {
            assert(depth > 0)
            depth -= 1
        }

        mutating func run(into output: inout ByteAccumulator) -> Bool {
            // Reached once per value and handed down: a `static let` checks its `swift_once` at each use, and a
            // parameter is borrowed, where a stored reference would be retained and released around every tag.
            let elementNames = HTMLSanitizingFastPath.elementNames
            let attributeNames = HTMLSanitizingFastPath.attributeNames
            // Made at the first tag that may be MathML or SVG: most values have none, and making them costs 1.7 M.
            var foreignTables: ForeignTables?
            var runStart = 0
            while true {
                index = plainTextEnd(from: index)
                guard index < bytes.count else { break }
                let byte = bytes[index]
                switch byte {
                case 0x09, 0x0A:
                    // Written as they are: the run goes on (WordPress puts two line feeds between blocks).
                    index += 1
                    continue
                case 0xEF:
                    // U+FFFE and U+FFFF are no XML characters; libxml2 decides what becomes of them.
                    if startsNonCharacter(at: index) { return false }
                    index += 1
                    continue
                case UInt8(ascii: "&"):
                    let start = index
                    guard let decoded = reference() else { return false }
                    // `&amp;`, `&lt;` and `&gt;` are written as they were read: the run goes on.
                    if decoded == "&" || decoded == "<" || decoded == ">", bytes[start + 1] != UInt8(ascii: "#") {
                        continue
                    }
                    // The text so far and the character, in one append.
                    let pending = runStart..<start
                    let source = bytes.baseAddress! + pending.lowerBound
                    output.append(upTo: pending.count + 8) { target in
                        target.copyMemory(from: source, byteCount: pending.count)
                        return pending.count + Self.storeCharacter(decoded, at: target + pending.count)
                    }
                case UInt8(ascii: "<"):
                    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                    // Half the tags: `</span>` closing the innermost element as written, compared here in place.
                    if next == UInt8(ascii: "/"), let length = endTagAsRead(elementNames, foreignTables) {
                        index += length
                        pop()
                        continue
                    }
                    let pending = runStart..<index
                    // A start tag met before, whole (``TagCache``): taken here, without the call to the tag code,
                    // whose entry and exit cost a highlighted span a fifth of what the cache costs it.
                    let letter = TagCache.letterBit(next)
                    let outcome =
                        if scratch.tagCache.firstLetters & letter != 0, !isInForeignContent,
                            let cached = cachedTag(at: index, pending: pending, into: &output)
                        {
                            cached
                        } else {
                            tag(into: &output, after: pending, names: elementNames, attributeNames, foreignTables)
                        }
                    switch outcome {
                    case .failed: return false
                    case .unchanged: continue
                    case .written: break
                    case .needsForeignTables:
                        // The tag is read again, from its `<`, with them.
                        foreignTables = ForeignTables()
                        continue
                    }
                case UInt8(ascii: ">"):
                    output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                    output.append("&gt;")
                    index += 1
                default:
                    // NUL, carriage return (libxml2 normalizes line ends) and other control characters.
                    return false
                }
                runStart = index
            }
            output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
            // libxml2 closes what is open at the end (a paragraph left open, a `div` never closed): so does the writer.
            while let element = innermost {
                if element >= HTMLSanitizingFastPath.foreignBase {
                    closeForeignElement(to: &output, foreignTables!)
                    continue
                }
                pop()
                guard elementNames.value(at: element).isWritten else { continue }
                output.append("</")
                elementNames.withName(at: element) { output.append($0) }
                output.append(UInt8(ascii: ">"))
            }
            return true
        }

        /// Whether text holds `byte` as it is: not `<`, `&`, `>`, a control character or the lead byte 0xEF (of
        /// U+FFFE and U+FFFF).
        @inline(__always)
        static func isPlainText(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") && byte != UInt8(ascii: ">")
                && byte != 0xEF
        }

        /// Where the bytes of `word` (little-endian) that are not ``isPlainText(_:)`` are, as the high bit of each
        /// (by the bit tricks of "Bit Twiddling Hacks": a byte below 0x20, or a byte equal to one of the four). A
        /// byte above the first such byte may be marked too, but the lowest mark is exact: zero means none, and its
        /// trailing zero bits give the first.
        ///
        /// `<` (0x3C) and `>` (0x3E) are found by one test: setting bit 1 makes both 0x3E and no other byte.
        @inline(__always)
        static func stops(_ word: UInt64) -> UInt64 {
            below20(word) | holds(word | ones &* 0x02, UInt8(ascii: ">")) | holds(word, UInt8(ascii: "&"))
                | holds(word, 0xEF)
        }

        /// ``stops(_:)`` in an attribute value, whose stops are those of text and `"`: `"` (0x22) and `&` (0x26)
        /// by one test, setting bit 2 makes both 0x26 and no other byte.
        @inline(__always)
        static func valueStops(_ word: UInt64) -> UInt64 {
            below20(word) | holds(word | ones &* 0x02, UInt8(ascii: ">")) | holds(word | ones &* 0x04, UInt8(ascii: "&"))
                | holds(word, 0xEF)
        }

        /// The high bit of every byte of `word` below 0x20 (and perhaps of bytes above one that is).
        @inline(__always)
        static func below20(_ word: UInt64) -> UInt64 {
            (word &- ones &* 0x20) & ~word & highs
        }

        private static let ones: UInt64 = 0x0101_0101_0101_0101
        private static let highs: UInt64 = 0x8080_8080_8080_8080

        /// The high bit of every byte of `word` that is `byte` (and perhaps of bytes above one that is).
        @inline(__always)
        static func holds(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let zeroed = word ^ (ones &* UInt64(byte))
            return (zeroed &- ones) & ~zeroed & highs
        }

        /// The first position from `start` whose byte is not plain text, or the end: sixteen bytes at a time with
        /// SSE2 on x86-64 (`CTextScan`), eight in a word elsewhere, as most of a value is prose.
        @inline(__always)
        func plainTextEnd(from start: Int) -> Int {
            textEnd(from: start, inValue: false)
        }

        /// ``plainTextEnd(from:)`` inside an attribute value: the first position from `start` whose byte is not
        /// plain text or is `"`, or the end.
        @inline(__always)
        func valueTextEnd(from start: Int) -> Int {
            textEnd(from: start, inValue: true)
        }

        @inline(__always)
        private func textEnd(from start: Int, inValue: Bool) -> Int {
            #if arch(x86_64)
                guard let base = bytes.baseAddress else { return start }
                // `<` ends text already: asking for it again adds no stop.
                let also = inValue ? UInt8(ascii: "\"") : UInt8(ascii: "<")
                return start + fs_plain_text_length(base + start, bytes.count - start, also)
            #else
                return inValue ? wordValueTextEnd(from: start) : wordPlainTextEnd(from: start)
            #endif
        }

        /// ``plainTextEnd(from:)`` eight bytes at a time in a word: the scan where there is no SSE2, compared with
        /// it by the tests on x86-64.
        func wordPlainTextEnd(from start: Int) -> Int {
            scanEnd(from: start, stops: Self.stops) { Self.isPlainText($0) }
        }

        /// ``valueTextEnd(from:)`` eight bytes at a time in a word.
        func wordValueTextEnd(from start: Int) -> Int {
            scanEnd(from: start, stops: Self.valueStops) { Self.isPlainText($0) && $0 != UInt8(ascii: "\"") }
        }

        @inline(__always)
        private func scanEnd(from start: Int, stops: (UInt64) -> UInt64, isPlain: (UInt8) -> Bool) -> Int {
            guard let base = bytes.baseAddress else { return start }
            let count = bytes.count
            var position = start
            while position + 8 <= count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let found = stops(UInt64(littleEndian: word))
                if found != 0 { return position + found.trailingZeroBitCount >> 3 }
                position += 8
            }
            while position < count, isPlain(base[position]) { position += 1 }
            return position
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: false
            }
        }

        static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A
        }

        static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) &- UInt8(ascii: "a") < 26
        }

        /// A name at `index` (ASCII letters, digits and, for attributes, `-`; a letter first): where it lies in
        /// `bytes`, in the case it was written.
        mutating func name(allowsHyphen: Bool) -> Range<Int>? {
            // A local end, not `index`: a stored property would be written back at every byte.
            let start = index
            var end = start
            while end < bytes.count,
                Self.isNameByte(bytes[end]) || (allowsHyphen && bytes[end] == UInt8(ascii: "-") && end > start)
            {
                end += 1
            }
            index = end
            guard end > start, Self.isLetter(bytes[start]) else { return nil }
            return start..<end
        }

        /// What became of a tag.
        enum TagOutcome {
            /// The value needs libxml2.
            case failed
            /// Written to the output (or dropped), the text before it first.
            case written
            /// Nothing written: the tag's sanitized form is its source (`<p>`, `</em>`, `<br />`), which stays in
            /// the run of text around it, copied with it.
            case unchanged
            /// Nothing read: the tag may be MathML's or SVG's, whose tables the scan has not made yet.
            case needsForeignTables
        }

        /// A start or end tag at `index` (which holds `<`), written out; `pending` is the text before it not yet
        /// written, which is written first unless the tag is ``TagOutcome/unchanged``.
        mutating func tag(
            into output: inout ByteAccumulator, after pending: Range<Int>, names: HTMLNameTable<Element>,
            _ attributeNames: HTMLNameTable<HTMLSanitizingWriter.AttributeRule>, _ foreignTables: ForeignTables?
        ) -> TagOutcome {
            let tagStart = index
            index += 1
            guard index < bytes.count else { return .failed }
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                if isInForeignContent { return foreignEndTag(pending: pending, into: &output, foreignTables!) }
                // `</p>` closing the `p` open, as written: no name scan or lookup.
                if let element = innermost, names.isName(at: element, writtenAt: index, in: bytes) {
                    let end = index + names.length(at: element)
                    if end < bytes.count, bytes[end] == UInt8(ascii: ">"), names.value(at: element).isWritten {
                        index = end + 1
                        pop()
                        return .unchanged
                    }
                }
                guard let name = name(allowsHyphen: false), index < bytes.count, bytes[index] == UInt8(ascii: ">")
                else { return .failed }
                let (found, isLowercase) = names.lookUp(name, in: bytes)
                guard let element = found else { return .failed }
                var closesParagraph = false
                if innermost != element {
                    // `</li>` or `</div>` closing a paragraph left open inside it, as libxml2's
                    // `htmlAutoCloseOnClose` does (a paragraph's end priority is the lowest).
                    guard innermost == HTMLSanitizingFastPath.paragraph, depth >= 2, Int(open[depth - 2]) == element
                    else { return .failed }
                    pop()
                    closesParagraph = true
                }
                index += 1
                pop()
                let isWritten = names.value(at: element).isWritten
                if isWritten && isLowercase && !closesParagraph { return .unchanged }
                appendText(pending, to: &output)
                if closesParagraph { output.append("</p>") }
                guard isWritten else { return .written }
                output.append("</")
                names.withName(at: element) { output.append($0) }
                output.append(UInt8(ascii: ">"))
                return .written
            }
            // A start tag the session's cache holds was taken by the scan before this was called (``run(into:)``).
            guard let name = name(allowsHyphen: false) else { return .failed }
            // Inside MathML or SVG, whose start made the tables.
            if isInForeignContent { return foreignStartTag(name, pending: pending, into: &output, foreignTables!) }
            let (found, isLowercase) = names.lookUp(name, in: bytes)
            guard let element = found else {
                guard let foreignTables else {
                    index = tagStart
                    return .needsForeignTables
                }
                return foreignStartTag(name, pending: pending, into: &output, foreignTables)
            }
            let rule = names.value(at: element)
            if rule.isCacheable, index < bytes.count, bytes[index] == UInt8(ascii: " ") {
                return startTagKept(
                    element, rule: rule, isLowercase: isLowercase, tagStart: tagStart, pending: pending,
                    into: &output, names: names, attributeNames)
            }
            return startTag(
                element, rule: rule, isLowercase: isLowercase, tagStart: tagStart, pending: pending, into: &output,
                names: names, attributeNames)
        }

        /// Writes the tag from `start` to here as it was read (after an implied `</p>`, it is not in the run).
        mutating func writtenAsRead(from start: Int, to output: inout ByteAccumulator) -> TagOutcome {
            appendText(start..<index, to: &output)
            return .written
        }

        /// Appends the text at `range` as it is.
        @inline(__always)
        func appendText(_ range: Range<Int>, to output: inout ByteAccumulator) {
            output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        }

        /// Moves `index` past white space (space, tab, line feed); returns how much there was.
        mutating func skipBlanks() -> Int {
            let start = index
            while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
            return index - start
        }
    }
}
