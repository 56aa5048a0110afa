#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Foundation
    import NIOCore

    /// Reads an AsyncHTTPClient body ahead of its consumer, on a task of its own, up to the transfer's
    /// ``TransferLimits/bufferHighWaterMark``; the consumer takes the chunks from a ``BodyPipe``.
    ///
    /// AsyncHTTPClient asks its event loop for more of a body only once the consumer has taken what it holds (its
    /// back-pressure marks are one chunk and one chunk). Pulled directly, a consumer that decodes as fast as the
    /// network delivers finds nothing waiting after most chunks: it sleeps until the event loop has woken, read the
    /// socket and handed the next one over, on a virtual machine a wake-up of the other processor each time. Read
    /// ahead, the next chunks are already buffered while it decodes, and the event loop's wake-ups happen beside it.
    ///
    /// Bounded as every transfer is: above the mark the reader stops asking for more, AsyncHTTPClient stops
    /// reading the socket and TCP makes the sender wait, until the consumer has taken the buffer down to half the
    /// mark. A fault after the buffered chunks is thrown after them. Cancelling the pipe (the consumer gone, a
    /// timeout) cancels the reading task, which ends the request and closes its connection.
    ///
    /// `@unchecked Sendable`: `paused` and `mayGoOn` are touched only while holding `lock`; the iterator only by the
    /// reading task.
    final class AsyncHTTPClientReadAhead: @unchecked Sendable {
        /// Where the chunks wait for the consumer.
        let pipe: BodyPipe
        private let lock = NSLock()
        private var paused: CheckedContinuation<Void, Never>?
        private var mayGoOn = false
        private var task: Task<Void, Never>?

        /// Starts reading `iterator` ahead. `failure` turns a read's error, after `received` body bytes, into the
        /// transfer's error.
        init(
            _ iterator: HTTPClientResponse.Body.AsyncIterator, limits: TransferLimits,
            failure: @escaping @Sendable (any Error, _ received: Int64) -> any Error
        ) {
            pipe = BodyPipe(highWaterMark: limits.bufferHighWaterMark, statistics: limits.statistics)
            pipe.onBelowLowWaterMark = { [unowned self] in goOn() }
            pipe.onCancel = { [unowned self] in stop() }
            let reading = IteratorBox(iterator)
            let task = Task { [pipe, self] in
                var received: Int64 = 0
                while !Task.isCancelled {
                    let buffer: ByteBuffer?
                    do {
                        buffer = try await reading.iterator.next()
                    } catch {
                        pipe.finish(throwing: failure(error, received))
                        return
                    }
                    guard let buffer else {
                        pipe.finish()
                        return
                    }
                    received += Int64(buffer.readableBytes)
                    if pipe.push(Data(keeping: buffer)) { await waitForRoom() }
                }
                pipe.finish(throwing: CancellationError())
            }
            lock.withLock { self.task = task }
        }

        /// Stops the reading task.
        func stop() {
            let (task, waiting) = lock.withLock {
                defer { paused = nil }
                mayGoOn = true
                return (self.task, paused)
            }
            task?.cancel()
            waiting?.resume()
        }

        private func waitForRoom() async {
            await withCheckedContinuation { continuation in
                let goesOn = lock.withLock {
                    if mayGoOn {
                        mayGoOn = false
                        return true
                    }
                    paused = continuation
                    return false
                }
                if goesOn { continuation.resume() }
            }
        }

        private func goOn() {
            let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
                guard let paused else {
                    mayGoOn = true
                    return nil
                }
                self.paused = nil
                return paused
            }
            waiting?.resume()
        }
    }

    /// The body's iterator, for the one task that reads it. `@unchecked Sendable`: only that task touches it.
    private final class IteratorBox: @unchecked Sendable {
        var iterator: HTTPClientResponse.Body.AsyncIterator

        init(_ iterator: HTTPClientResponse.Body.AsyncIterator) { self.iterator = iterator }
    }

    extension Data {
        /// The buffer's readable bytes, not copied: the `Data` keeps the buffer's storage alive.
        init(keeping buffer: ByteBuffer) {
            let count = buffer.readableBytes
            guard count > 0 else {
                self.init()
                return
            }
            self = buffer.withUnsafeReadableBytes { bytes in
                Data(
                    bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: count,
                    deallocator: .custom { _, _ in withExtendedLifetime(buffer) {} })
            }
        }
    }
#endif
