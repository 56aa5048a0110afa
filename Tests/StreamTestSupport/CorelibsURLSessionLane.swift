import Foundation

/// Keeps apart, within one test process, the URLSession transfers that flood swift-corelibs-foundation's libcurl work
/// (a gzip bomb: libcurl inflates all of it on the work queue before a cancel gets in) and the URLSession transfers
/// whose test times them in seconds (a 1-second idle timeout or deadline).
///
/// On Linux every session's libcurl work is serialized together: while one session inflated a 256 MiB bomb, another
/// session's `dataTask(with:)` waited 0.9–1.6 s instead of under 0.03 s (`scripts/urlsession-cross-session-stall`).
/// In a parallel run the bomb test thus timed out other suites' 1-second transfers. Elsewhere, and for other
/// transports, ``run(_:_:)`` just runs the body.
///
/// Waiting here holds no thread: waiters are continuations, resumed in turn.
public enum CorelibsURLSessionLane {
    /// Runs `body` alone among the other callers when `kind` is URLSession on Linux.
    public static func run<Result>(
        _ kind: TransportKind, _ body: () async throws -> Result
    ) async rethrows -> Result {
        #if canImport(FoundationNetworking)
            guard kind == .urlSession else { return try await body() }
            await exclusion.acquire()
            defer { exclusion.release() }
            return try await body()
        #else
            return try await body()
        #endif
    }

    private static let exclusion = AsyncExclusion()
}

/// At most `holders` holders at a time (one unless told), the others waiting in order of arrival without holding a
/// thread.
///
/// `@unchecked Sendable`: its fields are only touched while holding `lock`; continuations are resumed outside it.
final class AsyncExclusion: @unchecked Sendable {
    private let lock = NSLock()
    private let holders: Int
    private var held = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(holders: Int = 1) {
        self.holders = max(1, holders)
    }

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired: Bool = lock.withLock {
                if held == holders {
                    waiters.append(continuation)
                    return false
                }
                held += 1
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    /// Hands the place on to the first waiter, if any.
    func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            guard !waiters.isEmpty else {
                held -= 1
                return nil
            }
            return waiters.removeFirst()
        }
        next?.resume()
    }
}
