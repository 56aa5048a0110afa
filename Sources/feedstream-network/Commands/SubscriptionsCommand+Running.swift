import ArgumentParser
import FeedStreamCommandLine
import FeedStreamPostgres
import FeedStreamServices
import FeedStreamStore
import Foundation

extension SubscriptionsCommand: NetworkCommand {
    func runOverNetwork() async throws {
        let store = try await open()
        let writer = OutputWriter()
        do {
            switch action {
            case .list: try await list(store, writer)
            case .add: try await add(store, writer)
            case .remove: try await remove(store, writer)
            case .clearGone: try await clearGone(store, writer)
            }
            try await (store as? JSONFileStore)?.flush()
            writer.flush()
            await (store as? PostgresStore)?.close()
        } catch {
            throw writer.failure(error)
        }
    }

    /// `--state`, or the store `--store` names, opened as `refresh` opens it (a worker's schema check).
    private func open() async throws -> any SubscriptionStore {
        guard let state else { return try await RefreshCommand.openStore(storage) }
        do {
            return try JSONFileStore(path: state)
        } catch {
            OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
    }

    /// Each subscription as the state file has it, a page at a time (each page's lines written before the next is
    /// read).
    private func list(_ store: any SubscriptionStore, _ writer: OutputWriter) async throws {
        var lines = 0
        for try await subscription in store.subscriptions() {
            try writer.line(subscription)
            lines += 1
            if lines % StoredSubscription.pageSize == 0 { writer.flush() }
        }
    }

    /// The URLs given, then those of `--from` as the file is read, a page at a time: each looked up, the new ones
    /// added. One page is held at a time, whatever the file's size; a URL twice in one page is added once, and
    /// twice in two pages found stored the second time.
    private func add(_ store: any SubscriptionStore, _ writer: OutputWriter) async throws {
        let given = urls.compactMap(Self.feedURL).map { Subscription(url: $0) }
        for start in stride(from: 0, to: given.count, by: StoredSubscription.pageSize) {
            try await add(Array(given[start..<min(start + StoredSubscription.pageSize, given.count)]), store, writer)
        }
        guard let from else { return }
        do {
            try await SubscriptionListReader(file: URL(fileURLWithPath: from)).forEachPage { page in
                try await add(page, store, writer)
            }
        } catch where error is SubscriptionListError || error is StreamError {
            // The file's fault, named by the file; the store's own errors name the store.
            throw StoreError("\(from): \(StreamRunner.message(for: error))")
        }
    }

    /// One page: looked up, the new ones added, a line for each.
    private func add(_ page: [Subscription], _ store: any SubscriptionStore, _ writer: OutputWriter) async throws {
        let stored = try await store.lookUp(page.map(\.url))
        var added: Set<URL> = []
        var new: [Subscription] = []
        var lines: [SubscriptionChangeLine] = []
        for (subscription, found) in zip(page, stored) {
            if let found {
                lines.append(SubscriptionChangeLine(subscription.url, "already-stored", storedAs: found.url))
            } else if added.insert(subscription.url).inserted {
                new.append(subscription)
                lines.append(SubscriptionChangeLine(subscription.url, "added"))
            } else {
                lines.append(SubscriptionChangeLine(subscription.url, "already-stored"))
            }
        }
        try await store.add(new)
        for line in lines { try writer.line(line) }
        writer.flush()
    }

    private func remove(_ store: any SubscriptionStore, _ writer: OutputWriter) async throws {
        let named = urls.compactMap(Self.feedURL)
        for (url, removed) in zip(named, try await store.remove(named)) {
            try writer.line(
                removed.map { SubscriptionChangeLine(url, "removed", storedAs: $0.url) }
                    ?? SubscriptionChangeLine(url, "not-found"))
        }
    }

    private func clearGone(_ store: any SubscriptionStore, _ writer: OutputWriter) async throws {
        for try await subscription in store.clearGone() {
            var line = SubscriptionChangeLine(subscription.url, "cleared")
            line.gone = subscription.gone
            try writer.line(line)
            writer.flush()
        }
    }
}

/// `{"url", "status"}`: what `subscriptions add|remove|clear-gone` did with one URL; `storedAs` when the
/// subscription it named is stored under another URL (it moved), `gone` since when a cleared one was.
struct SubscriptionChangeLine: Encodable {
    var url: String
    var status: String
    var storedAs: String?
    var gone: Date?

    init(_ url: URL, _ status: String, storedAs stored: URL? = nil) {
        self.url = url.absoluteString
        self.status = status
        storedAs = stored.flatMap { $0 == url ? nil : $0.absoluteString }
    }
}
