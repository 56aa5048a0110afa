import AtomStream
import FeedStreamCommandLine
import FeedStreamServices
import Foundation

extension RefreshCommand {
    /// The subscriptions a SUBSCRIPTIONS file names: an OPML file (every outline with an `xmlUrl`, filed in its
    /// ancestors' titles) or a text file with one URL a line (blank lines and `#` comments skipped).
    ///
    /// The one place the command reads that file.
    static func subscriptionURLs(from file: URL) throws -> [Subscription] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            // Foundation's own description is several lines of its userInfo.
            let cause = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let reason =
                cause.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
                ?? (FileManager.default.fileExists(atPath: file.path) ? "not a readable file" : "no such file")
            throw SubscriptionListError(message: "cannot read it: \(reason)")
        }
        let firstByte = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if firstByte == UInt8(ascii: "<") { return try opmlSubscriptions(data) }
        var found: [Subscription] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let url = SubscriptionsCommand.feedURL(text) else {
                throw SubscriptionListError(message: "line \(number + 1): not an http(s) URL: \(text.prefix(200))")
            }
            found.append(Subscription(url: url))
        }
        return found
    }

    /// The feeds of an OPML document: every outline that names a feed URL, filed in its ancestors' titles
    /// (``OPMLParser`` reads nested outlines as folders, attribute names in any case).
    private static func opmlSubscriptions(_ data: Data) throws -> [Subscription] {
        try OPMLParser().parseAll(data).compactMap { outline in
            guard let text = outline.xmlURL, let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
                url.host != nil
            else { return nil }
            return Subscription(url: url, title: outline.title ?? outline.text, folders: outline.folders)
        }
    }
}

/// A SUBSCRIPTIONS file that is neither OPML nor a list of URLs.
struct SubscriptionListError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
