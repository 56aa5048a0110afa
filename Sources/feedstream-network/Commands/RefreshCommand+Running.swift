import ArgumentParser
import AtomStream
import FeedStreamCommandLine
import FeedStreamNetworking
import FeedStreamServices
import FeedStreamStore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RefreshCommand: NetworkCommand {
    func runOverNetwork() async throws {
        var listed: [Subscription]?
        if let subscriptions {
            do {
                listed = try await SubscriptionListReader(file: URL(fileURLWithPath: subscriptions)).all()
            } catch {
                OutputWriter.standardError(
                    "feedstream: error: \(subscriptions): \(StreamRunner.message(for: error))")
                throw ExitCode(1)
            }
        }
        var refresher = FeedRefresher(
            client: FeedClient(
                transport: remote.transport(), limits: remote.limits, originPolicy: remote.originPolicy,
                headers: headerFields),
            concurrency: concurrency, perHost: perHost, shard: shard.flatMap(Self.shard))
        refresher.errorLimit = errorLimit > 0 ? errorLimit : nil
        refresher.goneAfterNotFound = goneAfterNotFound > 0 ? goneAfterNotFound * 86_400 : nil
        if fullText {
            refresher.fullText = FullTextOptions(
                perHost: fullTextPerHost, limit: fullTextLimit, rules: try SiteRulesFile.read(rules))
        }
        if store != nil {
            try await refreshStore(try await Self.openStore(storage, retention: retention), listed: listed, refresher)
        } else {
            try await refreshList(listed, refresher)
        }
    }

    /// `--state FILE` (or no state at all): the list is the run, as it always was; the file keeps the subscriptions
    /// and, beside it, what they saw.
    private func refreshList(_ listed: [Subscription]?, _ refresher: FeedRefresher) async throws {
        var file: JSONFileStore?
        var run = listed ?? []
        if let state {
            do {
                let opened = try JSONFileStore(path: state, retention: retention)
                if let listed {
                    run = try await opened.adopt(listed: listed)
                } else {
                    run = try await Self.collect(opened.subscriptions())
                }
                file = opened
            } catch {
                OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
                throw ExitCode(1)
            }
        }
        var refresher = refresher
        if let file, refresher.fullText != nil {
            // The list's refresh remembers nothing: the state file says which entries an earlier run filled.
            refresher.fullText?.isKnown = { id, entry in
                var classifier = EntryClassifier(earlier: (try? await file.seen(id)) ?? [:])
                return classifier.classify(entry) != .new
            }
        }
        let writer = OutputWriter()
        var entries: [URL: Int] = [:]
        var classifiers: [URL: EntryClassifier] = [:]
        do {
            for await report in refresher.reports(run, all: all) {
                switch report {
                case .entry(let id, let entry, _):
                    entries[id, default: 0] += 1
                    if classifiers[id] == nil {
                        classifiers[id] = EntryClassifier(earlier: try await file?.seen(id) ?? [:])
                    }
                    try printEntry(entry, of: id, classifiers[id]!.classify(entry), to: writer)
                case .finished(let id, let subscription, let outcome, let cost):
                    let seen = classifiers.removeValue(forKey: id)?.seen ?? [:]
                    try await file?.finish(id, as: subscription, outcome: outcome, seen: seen)
                    try writer.line(StatusLine(id: id, subscription, outcome, cost, entries: entries[id] ?? 0))
                    entries[id] = nil
                case .refused(let id, let refusal):
                    // Only a shared store refuses; the state file never does.
                    try writer.line(StatusLine(id: id, refused: refusal, entries: entries.removeValue(forKey: id) ?? 0))
                }
                writer.flush()
            }
            try await file?.flush()
        } catch let error as StoreError {
            writer.flush()
            OutputWriter.standardError("feedstream: error: \(error.message)")
            throw ExitCode(1)
        }
    }

    /// `--store`: the listed subscriptions are added, then every due one of the store is refreshed, claimed as
    /// `--worker` among any others sharing the store.
    private func refreshStore(_ store: any SubscriptionStore, listed: [Subscription]?, _ refresher: FeedRefresher)
        async throws
    {
        if let listed {
            do {
                try await store.add(listed)
            } catch {
                OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
                throw ExitCode(1)
            }
        }
        let writer = OutputWriter()
        var entries: [URL: Int] = [:]
        var refresher = refresher
        let skew = clockSkew
        // A clock off by `skew`, as a worker's machine may be: the run and its store source read the same one.
        let clock: @Sendable () -> Date = { Date().addingTimeInterval(skew) }
        if skew != 0 { refresher.clock = clock }
        let source = StoreRefreshSource(
            store, worker: worker ?? Self.defaultWorker, lease: .seconds(lease), batch: refresher.storeBatch,
            perHost: refresher.storePerHost, all: all, clock: clock)
        for await report in refresher.reports(from: source, now: clock()) {
            switch report {
            case .entry(let id, let entry, let change):
                entries[id, default: 0] += 1
                try printEntry(entry, of: id, change, to: writer)
            case .finished(let id, let subscription, let outcome, let cost):
                try writer.line(StatusLine(id: id, subscription, outcome, cost, entries: entries[id] ?? 0))
                entries[id] = nil
            case .refused(let id, let refusal):
                try writer.line(StatusLine(id: id, refused: refusal, entries: entries.removeValue(forKey: id) ?? 0))
            }
            writer.flush()
        }
        writer.flush()
        if let error = source.error {
            OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
    }

    private func printEntry(_ entry: AtomEntry, of id: URL, _ change: EntryChange, to writer: OutputWriter) throws {
        guard change != .unchanged || allEntries else { return }
        try writer.line(ChangedEntryLine(subscription: id.absoluteString, change: change.rawValue, entry: entry))
    }

    private static func collect(_ stream: AsyncThrowingStream<Subscription, any Error>) async throws -> [Subscription] {
        var all: [Subscription] = []
        for try await subscription in stream { all.append(subscription) }
        return all
    }

    /// The `--header` fields (and the tool's `User-Agent`), as every other subcommand sends them.
    private var headerFields: [String: String] {
        remote.request(for: URL(string: "http://localhost/")!).allHTTPHeaderFields ?? [:]
    }
}
