import Foundation

/// One refresh run's share of article fetches (``FullTextOptions``): the fetches left under the run's cap, and the
/// fetches running against each host, with the ones waiting for a host's turn.
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
package final class FullTextRun: @unchecked Sendable {
    package let options: FullTextOptions
    private let lock = NSLock()
    private var remaining: Int
    private var running: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    package init(_ options: FullTextOptions) {
        self.options = options
        self.remaining = options.limit
    }

    /// Takes one fetch of the run's cap; `false` once it is spent.
    package func claim() -> Bool {
        lock.withLock {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }

    /// Runs `fetch` when fewer than ``FullTextOptions/perHost`` fetches run against `host`, waiting its turn
    /// otherwise (in the order asked). Every fetch ends (a cancelled one quickly), so a waiter is always let in.
    package func atHost<T: Sendable>(_ host: String, _ fetch: () async -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let enters: Bool = lock.withLock {
                if running[host, default: 0] < options.perHost {
                    running[host, default: 0] += 1
                    return true
                }
                waiting[host, default: []].append(continuation)
                return false
            }
            if enters { continuation.resume() }
        }
        let result = await fetch()
        // The slot passes straight to the next waiter, if any: the count stays as it is.
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if var queue = waiting[host], !queue.isEmpty {
                let first = queue.removeFirst()
                waiting[host] = queue.isEmpty ? nil : queue
                return first
            }
            running[host, default: 1] -= 1
            if running[host] == 0 { running[host] = nil }
            return nil
        }
        next?.resume()
        return result
    }
}
