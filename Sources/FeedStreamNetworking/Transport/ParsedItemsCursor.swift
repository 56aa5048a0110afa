import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The items of one transfer, decoded on the task that iterates them (``HTTPTransport`` `parsedItems`).
///
/// The request goes out at once, on a task of its own (redirects followed, the head checked against the
/// requirements). From then on the consumer's `next()` pulls the body and parses it itself: no task hands chunks or
/// items to another, so each item is made and freed on the consumer's side and no thread waits for another per
/// chunk. Measured against a transfer task handing items over, the same 321 MB of Atom over loopback took 0.70
/// times the time (BENCHMARKS.md).
///
/// The watchdog still rules: the idle clock runs only while `next()` waits for the network, and when it fires (or
/// the consumer goes) the request's task is cancelled and the body stopped, which ends a pending read. Transports
/// whose reads only a task's cancellation ends read ahead from the first byte (``TransferLimits/readsAheadFromStart``).
///
/// `@unchecked Sendable`: `body` and `interrupted` are touched only while holding `lock`; everything else only by
/// `next()`, which its one consumer calls one at a time.
final class ParsedItemsCursor<Parser: NetworkStreamingParser>: @unchecked Sendable {
    private let lock = NSLock()
    private let watchdog: TransferWatchdog
    private let response: Task<HTTPTransportResponse, any Error>
    private let makeParser: @Sendable (HTTPResponseInfo) -> Parser
    private var body: HTTPResponseBody?
    private var interrupted = false

    private var head: HTTPResponseInfo?
    private var parser: Parser?
    private var pending: [Parser.Item] = []
    private var index = 0
    private var received: Int64 = 0
    private var ended = false
    /// What ended the transfer, thrown once the items before it were taken.
    private var failure: (any Error)?

    init<Transport: HTTPTransport>(
        transport: Transport, _ credentialed: CredentialedRequest, requirements: ResponseRequirements,
        limits: TransferLimits, parser: @escaping @Sendable (HTTPResponseInfo) -> Parser
    ) {
        var limits = limits
        limits.readsAheadFromStart = true
        let watchdog = TransferWatchdog(limits: limits)
        self.watchdog = watchdog
        makeParser = parser
        response = Task { [limits] in
            try await transport.acceptedResponse(
                credentialed, requirements: requirements, limits: limits, watchdog: watchdog, parser: parser)
        }
        watchdog.watch { [weak self] in self?.interrupt() }
    }

    deinit {
        // The consumer went away: the request and the body stop.
        interrupt()
        watchdog.stop()
    }

    /// The next item, or `nil` after the last; the transfer's fault is thrown after every item before it.
    func next() async throws -> Parser.Item? {
        while index == pending.count {
            guard !ended else {
                guard let failure else { return nil }
                self.failure = nil
                throw failure
            }
            pending = []
            index = 0
            do {
                try await withTaskCancellationHandler {
                    try await pull()
                } onCancel: {
                    self.interrupt()
                }
            } catch {
                end(failing: watchdog.explain(error))
            }
        }
        defer { index += 1 }
        return pending[index]
    }

    /// The response, then one body chunk's items, then the items the end completes.
    private func pull() async throws {
        guard let parser, let head else {
            let response = try await watchdog.waitingForNetwork { try await self.response.value }
            let stopped = lock.withLock {
                body = response.body
                return interrupted
            }
            // Interrupted between the head and here: nothing else would stop the body.
            if stopped { response.body.cancel() }
            head = response.head
            parser = makeParser(response.head)
            return
        }
        guard let body = lock.withLock({ body }) else { throw CancellationError() }
        var iterator = body.makeAsyncIterator()
        if let chunk = try await watchdog.waitingForNetwork({ try await iterator.next() }) {
            watchdog.touch()
            received += Int64(chunk.count)
            pending = try parser.parse(chunk)
            return
        }
        try head.checkComplete(received: received)
        var last: [Parser.Item] = []
        // Items the end completes go out before a fault that follows them.
        do {
            try parser.finish { last.append($0) }
        } catch {
            pending = last
            end(failing: error)
            return
        }
        pending = last
        end(failing: nil)
    }

    private func end(failing error: (any Error)?) {
        ended = true
        failure = error
        watchdog.stop()
        if error != nil { interrupt() }
    }

    /// Stops the request's task and the body: a timeout, the consumer's cancellation or its going away.
    private func interrupt() {
        let body = lock.withLock {
            interrupted = true
            return self.body
        }
        response.cancel()
        body?.cancel()
    }
}
