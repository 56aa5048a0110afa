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
        TextScan.withUTF8(text) { bytes in
            // `hid` between the ends and single blanks.
            var search = 0
            while let found = TextScan.firstIndex(ofASCII: hid, in: bytes, from: search) {
                let end = found + hid.count
                let starts = found == 0 || bytes[found - 1] == 0x20
                if starts && (end == bytes.count || bytes[end] == 0x20) { return true }
                search = found + 1
            }
            return negative.occurs(in: bytes)
        }
    }

    private static let hid = Array("hid".utf8)
    private static let share = Array("share".utf8)
    private static let daddy = Array("daddy".utf8)

    /// `(\b|_)(share|sharedaddy)(\b|_)`, a word character being a letter or a digit of any script.
    static func isShare(_ text: String) -> Bool {
        TextScan.withUTF8(text) { bytes in
            func isWordCharacter(at index: Int) -> Bool {
                let properties = TextScan.scalar(in: bytes, at: index).scalar.properties
                return properties.isAlphabetic || properties.numericType != nil
            }
            var search = 0
            while let start = TextScan.firstIndex(ofASCII: share, in: bytes, from: search) {
                search = start + 1
                var previous = start - 1
                while previous > 0 && bytes[previous] & 0xC0 == 0x80 { previous -= 1 }
                guard start == 0 || !isWordCharacter(at: previous) else { continue }
                var end = start + share.count
                if TextScan.firstIndex(ofASCII: daddy, in: UnsafeBufferPointer(rebasing: bytes[end...]), from: 0) == 0 {
                    end += daddy.count
                }
                if end == bytes.count || !isWordCharacter(at: end) { return true }
            }
            return false
        }
    }

    /// Whether `value` names a video host people embed (YouTube, Vimeo, Dailymotion, Twitch, Wikimedia, Archive).
    static func isVideo(_ value: String) -> Bool { matches(value, videoHosts) }

    private static let videoHosts: HintWords = [
        "//www.dailymotion.com", "//dailymotion.com", "//www.youtube.com", "//youtube.com",
        "//www.youtube-nocookie.com", "//youtube-nocookie.com", "//player.vimeo.com", "//www.player.vimeo.com",
        "//v.qq.com", "//www.v.qq.com", "//archive.org", "//www.archive.org", "//upload.wikimedia.org",
        "//www.upload.wikimedia.org", "//player.twitch.tv", "//www.player.twitch.tv",
    ]

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
