import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one `URLSession` of a ``URLSessionTransport``, for every transfer made through it — the pages of a
/// ``Pager``, the calls of a client — so that request after request goes over the connection (and TLS session) the
/// first one opened, where a session per request would open a new one each time.
///
/// `URLSession` takes one delegate per session, so this object is that delegate and hands each task's callbacks
/// to the ``StreamingDataDelegate`` of that task, registered when the task is made. Callbacks arrive on one serial
/// queue, in order. `@unchecked Sendable`: the table of delegates is only touched while holding `lock`.
///
/// The session keeps this object until ``invalidate()``, which the owner calls when its series ends.
final class StreamingSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var delegates: [Int: any StreamingTaskHandler] = [:]
    private var session: URLSession?
    /// Makes the calls on the session's tasks that wait for its work queue (on Linux), off Swift's pool.
    let control = URLSessionTaskControl()

    init(configuration: URLSessionConfiguration) {
        super.init()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    /// A data task for `request` whose callbacks go to `delegate`; `nil` after ``invalidate()``.
    ///
    /// Call it through ``control``: on Linux making a task waits for the session's work queue.
    /// The lock is not held meanwhile, so that delegate callbacks never wait behind it; no callback comes before
    /// the task is resumed, which is after it is registered here. Its owner invalidates the session only once no
    /// transfer can make a task any more.
    func dataTask(with request: URLRequest, delegate: any StreamingTaskHandler) -> URLSessionDataTask? {
        guard let session = lock.withLock({ self.session }) else { return nil }
        let task = session.dataTask(with: request)
        lock.withLock { delegates[task.taskIdentifier] = delegate }
        return task
    }

    /// Lets the running tasks finish, then releases the session and, with it, this object.
    func invalidate() {
        let session = lock.withLock {
            defer { self.session = nil }
            return self.session
        }
        session?.finishTasksAndInvalidate()
        control.stop()
    }

    private func delegate(of task: URLSessionTask) -> (any StreamingTaskHandler)? {
        lock.withLock { delegates[task.taskIdentifier] }
    }

    // MARK: URLSessionDataDelegate, handed on

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let delegate = delegate(of: dataTask) else { return completionHandler(.cancel) }
        delegate.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        delegate(of: dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let delegate = lock.withLock { delegates.removeValue(forKey: task.taskIdentifier) }
        delegate?.urlSession(session, task: task, didCompleteWithError: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The engine follows redirects itself, so that the origin policy applies the same on every transport: the
        // redirect response is delivered as the answer.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let delegate = delegate(of: task) else { return completionHandler(.performDefaultHandling, nil) }
        delegate.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
    }
}

/// What ``StreamingSession`` hands a task's callbacks to: the callbacks ``StreamingDataDelegate`` implements,
/// called directly (on Apple platforms the delegate protocols' methods are optional; here they are required).
protocol StreamingTaskHandler: AnyObject, Sendable {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
}

extension StreamingDataDelegate: StreamingTaskHandler {}
