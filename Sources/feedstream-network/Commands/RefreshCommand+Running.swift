import ArgumentParser
import AtomStream
import FeedStreamCommandLine
import FeedStreamNetworking
import FeedStreamServices
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RefreshCommand: NetworkCommand {
    func runOverNetwork() async throws {
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
            case .entry(let id, let entry, _):
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
}
