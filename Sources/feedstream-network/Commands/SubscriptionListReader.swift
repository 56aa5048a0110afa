import AtomStream
import FeedStreamCommandLine
import FeedStreamServices
import FeedStreamStore
import Foundation

/// Reads a SUBSCRIPTIONS file — an OPML file (every outline with an `xmlUrl`, filed in its ancestors' titles) or a
/// text file with one URL a line (blank lines and `#` comments skipped) — 64 KiB at a time, handing on the
/// subscriptions it names a page at a time: `subscriptions add --from` holds one page of a file of any size, not
/// the file and every subscription in it.
///
/// The one place the command reads that file.
struct SubscriptionListReader {
    /// How much of the file is read at once.
    static let chunkSize = 64 << 10

    let file: URL
    /// The most subscriptions handed on at once.
    var pageSize = StoredSubscription.pageSize

    /// Hands each page of the file's subscriptions, in the file's order, to `body`; the last page may be short. A
    /// fault (a line that is no URL, malformed OPML) is thrown after every subscription before it was handed on.
    func forEachPage(_ body: ([Subscription]) async throws -> Void) async throws {
        let handle = try open()
        defer { try? handle.close() }
        var reading = Reading(pageSize: pageSize)
        var ended = false
        while !ended {
            var fault: (any Error)?
            do {
                if let chunk = try read(handle) {
                    try reading.take(chunk)
                } else {
                    ended = true
                    try reading.finish()
                }
            } catch {
                fault = error
            }
            while let page = reading.nextPage(flushing: ended || fault != nil) { try await body(page) }
            if let fault { throw fault }
        }
    }

    /// Every subscription of the file (a refresh of the array runs over them all).
    func all() async throws -> [Subscription] {
        var found: [Subscription] = []
        try await forEachPage { found += $0 }
        return found
    }

    private func open() throws -> FileHandle {
        do {
            return try FileHandle(forReadingFrom: file)
        } catch {
            // Foundation's own description is several lines of its userInfo.
            let cause = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let reason =
                cause.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
                ?? (FileManager.default.fileExists(atPath: file.path) ? "not a readable file" : "no such file")
            throw SubscriptionListError(message: "cannot read it: \(reason)")
        }
    }

    private func read(_ handle: FileHandle) throws -> Data? {
        do {
            guard let data = try handle.read(upToCount: Self.chunkSize), !data.isEmpty else { return nil }
            return data
        } catch {
            throw SubscriptionListError(message: "cannot read it: \(error.localizedDescription)")
        }
    }
}

extension SubscriptionListReader {
    /// The file's bytes so far, read as the kind its first byte says: `<` is OPML, anything else a list of URLs.
    private struct Reading {
        let pageSize: Int
        private var kind: Kind?
        private var found: [Subscription] = []
        /// Whitespace before the first byte that tells the kind (kept: it counts lines, and OPML is handed on whole).
        private var leading: [UInt8] = []
        /// The text list's bytes after its last complete line.
        private var partialLine: [UInt8] = []
        private var lineNumber = 0
        /// The last separator was a CR: an LF right after it ends no second line.
        private var afterCR = false

        private enum Kind {
            case opml(OPMLParser)
            case lines
        }

        /// The longest line a list may have.
        static let longestLine = 64 << 10

        init(pageSize: Int) { self.pageSize = pageSize }

        mutating func take(_ chunk: Data) throws {
            guard kind == nil else { return try process(chunk) }
            // Whitespace and a byte-order mark come before the first byte that tells.
            guard let first = chunk.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
                leading += chunk
                return
            }
            kind = first == UInt8(ascii: "<") ? .opml(OPMLParser()) : .lines
            let before = leading
            leading = []
            if !before.isEmpty { try process(Data(before)) }
            try process(chunk)
        }

        private mutating func process(_ chunk: Data) throws {
            switch kind {
            case .opml(let parser)?: found += try parser.parse(chunk).compactMap(Self.subscription)
            case .lines?: try takeLines(chunk)
            case nil: break
            }
        }

        mutating func finish() throws {
            switch kind {
            case .opml(let parser)?: try parser.finish { outline in Self.subscription(outline).map { found.append($0) } }
            case .lines?:
                if !partialLine.isEmpty { try line(partialLine) }
                partialLine = []
            case nil:
                // Nothing but whitespace: no subscriptions.
                break
            }
        }

        /// A full page when one is ready (or, `flushing`, what is left).
        mutating func nextPage(flushing: Bool = false) -> [Subscription]? {
            guard found.count >= pageSize || (flushing && !found.isEmpty) else { return nil }
            let page = Array(found.prefix(pageSize))
            found.removeFirst(page.count)
            return page
        }

        /// Splits on LF, CR and CRLF, as `isNewline` does, across chunk boundaries.
        private mutating func takeLines(_ chunk: Data) throws {
            var start = chunk.startIndex
            for index in chunk.indices {
                let byte = chunk[index]
                guard byte == 0x0A || byte == 0x0D else { continue }
                if byte == 0x0A && afterCR && index == start && partialLine.isEmpty {
                    afterCR = false
                    start = chunk.index(after: index)
                    continue
                }
                partialLine += chunk[start..<index]
                try line(partialLine)
                partialLine.removeAll(keepingCapacity: true)
                start = chunk.index(after: index)
                afterCR = byte == 0x0D
            }
            if start < chunk.endIndex {
                partialLine += chunk[start...]
                afterCR = false
            }
            // A line is a URL: one that never ends is no list, and is not held whole.
            if partialLine.count > Self.longestLine {
                throw SubscriptionListError(message: "line \(lineNumber + 1): longer than \(Self.longestLine >> 10) KiB")
            }
        }

        private mutating func line(_ bytes: [UInt8]) throws {
            lineNumber += 1
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { return }
            guard let url = SubscriptionsCommand.feedURL(text) else {
                throw SubscriptionListError(message: "line \(lineNumber): not an http(s) URL: \(text.prefix(200))")
            }
            found.append(Subscription(url: url))
        }

        /// An outline that names a feed URL (``OPMLParser`` reads nested outlines as folders, attribute names in any
        /// case).
        private static func subscription(_ outline: OPMLOutline) -> Subscription? {
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
