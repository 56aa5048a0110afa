/// The few text operations Readability's scoring does with regular expressions, on Unicode scalars: JavaScript's
/// `\s` is Unicode's white space, as `Unicode.Scalar.Properties.isWhitespace` is.
enum TextScan {
    @inline(__always)
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: Unicode's property table costs a lookup per character, and pages are mostly ASCII.
        if scalar.value < 0x80 { return scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace || scalar == "\u{FEFF}"
    }

    /// `text` without leading and trailing white space (JavaScript's `trim`).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isBlank($0) })!
        return String(scalars[first...last])
    }

    /// Whether `text` is empty or white space only.
    static func isBlank(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(isBlank) }

    /// `text` with each run of two or more white-space characters made one blank (`/\s{2,}/g` → `" "`).
    static func collapsingBlankRuns(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        func flush() {
            if run.count >= 2 { output.append(" ") } else { output.append(contentsOf: run) }
            run.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if isBlank(scalar) { run.append(scalar); continue }
            if !run.isEmpty { flush() }
            output.append(scalar)
        }
        if !run.isEmpty { flush() }
        return String(output)
    }

    /// Every run of white space made one blank, and the ends trimmed: text as a reader shows it.
    static func squeezed(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var pendingBlank = false
        for scalar in text.unicodeScalars {
            if isBlank(scalar) {
                pendingBlank = !output.isEmpty
                continue
            }
            if pendingBlank { output.append(" ") }
            pendingBlank = false
            output.append(scalar)
        }
        return String(output)
    }

    /// The commas of Latin, Arabic, Chinese and other scripts that Readability counts.
    static func commaCount(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { count, scalar in
            switch scalar {
            case "\u{002C}", "\u{060C}", "\u{FE50}", "\u{FE10}", "\u{FE11}", "\u{2E41}", "\u{2E34}", "\u{2E32}",
                "\u{FF0C}":
                count + 1
            default: count
            }
        }
    }

    /// Runs of letters, digits and `_` (`\w+`), lowercased: the words of ``Article/wordCount`` and of
    /// Readability's text similarity.
    static func words(_ text: String) -> [Substring] {
        var words: [Substring] = []
        let lowered = text.lowercased()
        var start: String.Index?
        var index = lowered.startIndex
        while index < lowered.endIndex {
            let character = lowered[index]
            if character.isLetter || character.isNumber || character == "_" || character.isMark {
                if start == nil { start = index }
            } else if let begun = start {
                words.append(lowered[begun..<index])
                start = nil
            }
            index = lowered.index(after: index)
        }
        if let begun = start { words.append(lowered[begun...]) }
        return words
    }
}

extension Character {
    fileprivate var isMark: Bool {
        unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } ?? false
    }
}

/// Readability's class and id hints (Readability.js, `REGEXPS`), matched case-insensitively as substrings.
enum ReadabilityHints {
    static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote",
    ]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "shadow"]
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]
    static let negative = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "foot", "footer", "footnote", "gdpr",
        "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
        "skyscraper", "sponsor", "shopping", "tags", "widget",
    ]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]

    static func matches(_ text: String, _ needles: [String]) -> Bool {
        guard !text.isEmpty else { return false }
        let lowered = Array(text.lowercased().utf8)
        return needles.contains { needle in contains(lowered, Array(needle.utf8)) }
    }

    /// Whether `needle` occurs in `haystack` (both short: class names and ids).
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return needle.isEmpty }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first {
                var index = 1
                while index < needle.count && haystack[start + index] == needle[index] { index += 1 }
                if index == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    /// The negative hint, with its `hid` alternatives: `^hid$| hid$| hid |^hid `.
    static func isNegative(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered == "hid" || lowered.hasSuffix(" hid") || lowered.contains(" hid ") || lowered.hasPrefix("hid ") {
            return true
        }
        return matches(lowered, negative)
    }

    /// `(\b|_)(share|sharedaddy)(\b|_)`.
    static func isShare(_ text: String) -> Bool {
        let scalars = Array(text.lowercased().unicodeScalars)
        let word = Array("share".unicodeScalars)
        guard scalars.count >= word.count else { return false }
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        for start in 0...(scalars.count - word.count) where Array(scalars[start..<(start + word.count)]) == word {
            let before = start == 0 || !isWordScalar(scalars[start - 1]) || scalars[start - 1] == "_"
            var end = start + word.count
            if Array(scalars[end...].prefix(5)) == Array("daddy".unicodeScalars) { end += 5 }
            let after = end == scalars.count || !isWordScalar(scalars[end]) || scalars[end] == "_"
            if before && after { return true }
        }
        return false
    }

    /// Whether `value` names a video host people embed (YouTube, Vimeo, Dailymotion, Twitch, Wikimedia, Archive).
    static func isVideo(_ value: String) -> Bool {
        let lowered = value.lowercased()
        let hosts = [
            "//www.dailymotion.com", "//dailymotion.com", "//www.youtube.com", "//youtube.com",
            "//www.youtube-nocookie.com", "//youtube-nocookie.com", "//player.vimeo.com", "//www.player.vimeo.com",
            "//v.qq.com", "//www.v.qq.com", "//archive.org", "//www.archive.org", "//upload.wikimedia.org",
            "//www.upload.wikimedia.org", "//player.twitch.tv", "//www.player.twitch.tv",
        ]
        return hosts.contains { lowered.contains($0) }
    }

    /// Text that is only an advertisement's label or a loading indicator.
    static func isAdOrLoading(_ text: String) -> Bool {
        let lowered = text.lowercased()
        let words: Set<String> = [
            "ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама",
            "anuncio",
            "loading", "正在加载", "загрузка", "chargement", "cargando",
        ]
        if words.contains(lowered) { return true }
        for suffix in ["…", "..."] where lowered.hasSuffix(suffix) {
            let stem = String(lowered.dropLast(suffix.count))
            if ["loading", "正在加载", "загрузка", "chargement", "cargando"].contains(stem) { return true }
        }
        return false
    }
}
