import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the transports make the `URLSession` calls that wait: creating, resuming, suspending and cancelling a task.
///
/// In swift-corelibs-foundation (Linux) each of those is a `DispatchQueue.sync` onto the session's work queue, the
/// queue on which libcurl reads every body of the session, so a call waits until that queue has drained what was
/// queued before it. There Swift's tasks, `URLSession`'s delegate queues and its work queues all run on one pool of
/// about one thread per core, which grows only slowly past blocked threads. Made on a cooperative thread (sending,
/// or a cancellation handler) or on a delegate queue (a body cut short), such calls held every thread of the pool
/// while the work queues they waited for had no thread left to drain on: seen by `gdb` in a parallel test run as all
/// four pool threads in `URLSessionTask.cancel()`, `.resume()` and `URLSession.dataTask(with:)`, and every other
/// task of the process — other transports' included — stalled for seconds to minutes.
///
/// So on Linux they are made, in order, on a thread of the control's own, outside the pool: ``perform(_:)`` only
/// queues the call, and never waits. One control per session, so that a session whose work queue is busy
/// delays only its own calls. On Apple platforms those calls do not wait, and are made at once.
///
/// `@unchecked Sendable`: `queue`, `isRunning` and `isStopped` are only touched while holding `condition`.
final class URLSessionTaskControl: @unchecked Sendable {
    /// For the tasks of sessions this package does not own (``StreamingDataDelegate``'s): it lasts as long as the
    /// process, as NIO's singleton event loops do.
    static let shared = URLSessionTaskControl()

    #if canImport(FoundationNetworking)
        private let condition = NSCondition()
        private var queue: [@Sendable () -> Void] = []
        private var isRunning = false
        private var isStopped = false
    #endif

    init() {}

    /// Runs `call` on the control's thread (Linux), after every call queued before it; at once elsewhere.
    func perform(_ call: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
            let starts: Bool = condition.withLock {
                queue.append(call)
                condition.signal()
                defer { isRunning = true }
                return !isRunning
            }
            guard starts else { return }
            // Started with the first call; it then waits on the condition, holding no pool thread, until stopped.
            let thread = Thread { [self] in run() }
            thread.name = "FeedStream URLSession tasks"
            thread.start()
        #else
            call()
        #endif
    }

    /// Cancels `task` from the control's thread: what a delegate or a cancellation handler calls.
    func cancel(_ task: URLSessionTask) {
        perform { task.cancel() }
    }

    /// Lets the thread end once the calls queued so far are made; a later call is still made.
    func stop() {
        #if canImport(FoundationNetworking)
            condition.withLock {
                isStopped = true
                condition.signal()
            }
        #endif
    }

    #if canImport(FoundationNetworking)
        private func run() {
            while true {
                let calls: [@Sendable () -> Void]? = condition.withLock {
                    while queue.isEmpty && !isStopped { condition.wait() }
                    if queue.isEmpty {
                        // A call queued after this (a transfer outliving its transport, cancelled) starts a thread
                        // again.
                        isRunning = false
                        return nil
                    }
                    defer { queue.removeAll(keepingCapacity: true) }
                    return queue
                }
                guard let calls else { return }
                for call in calls { call() }
            }
        }
    #endif
}
