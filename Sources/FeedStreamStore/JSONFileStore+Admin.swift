import FeedStreamServices
import Foundation

extension JSONFileStore {
    public func lookUp(_ urls: [Subscription.ID]) async throws -> [Subscription?] { await file.lookUp(urls) }

    public func remove(_ urls: [Subscription.ID]) async throws -> [Subscription?] { try await file.remove(urls) }

    public func clearGone() -> AsyncThrowingStream<Subscription, any Error> {
        let (file, now) = (self.file, clock())
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Subscription.self)
        Task {
            do {
                for subscription in try await file.clearGone(now: now) { continuation.yield(subscription) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return stream
    }
}

extension JSONStateFile {
    func lookUp(_ urls: [URL]) -> [Subscription?] {
        let moved = movedPositions()
        return urls.map { url in (positions[url] ?? moved[url]).map { all[$0] } }
    }

    /// Drops the subscriptions listed under `urls` (or moved from them) and what they saw, and writes the file. A
    /// lease on one goes too: its holder's finish finds it gone (`.removed`), and adding it again starts afresh.
    func remove(_ urls: [URL]) throws -> [Subscription?] {
        let moved = movedPositions()
        var removed: Set<Int> = []
        let found = urls.map { url -> Subscription? in
            guard let index = positions[url] ?? moved[url], removed.insert(index).inserted else { return nil }
            return all[index]
        }
        guard !removed.isEmpty else { return found }
        for index in removed {
            history[all[index].id] = nil
            leases[all[index].id] = nil
        }
        all = all.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        positions = [:]
        for (index, subscription) in all.enumerated() { positions[subscription.id] = index }
        dirty = true
        try save()
        return found
    }

    /// Clears `gone` and `disabled` on every stopped subscription (due at `now`) and writes the file; returns them
    /// as they were.
    func clearGone(now: Date) throws -> [Subscription] {
        var cleared: [Subscription] = []
        for index in all.indices where all[index].isStopped {
            cleared.append(all[index])
            all[index] = StoredSubscription.clearingGone(all[index], now: now)
        }
        guard !cleared.isEmpty else { return [] }
        dirty = true
        try save()
        return cleared
    }

    /// The position of the subscription each former URL moved to.
    private func movedPositions() -> [URL: Int] {
        var moved: [URL: Int] = [:]
        for (index, subscription) in all.enumerated() {
            for old in subscription.movedFrom where moved[old] == nil { moved[old] = index }
        }
        return moved
    }
}
