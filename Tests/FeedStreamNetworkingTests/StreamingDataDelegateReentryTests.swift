import AtomStream
import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 20, item 6: the delegate must not hold its lock while it calls the handler, or a handler that waits for
/// another thread calling back into the delegate deadlocks.
@Suite("StreamingDataDelegate: events are delivered without holding its lock")
struct StreamingDataDelegateReentryTests {
    /// Set once the delegate exists, read by its own handler.
    final class Box: @unchecked Sendable {
        let lock = NSLock()
        var delegate: StreamingDataDelegate<AtomParser, Void>?
        var waitedTooLong = false
        var events = 0
    }

    @Test("A handler that waits for another thread calling cancel() does not deadlock")
    func handlerWaitsForAnotherThread() async throws {
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600) { _ in
            .init(contentType: "application/atom+xml", body: Array(atomFeed(entries: 50).utf8), chunkSize: 64)
        }
        let box = Box()
        let done = AsyncSignal()
        let delegate = StreamingDataDelegate(requirements: .xml, parser: { _ in AtomParser() }) { event in
            let first = box.lock.withLock { () -> Bool in
                box.events += 1
                return box.events == 1
            }
            if case .finished = event { done.signal() }
            if case .failed = event { done.signal() }
            guard first, case .response = event else { return }
            // Another thread calls back into the delegate while this handler waits for it.
            let called = DispatchSemaphore(value: 0)
            Thread {
                box.lock.withLock { box.delegate }?.cancel()
                called.signal()
            }.start()
            if called.wait(timeout: .now() + 5) == .timedOut {
                box.lock.withLock { box.waitedTooLong = true }
            }
            done.signal()
        }
        box.lock.withLock { box.delegate = delegate }
        let session = URLSession(configuration: .patientLoopback, delegate: delegate, delegateQueue: nil)
        session.dataTask(with: server.url("/feed")).resume()
        session.finishTasksAndInvalidate()
        // Awaited, not waited for on a thread: the delegate queue the handler runs on must stay free to run.
        await done.wait()
        #expect(box.lock.withLock { !box.waitedTooLong }, "the handler's helper thread was blocked by the delegate's lock")
        // Cancelled in the first event: nothing more is delivered.
        #expect(box.lock.withLock { box.events } == 1)
    }
}
