/// SplitMix64: the fixtures are the same bytes on every machine and every run for the same seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A lowercase hex string of `count` digits, for UUID-like ids.
    mutating func hex(_ count: Int) -> String {
        var text = ""
        text.reserveCapacity(count)
        let digits = Array("0123456789abcdef")
        for _ in 0..<count { text.append(digits[below(16)]) }
        return text
    }

    mutating func uuid() -> String {
        "\(hex(8))-\(hex(4))-\(hex(4))-\(hex(4))-\(hex(12))"
    }
}

/// Words for realistic text: Latin, accented, CJK and emoji, so UTF-8 of every length appears.
enum Vocabulary {
    static let words = [
        "sprint", "review", "roadmap", "customer", "release", "meeting", "update", "design", "notes", "wiki",
        "blog", "forum", "activity", "community", "deadline", "budget", "launch", "feedback", "draft", "policy",
        "Zürich", "café", "naïve", "résumé", "Ångström", "München", "São", "Paulo", "crème", "brûlée",
        "日本語", "東京", "会議", "報告", "プロジェクト", "中文", "北京", "数据", "한국어", "서울",
        "🚀", "✅", "📅", "🎉",
    ]
    static let firstNames = ["Amy", "Frank", "Liu", "Carla", "Jürgen", "Søren", "Aiko", "Rahul", "Zoë", "Marta"]
    static let lastNames = ["Jones", "Adams", "Wei", "Diaz", "Müller", "Ørsted", "Tanaka", "Gupta", "Dubois", "Nowak"]

    static func sentence(_ random: inout SeededRandom, words count: Int) -> String {
        var parts: [String] = []
        parts.reserveCapacity(count)
        for _ in 0..<count { parts.append(random.pick(words)) }
        return parts.joined(separator: " ")
    }
}
