/// Readability's class and id hints (Readability.js, `REGEXPS`), matched case-insensitively as substrings.
enum ReadabilityHints {
    static let unlikely: HintWords = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote",
    ]
    static let maybeCandidate: HintWords = ["and", "article", "body", "column", "content", "main", "shadow"]
    static let positive: HintWords = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]
    static let negative: HintWords = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "foot", "footer", "footnote", "gdpr",
        "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
        "skyscraper", "sponsor", "shopping", "tags", "widget",
    ]
    static let byline: HintWords = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]

    /// Whether any of `words` occurs in `text`, ASCII letters matched in either case.
    static func matches(_ text: String, _ words: HintWords) -> Bool {
        guard !text.isEmpty else { return false }
        return TextScan.withUTF8(text) { words.occurs(in: $0) }
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

/// Lowercase ASCII words looked for in class names and ids, found by their first byte: a hint list has up to 31
/// words, and each byte of a name is tried only against the words that begin with it.
struct HintWords: ExpressibleByArrayLiteral, Sendable {
    private let words: [[UInt8]]
    /// For each ASCII byte, the words that begin with it.
    private let byFirstByte: [[Int]]

    init(arrayLiteral elements: String...) {
        words = elements.map { Array($0.utf8) }
        var byFirstByte = [[Int]](repeating: [], count: 128)
        for (index, word) in words.enumerated() { byFirstByte[Int(word[0])].append(index) }
        self.byFirstByte = byFirstByte
    }

    /// Whether a word occurs in `haystack`, ignoring ASCII case.
    func occurs(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        for start in haystack.indices {
            let first = TextScan.lowercased(haystack[start])
            guard first < 0x80 else { continue }
            for candidate in byFirstByte[Int(first)] {
                let word = words[candidate]
                guard start + word.count <= haystack.count else { continue }
                var index = 1
                while index < word.count && TextScan.lowercased(haystack[start + index]) == word[index] { index += 1 }
                if index == word.count { return true }
            }
        }
        return false
    }
}
