import Foundation
import Testing

/// Runs each case of a test on a thread of its own, one fewer at a time than there are cores, instead of on one of
/// the global executor's threads.
///
/// For the long CPU-bound sweeps (a corpus decoded at every split point, hundreds of sanitizer documents): a
/// synchronous test body holds the executor thread it runs on until it returns, and the executor adds threads only
/// while fewer than the cores are busy. With the sweeps started together, the jobs of the loopback network tests —
/// their clients, watchdogs and URLSession delegates — waited behind them: a transfer went 30 s without a byte, and
/// a 1-second idle timeout fired before the first item. On threads of their own, and never on every core at once,
/// the sweeps leave a core to the tests that time their transfers.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// One scope per test case: each case gets its own thread; the test and its suite get none.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnThreadTrait? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.cores.acquire()
        defer { Self.cores.release() }
        let executor = ThreadExecutor()
        defer { executor.stop() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }

    private static let cores = AsyncExclusion(holders: ProcessInfo.processInfo.activeProcessorCount - 1)
}

extension Trait where Self == OwnThreadTrait {
    /// Each case of the test (or of every test of the suite) runs on a thread of its own: see ``OwnThreadTrait``.
    public static var ownThread: Self { OwnThreadTrait() }
}

/// A task executor with one thread: the jobs given to it run there, one at a time, in order, until ``stop()``.
///
/// `@unchecked Sendable`: `jobs` and `stopped` are only touched while holding `condition`.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        Thread { [self] in run() }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The thread ends once the jobs enqueued before this have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        #if os(Linux)
            // Named for stack dumps of a stuck run (a new thread would carry its creator's name, a GCD worker's).
            try? "OwnThread".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        #endif
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
