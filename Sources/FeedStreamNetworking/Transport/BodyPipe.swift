import Foundation

/// The body of a transfer that a delegate pushes into (`URLSession`), held for the consumer that pulls it.
///
/// Above ``highWaterMark`` buffered bytes ``push(_:)`` answers `true`, and the pusher stops the transfer (on Apple
/// platforms, `URLSessionTask.suspend()`); once the consumer has taken the buffer down to half the mark,
/// ``onBelowLowWaterMark`` is called to resume it. A pusher that cannot stop (FoundationNetworking) keeps
/// pushing and the buffer grows: the statistics record it.
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
package final class BodyPipe: HTTPBodySource, @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [Data] = []
    private var head = 0
    private var buffered = 0
    private var ending: Result<Void, any Error>?
    private var waiter: CheckedContinuation<Data?, any Error>?
    private var isPaused = false
    private let highWaterMark: Int
    private let statistics: TransferStatistics?
    /// Called (outside the lock) when a paused transfer may go on.
    package var onBelowLowWaterMark: (@Sendable () -> Void)?
    /// Called (outside the lock) when the consumer cancels.
    package var onCancel: (@Sendable () -> Void)?

    package init(highWaterMark: Int, statistics: TransferStatistics?) {
        self.highWaterMark = highWaterMark
        self.statistics = statistics
    }

    /// Adds a chunk; `true` when the buffer is now above the mark and the pusher should pause.
    @discardableResult
    package func push(_ data: Data) -> Bool {
        guard !data.isEmpty else { return false }
        let (handOff, pause): (CheckedContinuation<Data?, any Error>?, Bool) = lock.withLock {
            guard ending == nil else { return (nil, false) }
            if let waiter {
                self.waiter = nil
                statistics?.record(buffered: data.count, chunk: data.count)
                return (waiter, false)
            }
            chunks.append(data)
            buffered += data.count
            statistics?.record(buffered: buffered, chunk: data.count)
            if buffered > highWaterMark { isPaused = true }
            return (nil, isPaused)
        }
        handOff?.resume(returning: data)
        return pause
    }

    /// Ends the body after what is buffered: normally, or with `error`.
    package func finish(throwing error: (any Error)? = nil) {
        let handOff: CheckedContinuation<Data?, any Error>? = lock.withLock {
            guard ending == nil else { return nil }
            ending = error.map { .failure($0) } ?? .success(())
            defer { waiter = nil }
            return head == chunks.count ? waiter : nil
        }
        if let error { handOff?.resume(throwing: error) } else { handOff?.resume(returning: nil) }
    }

    package func next() async throws -> Data? {
        let taken: (Data?, ending: Result<Void, any Error>?, resume: Bool)? = lock.withLock {
            if head < chunks.count {
                let chunk = chunks[head]
                // The consumer owns the chunk now: the array must not keep its bytes alive. A pusher that keeps
                // up never lets the array run empty, so the taken slots are dropped once they are half of it.
                chunks[head] = Data()
                head += 1
                buffered -= chunk.count
                if head == chunks.count {
                    chunks.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 32 && head * 2 >= chunks.count {
                    chunks.removeFirst(head)
                    head = 0
                }
                var resume = false
                if isPaused && buffered <= highWaterMark / 2 {
                    isPaused = false
                    resume = true
                }
                return (chunk, nil, resume)
            }
            if let ending { return (nil, ending, false) }
            return nil
        }
        if let taken {
            if taken.resume { onBelowLowWaterMark?() }
            if case .failure(let error) = taken.ending { throw error }
            return taken.0
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Data?, any Error>? = lock.withLock {
                    if head < chunks.count || ending != nil { return .success(nil) }
                    waiter = continuation
                    return nil
                }
                // Something arrived between the check and the wait: look again.
                if ready != nil { continuation.resume(returning: Data()) }
            }
        } onCancel: {
            cancel()
        }.flatMapEmpty { try await self.next() }
    }

    package func cancel() {
        finish(throwing: CancellationError())
        onCancel?()
    }
}

extension Optional where Wrapped == Data {
    /// `self`, or — for the empty chunk that means "look again" — what `again` returns.
    fileprivate func flatMapEmpty(_ again: () async throws -> Data?) async rethrows -> Data? {
        if let self, self.isEmpty { return try await again() }
        return self
    }
}
