import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport on Foundation's `URLSession`: the default on Apple platforms.
///
/// One session serves every request sent through a transport value and its copies, so requests reuse
/// connections; it is released with the last copy. The session's delegate streams each body into a buffer the
/// consumer pulls from.
///
/// - On Apple platforms, when more than ``TransferLimits/bufferHighWaterMark`` bytes wait for the consumer, the
///   task is suspended, and resumed once the consumer has taken them down to half the mark: memory stays flat
///   whatever the body size and however slow the consumer.
/// - On Linux, FoundationNetworking cannot pause a transfer: suspending a running task and resuming it closes
///   the connection and sends the request again, delivering the body twice. This transport never suspends
///   there, so a body that arrives faster than it is consumed is buffered whole. Use ``AsyncHTTPClientTransport``
///   (``DefaultHTTPTransport`` on Linux) when bodies are large or consumers slow.
///
/// On Linux the task calls that wait for the session's work queue (making, resuming and cancelling a task) are
/// made on a thread of their own, never on Swift's cooperative pool, which they could otherwise hold whole.
///
/// Redirects are not followed here: the engine follows them under the ``OriginPolicy``.
public struct URLSessionTransport: HTTPTransport {
    private let owner: SessionOwner

    /// Creates a transport with a session of its own, configured by a copy of `configuration` without a
    /// `URLCache`: the package does its own conditional GET, and a cache under it would answer a 304 with the stored
    /// 200 (every entry sent again, never `notModified`).
    public init(configuration: URLSessionConfiguration = .default) {
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        owner = SessionOwner(StreamingSession(configuration: configuration))
    }

