import FeedStreamStore

/// The common finishes of one store, written together: a finish that arrives while none is being written is written
/// at once; those that arrive meanwhile wait and go out together in the next statement, as a database's group commit
/// does. Under load a worker then pays one statement (parse, plan, round trip) for tens of subscriptions instead of
/// one each; idle, a finish waits for nothing. Each caller returns once its own row is written.
actor PostgresFinishQueue {
    /// The most subscriptions one statement writes: a bounded message (each carries its seen entries).
    static let batchLimit = 128

    private var waiting: [(row: FinishedRow, written: CheckedContinuation<Bool, any Error>)] = []
    private var isWriting = false

    /// Writes `row` with whatever else is waiting, through `store`: whether the statement applied it (not when its
    /// lease was stale or its row gone); throws what the statement threw.
    func finish(_ row: FinishedRow, through store: PostgresStore) async throws -> Bool {
        try await withCheckedThrowingContinuation { written in
            waiting.append((row, written))
            if !isWriting {
                isWriting = true
                Task { await self.drain(through: store) }
            }
        }
    }

    private func drain(through store: PostgresStore) async {
        while !waiting.isEmpty {
            // One row per subscription a statement: the same row twice in one `INSERT … ON CONFLICT` is an error.
            var urls: Set<String> = []
            var batch: [(row: FinishedRow, written: CheckedContinuation<Bool, any Error>)] = []
            var later: [(row: FinishedRow, written: CheckedContinuation<Bool, any Error>)] = []
            for item in waiting {
                if batch.count < Self.batchLimit && urls.insert(item.row.old).inserted {
                    batch.append(item)
                } else {
                    later.append(item)
                }
            }
            waiting = later
            do {
                let written = try await store.write(batch.map(\.row))
                for item in batch { item.written.resume(returning: written.contains(item.row.oldKey)) }
            } catch {
                for item in batch { item.written.resume(throwing: error) }
            }
        }
        isWriting = false
    }
}
