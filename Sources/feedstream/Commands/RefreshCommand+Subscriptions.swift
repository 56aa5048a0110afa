import AtomStream
import FeedStreamServices
import Foundation
import XMLStream

extension RefreshCommand {
    /// The subscriptions a SUBSCRIPTIONS file names: an OPML file (every outline with an `xmlUrl`, filed in its
    /// ancestors' titles) or a text file with one URL a line (blank lines and `#` comments skipped).
    ///
    /// The one place the command reads that file, so that OPML can move to AtomStream's OPML reader in one edit.
    static func subscriptionURLs(from file: URL) throws -> [Subscription] {
        let data = try Data(contentsOf: file)
        let firstByte = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if firstByte == UInt8(ascii: "<") { return try opmlSubscriptions(data) }
        var found: [Subscription] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host != nil
            else { throw SubscriptionListError(message: "line \(number + 1): not an http(s) URL: \(text.prefix(200))") }
            found.append(Subscription(url: url))
        }
        return found
    }

    /// The feeds of an OPML document, read with the XML records reader: each top-level outline is one record,
    /// its nested outlines inside it.
    private static func opmlSubscriptions(_ data: Data) throws -> [Subscription] {
        let parser = try XMLItemParser<XMLRecordValue>(path: "opml/body/outline")
        var found: [Subscription] = []
        for outline in try parser.parseAll(data) { collect(outline, folders: [], into: &found) }
        return found
    }

    private static func collect(_ outline: XMLRecordValue, folders: [String], into found: inout [Subscription]) {
        let title = (outline["@title"] ?? outline["@text"])?.stringValue
        if let text = (outline["@xmlUrl"] ?? outline["@xmlURL"] ?? outline["@xmlurl"])?.stringValue,
            let url = URL(string: text.trimmingCharacters(in: .whitespaces)), url.host != nil
        {
            found.append(Subscription(url: url, title: title, folders: folders))
        }
        let inner = folders + (title.map { [$0] } ?? [])
        switch outline["outline"] {
        case .array(let children)?: for child in children { collect(child, folders: inner, into: &found) }
        case let child?: collect(child, folders: inner, into: &found)
        case nil: break
        }
    }
}

/// A SUBSCRIPTIONS file that is neither OPML nor a list of URLs.
struct SubscriptionListError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
