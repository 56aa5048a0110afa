import Foundation

/// Hands events from the task that runs a transfer to the consumer, one at a time: ``send(_:)`` returns only
/// once the consumer has taken the previous event, so the transfer goes no further ahead of the consumer than
/// one event (one chunk's items). What makes every entry point pull-driven: the consumer asking for the next
/// item is what lets the next body chunk be read.
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
package final class EventHandOff<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slot: Element?
    private var ending: Result<Void, any Error>?
    private var consumer: CheckedContinuation<Element?, any Error>?
    private var producer: CheckedContinuation<Void, any Error>?
    private var producerTask: Task<Void, Never>?

    package init() {}

    /// Runs `body` in a task of its own, sending what it emits; the run ends the hand-off.
    package func run(_ body: @escaping @Sendable (EventHandOff<Element>) async throws -> Void) {
        let task = Task {
            do {
                try await body(self)
                self.finish(throwing: nil)
            } catch {
                self.finish(throwing: error)
            }
        }
        lock.withLock { producerTask = task }
    }

    /// Waits until the consumer has room for `element`, then hands it over.
    package func send(_ element: Element) async throws {
        // A consumer already waiting takes `element` without this task suspending: a suspension re-enqueues the
        // task, a wake-up of the pool per chunk.
        let waiting: CheckedContinuation<Element?, any Error>?? = lock.withLock {
            if ending != nil { return .some(nil) }
            guard let consumer else { return nil }
            self.consumer = nil
            return consumer
        }
        if let waiting {
            guard let waiting else { throw CancellationError() }
            waiting.resume(returning: element)
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let action: (CheckedContinuation<Element?, any Error>?, Result<Void, any Error>?) = lock.withLock {
                    if ending != nil { return (nil, .failure(CancellationError())) }
                    if let consumer {
                        self.consumer = nil
                        return (consumer, .success(()))
                    }
                    slot = element
                    producer = continuation
                    return (nil, nil)
                }
                action.0?.resume(returning: element)
                if let result = action.1 { continuation.resume(with: result) }
            }
        } onCancel: {
            let waiting = self.lock.withLock {
                defer { self.producer = nil }
                return self.producer
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// The next element, or `nil` after the producer ended; its error is thrown after the last element.
    package func next() async throws -> Element? {
        // An element (or the end) already here is taken without this task suspending: a suspension re-enqueues the
        // consumer's task, and on a pool of two threads it may go on on the other processor, away from the caches
        // its parser's state is in — once per chunk.
        if let (taken, producer) = lock.withLock({ takeReady() }) {
            producer?.resume()
            return try taken.get()
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, any Error>) in
                let ready: (Result<Element?, any Error>, CheckedContinuation<Void, any Error>?)? = lock.withLock {
                    if let ready = takeReady() { return ready }
                    consumer = continuation
                    return nil
                }
                guard let (taken, producer) = ready else { return }
                producer?.resume()
                continuation.resume(with: taken)
            }
        } onCancel: {
            self.cancel()
        }
    }

    /// What the consumer can take at once — the element in the slot and the producer to wake, or the end — or
    /// `nil` when it must wait. Called while holding `lock`.
    private func takeReady() -> (Result<Element?, any Error>, CheckedContinuation<Void, any Error>?)? {
        if let element = slot {
            slot = nil
            defer { producer = nil }
            return (.success(element), producer)
        }
        switch ending {
        case .success?: return (.success(nil), nil)
        case .failure(let error)?:
            ending = .success(())
            return (.failure(error), nil)
        case nil: return nil
        }
    }

    /// Cancels the producer's task (a timeout): it ends with its own error, which the consumer receives.
    package func interruptProducer() {
        lock.withLock { producerTask }?.cancel()
    }

    /// The consumer went away: stop the producer, deliver nothing more.
    package func cancel() {
        let (task, waiting, producerWaiting) = lock.withLock {
            if ending == nil { ending = .failure(CancellationError()) }
            slot = nil
            defer { consumer = nil; producer = nil }
            return (producerTask, consumer, producer)
        }
        task?.cancel()
        waiting?.resume(throwing: CancellationError())
        producerWaiting?.resume(throwing: CancellationError())
    }

    private func finish(throwing error: (any Error)?) {
        let waiting: CheckedContinuation<Element?, any Error>? = lock.withLock {
            guard ending == nil else { return nil }
            ending = error.map { .failure($0) } ?? .success(())
            guard slot == nil, let consumer else { return nil }
            self.consumer = nil
            if error != nil { ending = .success(()) }
            return consumer
        }
        if let error { waiting?.resume(throwing: error) } else { waiting?.resume(returning: nil) }
    }
}

/// Holds an ``EventHandOff`` for the sequence a consumer iterates, and cancels its transfer when that sequence is
/// dropped before the end.
package final class HandOffCursor<Element: Sendable, Output: Sendable>: @unchecked Sendable {
    private let handOff: EventHandOff<Element>
    private let transform: @Sendable (Element) -> [Output]
    private var pending: [Output] = []
    private var index = 0

    package init(_ handOff: EventHandOff<Element>, transform: @escaping @Sendable (Element) -> [Output]) {
        self.handOff = handOff
        self.transform = transform
    }

    deinit { handOff.cancel() }

    /// The next output: one of the pending batch, else the next element's batch.
    package func next() async throws -> Output? {
        while index == pending.count {
            guard let element = try await handOff.next() else { return nil }
            pending = transform(element)
            index = 0
        }
        defer { index += 1 }
        return pending[index]
    }

    /// The sequence a consumer iterates.
    package var stream: AsyncThrowingStream<Output, any Error> {
        AsyncThrowingStream(unfolding: { try await self.next() })
    }
}
