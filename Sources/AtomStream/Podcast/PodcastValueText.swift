import Foundation

/// How the podcast namespaces write durations, flags and numbers, read as podcast apps read them.
enum PodcastValueText {
    /// `itunes:duration` in every form it is written in — `3723`, `62:03`, `1:02:03`, `1:02:03.5` — in seconds;
    /// `nil` for anything else.
    static func duration(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var seconds = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                let value = Double(part), value.isFinite
            else { return nil }
            seconds = seconds * 60 + value
        }
        return seconds
    }

    /// `itunes:explicit`: `yes`, `true`, `explicit` are `true`; `no`, `false`, `clean` are `false`.
    static func explicit(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "yes", "true", "explicit": true
        case "no", "false", "clean": false
        default: nil
        }
    }

    /// `yes` / `true` (`itunes:block`, `itunes:complete`, `podcast:locked`); `no` / `false` are `false`.
    static func flag(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "yes", "true": true
        case "no", "false": false
        default: nil
        }
    }

    static func integer(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A finite number (durations, sizes, splits); `nil` for NaN, infinity or anything not a number.
    static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite else { return nil }
        return value
    }

    static func int64(_ text: String) -> Int64? {
        Int64(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The text, or `nil` when it is empty after trimming.
    static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
