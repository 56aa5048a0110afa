import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLSessionDataDelegate` that feeds each chunk of a response body into a `StreamingParser` as
/// `URLSession` receives it, and reports the items as soon as the parser completes them.
///
/// ```swift
/// let delegate = StreamingDataDelegate(
///     requirements: .xml,
///     parser: { head in AtomParser(options: .init(defaultEncoding: head.charset)) },
///     summary: { parser in parser.feed }
/// ) { event in
///     if case .items(let entries) = event { show(entries) }
/// }
/// let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
/// session.dataTask(with: try request.authorized(by: signer)).resume()
/// session.finishTasksAndInvalidate()
/// ```
///
/// The delegate never sees the request, so it cannot sign it: a session of your own sends what you give it.
/// Sign each request yourself, last, with `request.authorized(by:)` and any ``RequestAuthorizer``
/// (``HTTPBasicAuthorizer``, ``OAuth1Signer``) — after its URL, method, headers and body are final, and anew for
/// every request, so that each OAuth signature gets its own nonce and timestamp.
///
/// The parser is created from the response head (``HTTPResponseInfo``), so it can be given the response's
/// `charset` and URL. The head is checked against ``ResponseRequirements`` first: a refused response is not
/// parsed as data; its body is collected and the transfer ends with an ``HTTPResponseError``.
///
/// This is the way in for an app that owns its `URLSession`; otherwise an ``HTTPTransport``
/// (``URLSessionTransport``, ``DefaultHTTPTransport``) or a ``Pager`` makes the requests, pulls the body as items
/// are taken, and applies the ``OriginPolicy``. A session pushes into this delegate: nothing here makes the
/// transfer wait for a slow handler.
///
/// One delegate serves one data task: create one per request. Events are delivered in order, on the session's
/// delegate queue; the first error cancels the task.
///
/// Concurrency: `URLSession` requires its delegate to be `Sendable`, but the parser is a non-`Sendable` class
/// with mutable state. Every access to it and to the transfer state happens while holding `lock`, which is
/// what makes the `@unchecked Sendable` below sound: `URLSession` calls the delegate on its serial delegate
/// queue, and the lock also covers a caller that supplies a concurrent queue. The parser never leaves the
/// delegate: the `parser` closure creates it inside, and `summary` reads it inside.
public final class StreamingDataDelegate<Parser: NetworkStreamingParser, Summary: Sendable>: NSObject,
    URLSessionDataDelegate, @unchecked Sendable
{
    public typealias Event = StreamingDataEvent<Parser.Item, Summary>

    private enum Phase {
        case awaitingResponse
        case streaming(Parser)
        case collectingError(HTTPResponseInfo, HTTPResponseError.Reason, [UInt8], truncated: Bool)
        case ended
    }

    private let requirements: ResponseRequirements
    private let makeParser: @Sendable (HTTPResponseInfo) -> Parser
    private let summarize: @Sendable (Parser) -> Summary
    private let onEvent: @Sendable (Event) -> Void
    /// Guards the transfer state. Events are never delivered while it is held (a handler may call back into the
    /// delegate, or wait for a thread that does): they are queued under it in ``outbox`` and delivered by
    /// ``flush()`` after it is released, by one caller at a time, so they keep their order whatever queue
    /// `URLSession` calls from.
    private let lock = NSRecursiveLock()
    private var outbox: [Event] = []
    private var isDelivering = false
    private var phase = Phase.awaitingResponse
    private var response: HTTPResponseInfo?
    private var receivedBytes: Int64 = 0
    private var taskIdentifier: Int?

    /// Creates a delegate.
    ///
    /// - Parameters:
    ///   - requirements: what the response must be for its body to be parsed.
    ///   - parser: creates the parser once the response head has been accepted.
    ///   - summary: reads what the caller needs from the parser after the end of the body (`parser.feed`,
    ///     `parser.page`); called on the delegate queue, before ``StreamingDataEvent/finished(_:)``.
    ///   - onEvent: receives the events, in order, on the session's delegate queue.
    public init(
        requirements: ResponseRequirements = .anySuccess,
        parser: @escaping @Sendable (HTTPResponseInfo) -> Parser,
        summary: @escaping @Sendable (Parser) -> Summary,
        onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.requirements = requirements
        self.makeParser = parser
        self.summarize = summary
        self.onEvent = onEvent
    }

    /// Stops delivering events; the task is cancelled by the next callback `URLSession` makes. Cancel the task
    /// itself as well to stop the transfer at once.
    public func cancel() {
        lock.withLock {
            phase = .ended
            outbox.removeAll()
        }
    }

    // MARK: URLSessionDataDelegate

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let disposition = lock.withLock { () -> URLSession.ResponseDisposition in
            guard claim(dataTask), case .awaitingResponse = phase else { return .cancel }
            let head = HTTPResponseInfo(response)
            self.response = head
            if !requirements.accepts(statusCode: head.statusCode) {
                phase = .collectingError(head, .status, [], truncated: false)
            } else if !requirements.accepts(mediaType: head.mediaType) {
                phase = .collectingError(head, .mediaType, [], truncated: false)
            } else {
                phase = .streaming(makeParser(head))
                post(.response(head))
            }
            return .allow
        }
        flush()
        completionHandler(disposition)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            guard claim(dataTask) else { return }
            receivedBytes += Int64(data.count)
            switch phase {
            case .awaitingResponse, .ended:
                URLSessionTaskControl.shared.cancel(dataTask)
            case .streaming(let parser):
                do {
                    let items = try parser.parse(data)
                    if !items.isEmpty { post(.items(items)) }
                    post(.progress(TransferProgress(
                        receivedBytes: receivedBytes, expectedBytes: response?.expectedContentLength)))
                } catch {
                    end(with: error)
                    URLSessionTaskControl.shared.cancel(dataTask)
                }
            case .collectingError(let head, let reason, var body, _):
                let room = max(requirements.maximumErrorBodyBytes - body.count, 0)
                body.append(contentsOf: data.prefix(room))
                guard data.count > room else {
                    phase = .collectingError(head, reason, body, truncated: false)
                    return
                }
                // Enough to say what went wrong: stop downloading the rest.
                end(with: responseError(head, reason: reason, body: body, truncated: true))
                URLSessionTaskControl.shared.cancel(dataTask)
            }
        }
        flush()
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock {
            guard claim(task) else { return }
            switch phase {
            case .ended:
                return
            case .awaitingResponse:
                end(with: error ?? URLError(.badServerResponse))
            case .collectingError(let head, let reason, let body, let truncated):
                // The refused response explains a transport error that cut it short better than the error does.
                end(with: responseError(head, reason: reason, body: body, truncated: truncated || error != nil))
            case .streaming(let parser):
                if let error {
                    end(with: error)
                    return
                }
                do {
                    // Items the end completes go out before a fault that follows them.
                    try parser.finish { item in post(.items([item])) }
                    let summary = summarize(parser)
                    phase = .ended
                    post(.finished(summary))
                } catch {
                    end(with: error)
                }
            }
        }
        flush()
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // swift-corelibs-foundation hangs on a challenge it finds no stored credential for, and cancels the task
            // (body unread) on any other answer: end with the refusal itself, status and challenge.
            lock.withLock {
                if claim(task), let error = HTTPResponseError(challenge: challenge) { end(with: error) }
            }
            flush()
            completionHandler(.cancelAuthenticationChallenge, nil)
        #else
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    // MARK: Internals (called holding the lock, but for flush())

    /// Queues `event` for ``flush()``.
    private func post(_ event: Event) { outbox.append(event) }

    /// Delivers the queued events in order, without holding the lock; a call made while another caller is
    /// delivering (a handler that re-enters the delegate) leaves its events to that caller.
    private func flush() {
        lock.lock()
        guard !isDelivering else { return lock.unlock() }
        isDelivering = true
        while !outbox.isEmpty {
            let batch = outbox
            outbox = []
            lock.unlock()
            for event in batch { onEvent(event) }
            lock.lock()
        }
        isDelivering = false
        lock.unlock()
    }

    /// Binds the delegate to the first task it hears from; any other task is refused.
    private func claim(_ task: URLSessionTask) -> Bool {
        if taskIdentifier == nil { taskIdentifier = task.taskIdentifier }
        if taskIdentifier == task.taskIdentifier { return true }
        URLSessionTaskControl.shared.cancel(task)
        return false
    }

    private func end(with error: any Error) {
        if case .ended = phase { return }
        phase = .ended
        post(.failed(error))
    }

    /// The error for a refused response, with the service's own error when the parser recognises the body.
    private func responseError(
        _ head: HTTPResponseInfo, reason: HTTPResponseError.Reason, body: [UInt8], truncated: Bool
    ) -> HTTPResponseError {
        HTTPResponseError.refusal(head, reason: reason, body: body, truncated: truncated) { makeParser(head) }
    }
}

extension StreamingDataDelegate where Summary == Void {
    /// Creates a delegate for a caller that needs only the items.
    public convenience init(
        requirements: ResponseRequirements = .anySuccess,
        parser: @escaping @Sendable (HTTPResponseInfo) -> Parser,
        onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.init(requirements: requirements, parser: parser, summary: { _ in () }, onEvent: onEvent)
    }
}
