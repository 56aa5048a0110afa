import Foundation

extension Pager {
    /// Runs the pager and hands each event to `body` on the task that runs the transfer, one at a time, in order:
    /// the next body chunk is read only after `body` returned for the events before it.
    ///
    /// The same run as ``events()`` — credentials, redirects, retries, limits and the origin policy apply alike —
    /// without handing each chunk's items from one task to another: for a consumer that handles items as they
    /// come (the command line prints them), this keeps the decoding on one thread and avoids a task switch per
    /// chunk. Memory is as bounded as with ``events()``: `body` holds the transfer back while it works. Errors
    /// are thrown after every event that preceded them; cancelling the calling task cancels the run.
    package func forEachEvent(
        _ body: @escaping @Sendable (PagingEvent<Item, Summary>) async throws -> Void
    ) async throws {
        let watchdog = TransferWatchdog(limits: limits)
        defer { watchdog.stop() }
        let pager = self
        // A task of its own, which the watchdog cancels on a timeout; cancelling the caller cancels it too.
        let task = Task {
            try await pager.run(watchdog: watchdog) { event in
                // Time spent in `body` is the consumer's, not an idle network.
                try await watchdog.pausingClocks { try await body(event) }
            }
        }
        watchdog.watch { task.cancel() }
        do {
            try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        } catch {
            throw watchdog.explain(error)
        }
    }
}