    public func send(_ request: URLRequest, limits: TransferLimits) async throws -> HTTPTransportResponse {
        // URLSession asks for the codings it inflates by itself (with `br` on Apple platforms; curl's list on
        // Linux): its own Accept-Encoding is left as it sets it.
        var request = HTTPTransportDefaults.prepared(request)
        // URLSession's own timeout is an idle timeout too ("no data for this long").
        request.timeoutInterval = limits.idleTimeout
        let transfer = URLSessionTransfer(limits: limits, url: request.url, control: owner.session.control)
        transfer.start(request, in: owner)
        return try await withTaskCancellationHandler {
            let head = try await transfer.head()
            return HTTPTransportResponse(head: head, body: HTTPResponseBody(transfer.pipe))
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// Invalidates the transport's session when the last copy of the transport goes away.
final class SessionOwner: Sendable {
    let session: StreamingSession

    init(_ session: StreamingSession) { self.session = session }

    deinit { session.invalidate() }
}

/// One data task of a ``URLSessionTransport``: delivers its head to the sender and its body into a ``BodyPipe``.
///
/// `@unchecked Sendable`: its mutable fields are touched only while holding `lock`; continuations are resumed
/// outside it.
final class URLSessionTransfer: NSObject, StreamingTaskHandler, @unchecked Sendable {
    let pipe: BodyPipe
    private let lock = NSLock()
    private let limits: TransferLimits
    private let url: URL?
    /// Set on the control thread once made; `nil` before, and for good when cancelled first.
    private var task: URLSessionDataTask?
    private var isCancelled = false
    /// Makes the calls on `task` that wait (on Linux), off Swift's pool: the session's.
    private let control: URLSessionTaskControl
    private var headWaiter: CheckedContinuation<HTTPResponseInfo, any Error>?
    private var headResult: Result<HTTPResponseInfo, any Error>?
    private var received: Int64 { meter?.bodyBytes ?? 0 }
    private var expected: Int64?
    /// Counts the (inflated) body against the limits; set with the head.
    private var meter: InflationMeter?
    private var challengeRefusal: HTTPResponseError?
    /// The limit a compressed body passed: the transfer was cancelled and the body ends with it.
    private var inflationFault: HTTPTransportError?

    init(limits: TransferLimits, url: URL?, control: URLSessionTaskControl) {
        self.limits = limits
        self.url = url
        self.control = control
        pipe = BodyPipe(highWaterMark: limits.bufferHighWaterMark, statistics: limits.statistics)
        super.init()
        pipe.onCancel = { [weak self] in self?.cancel() }
    }

    /// Makes the data task and resumes it, through the session's ``URLSessionTaskControl``: on Linux both calls
    /// wait for the session's work queue, which no cooperative thread may do. `owner` keeps the session valid
    /// until the task is made.
    func start(_ request: URLRequest, in owner: SessionOwner) {
        control.perform { [self] in
            guard !lock.withLock({ isCancelled }), let task = owner.session.dataTask(with: request, delegate: self)
            else { return end(throwing: CancellationError()) }
            let cancelled: Bool = lock.withLock {
                self.task = task
                return isCancelled
            }
            #if canImport(Darwin)
                pipe.onBelowLowWaterMark = { task.resume() }
            #endif
            // Cancelled while the task was being made: a task cancelled before it runs still completes, which
            // takes its delegate out of the session's table.
            if cancelled { task.cancel() } else { task.resume() }
        }
    }

    /// The consumer went away: the head and the body end now, and the task is cancelled through the control
    /// (or, not yet made, never runs).
    func cancel() {
        let task: URLSessionDataTask? = lock.withLock {
            isCancelled = true
            return self.task
        }
        end(throwing: CancellationError())
        if let task { control.cancel(task) }
    }

    /// Ends the head (when still awaited) and the body with `error`.
    private func end(throwing error: any Error) {
        deliverHead(.failure(error))
        pipe.finish(throwing: error)
    }

    /// Waits for the response head.
    func head() async throws -> HTTPResponseInfo {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<HTTPResponseInfo, any Error>? = lock.withLock {
                if headResult == nil { headWaiter = continuation }
                return headResult
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    private func deliverHead(_ result: Result<HTTPResponseInfo, any Error>) {
        let waiter: CheckedContinuation<HTTPResponseInfo, any Error>? = lock.withLock {
            guard headResult == nil else { return nil }
            headResult = result
            defer { headWaiter = nil }
            return headWaiter
        }
        waiter?.resume(with: result)
    }

    private var headDelivered: Bool { lock.withLock { headResult != nil } }

    // MARK: StreamingTaskHandler

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let head = HTTPResponseInfo(response)
        lock.withLock {
            // A compressed body's Content-Length counts the wire, not the inflated bytes handed on.
            expected = head.contentEncoding == nil ? head.expectedContentLength : nil
            meter = InflationMeter(head: head, limits: limits)
        }
        deliverHead(.success(head))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let fault: HTTPTransportError? = lock.withLock { () -> HTTPTransportError? in
            guard inflationFault == nil else { return nil }
            do throws(HTTPTransportError) {
                try meter?.count(data.count)
                return nil
            } catch {
                inflationFault = error
                return error
            }
        }
        if let fault {
            pipe.finish(throwing: fault)
            control.cancel(dataTask)
            return
        }
        guard lock.withLock({ inflationFault == nil }) else { return }
        let aboveMark = pipe.push(data)
        #if canImport(Darwin)
            // Only where a suspended task really waits; FoundationNetworking would send the request again.
            if aboveMark { control.perform { dataTask.suspend() } }
        #else
            _ = aboveMark
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (received, expected, refusal): (Int64, Int64?, (any Error)?) = lock.withLock {
            if let challengeRefusal { return (self.received, self.expected, challengeRefusal) }
            return (self.received, self.expected, inflationFault)
        }
        let mapped: (any Error)? = refusal ?? error.map { error -> any Error in
            guard let error = error as? URLError else { return error }
            if error.code == .cancelled { return CancellationError() }
            return HTTPTransportError(
                error, url: url, idleTimeout: limits.idleTimeout, received: received, expected: expected)
        }
        if !headDelivered {
            deliverHead(.failure(mapped ?? HTTPTransportError(.other(detail: "no response"), url: url)))
        }
        pipe.finish(throwing: mapped)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // swift-corelibs-foundation hangs on a challenge it finds no stored credential for, and cancels the task
            // (body unread) on any other answer: end with the refusal itself, status and challenge.
            // The head may have been delivered already: then the body ends with the refusal instead.
            if let error = HTTPResponseError(challenge: challenge) {
                lock.withLock { challengeRefusal = error }
                deliverHead(.failure(error))
            }
            completionHandler(.cancelAuthenticationChallenge, nil)
        #else
            completionHandler(.performDefaultHandling, nil)
        #endif
    }
}
