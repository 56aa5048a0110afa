import Foundation

/// Carries a refresh's events from its transfers (many producers) to the one consumer, holding at most `capacity`
/// of them: a producer finding it full waits, and with it its transfer, until the consumer has taken one. So a
/// slow consumer makes every transfer wait and memory stays bounded by the transfers in flight, however many
/// subscriptions there are (`AsyncStream`'s own buffer would grow without bound).
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
final class RefreshEventChannel<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var buffer: [Element] = []
    private var head = 0
    private var waitingProducers: [(Element, CheckedContinuation<Void, Never>)] = []
    private var consumer: CheckedContinuation<Element?, Never>?
    private var isFinished = false
    private var isCancelled = false

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Hands `element` over, waiting while the channel is full; dropped when the consumer has gone.
    func send(_ element: Element) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (taker, accepted): (CheckedContinuation<Element?, Never>?, Bool) = lock.withLock {
                if isCancelled || isFinished { return (nil, true) }
                if let consumer {
                    self.consumer = nil
                    return (consumer, true)
                }
                if buffer.count - head < capacity {
                    buffer.append(element)
                    return (nil, true)
                }
                waitingProducers.append((element, continuation))
                return (nil, false)
            }
            taker?.resume(returning: element)
            if accepted { continuation.resume() }
        }
    }

    /// The next element, or `nil` once the producers are done (or the consumer cancelled).
    func next() async -> Element? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
            let (element, ended, released): (Element?, Bool, CheckedContinuation<Void, Never>?) = lock.withLock {
                if head < buffer.count {
                    let element = buffer[head]
                    head += 1
                    var released: CheckedContinuation<Void, Never>?
                    if !waitingProducers.isEmpty {
                        let (waiting, producer) = waitingProducers.removeFirst()
                        buffer.append(waiting)
                        released = producer
                    }
                    if head == buffer.count {
                        buffer.removeAll(keepingCapacity: true)
                        head = 0
                    }
                    return (element, false, released)
                }
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
