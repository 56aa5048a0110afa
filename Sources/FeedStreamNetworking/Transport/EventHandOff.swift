import Foundation

/// Hands events from the task that runs a transfer to the consumer, in order: ``send(_:)`` returns at once while
/// what waits for the consumer weighs less than the hand-off's capacity, and otherwise only once the consumer has
/// taken it down to half. What makes every entry point pull-driven: the consumer taking events is what lets the
/// next body chunk be read.
///
/// With the default capacity (one event of weight one) the transfer goes no further ahead of the consumer than one
/// event (one chunk's items): `send` returns only once the consumer has taken the previous one. ``ChunkDecodingCursor``
/// weighs body chunks by their bytes, so that the transfer's task hands several over per wake-up and a consumer
/// that decodes as fast as the network delivers finds the next chunk waiting rather than sleeping until that task
/// has woken (BENCHMARKS.md, "`parsedItems` at the file path's speed").
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
package final class EventHandOff<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [Element] = []
    private var head = 0
    private var queuedWeight = 0
    private let capacity: Int
    private let weight: @Sendable (Element) -> Int
    private var ending: Result<Void, any Error>?
    private var consumer: CheckedContinuation<Element?, any Error>?
    private var producer: CheckedContinuation<Void, any Error>?
    private var producerTask: Task<Void, Never>?

    /// A hand-off that holds events weighing up to `capacity` (at least one event) for the consumer.
    package init(capacity: Int = 1, weight: @escaping @Sendable (Element) -> Int = { _ in 1 }) {
        self.capacity = max(1, capacity)
        self.weight = weight
    }

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

    /// Hands `element` over; waits, when the hand-off is full with it, until the consumer has taken half.
    package func send(_ element: Element) async throws {
        // No suspension unless the hand-off is full: a suspension re-enqueues the task, a wake-up of the pool.
        let elementWeight = weight(element)
        let (waiting, mustWait): (CheckedContinuation<Element?, any Error>?, Bool) = try lock.withLock {
            if ending != nil { throw CancellationError() }
            if let consumer {
                self.consumer = nil
                return (consumer, false)
            }
            queue.append(element)
            queuedWeight += elementWeight
            return (nil, queuedWeight >= capacity)
        }
        if let waiting {
            waiting.resume(returning: element)
            return
        }
        guard mustWait else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let result: Result<Void, any Error>? = lock.withLock {
                    if ending != nil { return .failure(CancellationError()) }
                    if queuedWeight <= capacity / 2 { return .success(()) }
                    producer = continuation
                    return nil
                }
                if let result { continuation.resume(with: result) }
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
        // its parser's state is in.
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

    /// What the consumer can take at once — the first queued element and, once the queue is down to half, the
    /// producer to wake; or the end — or `nil` when it must wait. Called while holding `lock`.
    private func takeReady() -> (Result<Element?, any Error>, CheckedContinuation<Void, any Error>?)? {
        if head < queue.count {
            let element = queue[head]
            head += 1
            queuedWeight -= weight(element)
            if head == queue.count {
                // The consumer owns the element now: the array must not keep it alive.
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            var waking: CheckedContinuation<Void, any Error>?
            if queuedWeight <= capacity / 2 {
                waking = producer
                producer = nil
            }
            return (.success(element), waking)
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
            queue.removeAll()
            head = 0
            queuedWeight = 0
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
            guard head == queue.count, let consumer else { return nil }
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
