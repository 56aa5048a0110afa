import Foundation

/// A one-shot event that async code awaits without holding a thread: ``signal()`` (from any thread, any number of
/// times) lets every present and future ``wait()`` go on.
///
/// Tests wait with this instead of a semaphore or a polling loop: a blocked or polling cooperative thread is one
/// the code under test cannot run on, and on a busy 2-core machine that starved the very work being waited for.
/// `DispatchQueue.global()` is no way out on Linux: there Swift's tasks and the global queues share one pool of
/// about one thread per core, which grows only slowly past blocked threads (measured on this 2-core machine: with
/// 3 global-queue threads blocked a new task started after 0.5 s, with 4 after 1.5 s, with 64 not within 10 s).
///
/// `@unchecked Sendable`: its fields are touched only while holding `lock`; continuations are resumed outside it.
public final class AsyncSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var isSignalled = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Whether ``signal()`` has been called.
    public var hasFired: Bool { lock.withLock { isSignalled } }

    /// Lets every waiter go on, now and from now on.
    public func signal() {
        let waiting: [CheckedContinuation<Void, Never>] = lock.withLock {
            guard !isSignalled else { return [] }
            isSignalled = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once ``signal()`` has been called.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let fired: Bool = lock.withLock {
                if !isSignalled { waiters.append(continuation) }
                return isSignalled
            }
            if fired { continuation.resume() }
        }
    }
}

/// What a child process wrote and how it ended.
public struct ChildProcessResult: Sendable {
    public var status: Int32
    public var output: Data
    public var error: Data
}

/// Runs `executable` with `arguments`, feeding it `input` on standard input, and returns what it wrote once it
/// has exited (with `environment` as its whole environment when given, else this process's). The blocking part
/// (writing, reading both pipes to their end, waiting for the exit) runs on a thread of its own: the awaiting task
/// holds no cooperative thread while the child runs.
public func runChildProcess(
    _ executable: URL, arguments: [String], input: Data? = nil, environment: [String: String]? = nil
) async throws -> ChildProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    return await withCheckedContinuation { (continuation: CheckedContinuation<ChildProcessResult, Never>) in
        Thread {
            // Input is written and standard error drained by threads of their own, so that a child filling one
            // pipe never waits for a thread busy with another.
            let errorDrain = PipeDrain(error)
            Thread {
                if let input { standardInput.fileHandleForWriting.write(input) }
                try? standardInput.fileHandleForWriting.close()
            }.start()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = errorDrain.wait()
            process.waitUntilExit()
            continuation.resume(
                returning: ChildProcessResult(status: process.terminationStatus, output: outputData, error: errorData))
        }.start()
    }
}

/// Reads a pipe to its end on a thread of its own (never a cooperative one); ``wait()`` is called from another
/// such thread.
private final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// What the pipe held, once it has ended.
    func wait() -> Data {
        done.wait()
        return data
    }
}
