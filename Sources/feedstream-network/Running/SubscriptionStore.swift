import FeedStreamCommandLine
import FeedStreamServices
import Foundation
import JSONStream

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// `feedstream refresh --state FILE`: the subscriptions kept between runs, a JSON array of `Subscription` values.
///
/// Read as a stream (one subscription at a time through `JSONItemParser`), written whole to a temporary file
/// beside it and renamed over it: a run killed half-way leaves the previous file, never half of one.
struct SubscriptionStore {
    let path: String

    /// The stored subscriptions; none when the file does not exist yet.
    func read() throws -> [Subscription] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let reader = try InputReader(path: path, chunkSize: 64 << 10)
        let parser = try Self.parser()
        var subscriptions: [Subscription] = []
        try reader.forEachChunk { subscriptions += try parser.parse($0) }
        try parser.finish { subscriptions.append($0) }
        return subscriptions
    }

    /// The parser a state file is read with: every element of the root array.
    static func parser() throws -> JSONItemParser<Subscription> { try JSONItemParser<Subscription>(path: "$[*]") }

    /// Replaces the file with `subscriptions`, atomically.
    func write(_ subscriptions: [Subscription]) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(subscriptions)
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw StoreError(message: "cannot create \(temporary.path)")
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw StoreError(message: "cannot replace the state file: \(reason)")
        }
    }

    /// The subscriptions of this run: the list's, in its order, each with what the state stored about it (found by
    /// its URL, or by a URL it had before it moved). The list's title and folders win; stored subscriptions the
    /// list no longer names are dropped.
    static func merge(listed: [Subscription], stored: [Subscription]) -> RunningSubscriptions {
        var byURL: [URL: Subscription] = [:]
        for subscription in stored {
            byURL[subscription.url] = subscription
            for old in subscription.movedFrom where byURL[old] == nil { byURL[old] = subscription }
        }
        var seen: Set<URL> = []
        var merged: [Subscription] = []
        for item in listed {
            var subscription = byURL[item.url] ?? item
            guard seen.insert(subscription.url).inserted else { continue }
            if let title = item.title { subscription.title = title }
            if !item.folders.isEmpty { subscription.folders = item.folders }
            merged.append(subscription)
        }
        return RunningSubscriptions(merged)
    }

    struct StoreError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// The subscriptions of a run, updated as each one finishes.
struct RunningSubscriptions {
    private(set) var subscriptions: [Subscription]
    private var positions: [URL: Int] = [:]

    init(_ subscriptions: [Subscription]) {
        self.subscriptions = subscriptions
        for (index, subscription) in subscriptions.enumerated() { positions[subscription.id] = index }
    }

    /// Stores `subscription`, which had the ID `id` as the run began.
    mutating func replace(_ subscription: Subscription, id: URL) {
        guard let index = positions[id] else { return }
        subscriptions[index] = subscription
    }
}
