import Foundation

/// Carries a refresh's events from its transfers (many producers) to the one consumer, holding at most `capacity`
/// of them (plus what one hand-over brought: a decoded chunk's entries go over together): a producer finding it full
/// waits, and with it its transfer, until the consumer has taken what makes room. So a slow consumer makes every
/// transfer wait and memory stays bounded by the transfers in flight, however many subscriptions there are
/// (`AsyncStream`'s own buffer would grow without bound).
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
final class RefreshEventChannel<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var buffer: [Element] = []
    private var head = 0
    private var waitingProducers: [([Element], CheckedContinuation<Void, Never>)] = []
    private var consumer: CheckedContinuation<Element?, Never>?
    private var isFinished = false
    private var isCancelled = false

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Hands `element` over, waiting while the channel is full; dropped when the consumer has gone.
    func send(_ element: Element) async { await send(contentsOf: [element]) }

    /// Hands `elements` over together (the entries one chunk decoded to: one hand-over, not one each), waiting
    /// while the channel is full; the channel then holds at most `capacity` hand-overs' worth. Dropped when the
    /// consumer has gone.
    func send(contentsOf elements: [Element]) async {
        guard !elements.isEmpty else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (taker, first, accepted): (CheckedContinuation<Element?, Never>?, Element?, Bool) = lock.withLock {
                if isCancelled || isFinished { return (nil, nil, true) }
                if let consumer {
                    self.consumer = nil
                    buffer.append(contentsOf: elements.dropFirst())
                    return (consumer, elements[0], true)
                }
                if buffer.count - head < capacity {
                    buffer.append(contentsOf: elements)
                    return (nil, nil, true)
                }
                waitingProducers.append((elements, continuation))
                return (nil, nil, false)
            }
            taker?.resume(returning: first)
            if accepted { continuation.resume() }
        }
    }

    /// The next element, or `nil` once the producers are done (or the consumer cancelled). One that is buffered is
    /// taken without suspending.
    func next() async -> Element? {
        if case .taken(let element, let released) = lock.withLock({ take() }) {
            released?.resume()
            return element
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
            let (element, ended, released): (Element?, Bool, CheckedContinuation<Void, Never>?) = lock.withLock {
                if case .taken(let element, let released) = take() { return (element, false, released) }
                if isFinished || isCancelled { return (nil, true, nil) }
                consumer = continuation
                return (nil, false, nil)
            }
            released?.resume()
            if let element {
                continuation.resume(returning: element)
            } else if ended {
                continuation.resume(returning: nil)
            }
        }
    }

    private enum Take {
        case taken(Element, released: CheckedContinuation<Void, Never>?)
        case empty
    }

    /// Under `lock`: the next buffered element, and the producer let in to take its place.
    private func take() -> Take {
        guard head < buffer.count else { return .empty }
        let element = buffer[head]
        head += 1
        var released: CheckedContinuation<Void, Never>?
        if buffer.count - head < capacity, !waitingProducers.isEmpty {
            let (waiting, producer) = waitingProducers.removeFirst()
            buffer.append(contentsOf: waiting)
            released = producer
        }
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        }
        return .taken(element, released: released)
    }

    /// No more elements will be sent: the consumer gets what is buffered, then `nil`.
    func finish() {
        let waiting: CheckedContinuation<Element?, Never>? = lock.withLock {
            isFinished = true
            defer { consumer = nil }
            return consumer
        }
        waiting?.resume(returning: nil)
    }

    /// The consumer has gone: everything buffered is dropped and every waiting producer goes on (and is cancelled
    /// by its task).
    func cancel() {
        let (producers, waiting): ([CheckedContinuation<Void, Never>], CheckedContinuation<Element?, Never>?) =
            lock.withLock {
                isCancelled = true
                buffer.removeAll()
                head = 0
                defer {
                    waitingProducers.removeAll()
                    consumer = nil
                }
                return (waitingProducers.map(\.1), consumer)
            }
        for producer in producers { producer.resume() }
        waiting?.resume(returning: nil)
    }
}

/// One refresh as its stream's consumer holds it: when the consumer cancels, or drops the stream, every transfer
/// stops.
final class RefreshRun<Element: Sendable>: Sendable {
    private let task: Task<Void, Never>
    private let channel: RefreshEventChannel<Element>

    init(task: Task<Void, Never>, channel: RefreshEventChannel<Element>) {
        self.task = task
        self.channel = channel
    }

    func next() async -> Element? { await channel.next() }

    func cancel() {
        task.cancel()
        channel.cancel()
    }

    deinit { cancel() }
}
