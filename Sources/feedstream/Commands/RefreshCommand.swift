import ArgumentParser
import AtomStream
import FeedStreamNetworking
import FeedStreamServices
import Foundation
import XMLStream

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `feedstream refresh`: keeps a list of subscriptions fresh, with a state file between runs.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the feeds of an OPML file or a list of URLs: one JSON line per entry, one per feed.",
        discussion: """
            Prints {"subscription": URL, "entry": {…}} as entries decode, and for each subscription one status \
            line {"subscription", "status" (updated, not-modified, moved, gone, failed, not-due), "entries", \
            "wireBytes", "bodyBytes", "movedTo", "error", "nextDue"}. Exit status: 0 when every subscription was \
            handled (a failure is its own status line), 1 when a file cannot be read or the state cannot be \
            written, 2 on a usage error.
            """)

    @Argument(help: "An OPML file, or a text file with one URL a line (# starts a comment).")
    var subscriptions: String

    @Option(help: "The JSON file of subscriptions kept between runs (created when missing, written atomically).")
    var state: String?

    @Flag(help: "Refresh every subscription, due or not (a host's Retry-After is still kept).")
    var all = false

    @Option(help: "Transfers at once, at most.")
    var concurrency = 8

    @Option(name: .customLong("per-host"), help: "Transfers at once against one host, at most.")
    var perHost = 2

    @Option(
        help: ArgumentHelp(
            "Refresh only shard I of N (I from 0 to N-1), chosen by a stable hash of each feed's host.",
            valueName: "I/N"))
    var shard: String?

    @OptionGroup(title: "Fetching") var remote: RemoteOptions

    func validate() throws {
        guard concurrency > 0 else { throw ValidationError("--concurrency takes a positive whole number") }
        guard perHost > 0 else { throw ValidationError("--per-host takes a positive whole number") }
        if let shard, Self.shard(shard) == nil {
            throw ValidationError("--shard takes I/N with 0 ≤ I < N, such as 0/2")
        }
        if remote.basicCredentials != nil || remote.oauth1Credentials != nil {
            throw ValidationError("--user and --oauth1 do not apply to refresh: they would go to every feed's host")
        }
        if remote.pages != "1" || remote.cacheDirectory != nil {
            throw ValidationError("--pages and --cache do not apply to refresh (--state keeps the validators)")
        }
    }

    func run() async throws {
        let listed: [Subscription]
        do {
            listed = try Self.subscriptionURLs(from: URL(fileURLWithPath: subscriptions))
        } catch {
            OutputWriter.standardError("feedstream: error: \(subscriptions): \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
        let store = state.map { SubscriptionStore(path: $0) }
        var stored: [Subscription] = []
        if let store {
            do {
                stored = try store.read()
            } catch {
                OutputWriter.standardError("feedstream: error: \(store.path): \(StreamRunner.message(for: error))")
                throw ExitCode(1)
            }
        }
        var current = SubscriptionStore.merge(listed: listed, stored: stored)
        let refresher = FeedRefresher(
            client: FeedClient(
                transport: remote.transport(), limits: remote.limits, originPolicy: remote.originPolicy,
                headers: headerFields),
            concurrency: concurrency, perHost: perHost, shard: shard.flatMap(Self.shard))
        let writer = OutputWriter()
        var lastSave = ContinuousClock.now
        var entries: [URL: Int] = [:]
        for await report in refresher.reports(current.subscriptions, all: all) {
            switch report {
            case .entry(let id, let entry):
                entries[id, default: 0] += 1
                try writer.line(EntryLine(subscription: id.absoluteString, entry: entry))
            case .finished(let id, let subscription, let outcome, let cost):
                current.replace(subscription, id: id)
                try writer.line(StatusLine(id: id, subscription, outcome, cost, entries: entries[id] ?? 0))
                writer.flush()
                // Saved as the run goes, so a run killed half-way keeps what it refreshed.
                if let store, ContinuousClock.now - lastSave > .seconds(2) {
                    try save(current.subscriptions, to: store, writer)
                    lastSave = .now
                }
            }
            writer.flush()
        }
        writer.flush()
        if let store { try save(current.subscriptions, to: store, writer) }
    }

    private func save(_ subscriptions: [Subscription], to store: SubscriptionStore, _ writer: OutputWriter) throws {
        do {
            try store.write(subscriptions)
        } catch {
            writer.flush()
            OutputWriter.standardError("feedstream: error: \(store.path): \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
    }

    /// The `--header` fields (and the tool's `User-Agent`), as every other subcommand sends them.
    private var headerFields: [String: String] {
        remote.request(for: URL(string: "http://localhost/")!).allHTTPHeaderFields ?? [:]
    }

    /// `I/N` with 0 ≤ I < N.
    static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
            (0..<count).contains(index)
        else { return nil }
        return (index, count)
    }
}

/// `{"subscription": URL, "entry": {…}}`.
private struct EntryLine: Encodable {
    var subscription: String
    var entry: AtomEntry
}

/// One subscription's status line.
private struct StatusLine: Encodable {
    var subscription: String
    var status: String
    var entries: Int
    var wireBytes: Int64?
    var bodyBytes: Int64?
    var movedTo: String?
    var error: String?
    var nextDue: Date?

    init(id: URL, _ updated: Subscription, _ outcome: RefreshOutcome, _ cost: RefreshTransfer?, entries: Int) {
        subscription = id.absoluteString
        status = outcome.status
        self.entries = entries
        wireBytes = cost?.wireBytes
        bodyBytes = cost?.bodyBytes
        if case .moved(let target) = outcome { movedTo = target.absoluteString }
        if case .failed(let message) = outcome { error = message }
        nextDue = updated.nextDue
    }
}
