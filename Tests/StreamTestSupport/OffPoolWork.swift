import Foundation

/// Runs `work` on a thread of its own and returns its result, holding no cooperative thread meanwhile.
///
/// For long CPU-bound preparation such as compressing a 256 MiB bomb: seconds of it on a cooperative thread hold
/// one of the two threads of this machine's pool, and the network tests running beside it (URLSession's delegate
/// queues run on that pool too) then timed out their 1-second transfers. On a thread of its own the work only
/// shares the cores, which the kernel divides fairly.
public func offPool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
