import Foundation

/// Hands a refresh's due subscriptions to its workers so that at most `perHost` transfers run against one host
/// (the workers, `concurrency` of them, bound the total), the busiest host first (the run ends when its queue
/// does), and none against a host that asked for no request before some time.
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
final class RefreshScheduler: @unchecked Sendable {
    /// What a worker does next.
    enum Job {
        /// Refresh the subscription at this index; call ``done(host:)`` after.
        case refresh(Int, host: String)
        /// The subscription's host asked for no request before the date: skip it.
        case skip(Int, until: Date)
    }

    private struct Host {
        var pending: [Int]
        var next = 0
        var inFlight = 0
        var blockedUntil: Date?
        var remaining: Int { pending.count - next }
    }

    private let lock = NSLock()
    private let perHost: Int
    private var hosts: [String: Host] = [:]
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isCancelled = false
    private let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - work: each due subscription's index and host key.
    ///   - blocked: hosts already asking for no request before a date (stored `retryAfter`s).
    init(
        work: [(index: Int, host: String)], perHost: Int, blocked: [String: Date], clock: @escaping @Sendable () -> Date
    ) {
        self.perHost = max(1, perHost)
        self.clock = clock
        for (index, host) in work { hosts[host, default: Host(pending: [])].pending.append(index) }
        for (host, until) in blocked { hosts[host]?.blockedUntil = until }
    }

    /// The next job, waiting while every host with work left has `perHost` transfers running; `nil` when no work
    /// is left or the run was cancelled.
    func next() async -> Job? {
        while true {
            if Task.isCancelled { return nil }
            var job: Job?
            var finished = false
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let wait: Bool = lock.withLock {
                        if isCancelled {
                            finished = true
                            return false
                        }
                        if let picked = pick() {
                            job = picked
                            return false
                        }
                        if !hosts.values.contains(where: { $0.remaining > 0 }) {
                            finished = true
                            return false
                        }
                        waiters.append(continuation)
                        return true
                    }
                    if !wait { continuation.resume() }
                }
            } onCancel: {
                self.cancel()
            }
            if let job { return job }
            if finished { return nil }
        }
    }

    /// A transfer against `host` ended.
    func done(host: String) {
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            hosts[host]?.inFlight -= 1
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// `host` asked for no request before `until` (a 429 or 503 with `Retry-After`): its queue is skipped.
    func block(host: String, until: Date) {
        lock.withLock {
            let current = hosts[host]?.blockedUntil ?? .distantPast
            hosts[host]?.blockedUntil = max(current, until)
        }
    }

    /// Wakes every waiting worker, which then stops.
    func cancel() {
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            isCancelled = true
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Under `lock`: a blocked host's next subscription to skip, else the next subscription of the host with the
    /// most left among those with a free slot.
    private func pick() -> Job? {
        let now = clock()
        for (key, host) in hosts where host.remaining > 0 {
            if let until = host.blockedUntil, until > now {
                hosts[key]!.next += 1
                return .skip(host.pending[host.next], until: until)
            }
        }
        guard
            let (key, host) = hosts.filter({ $0.value.remaining > 0 && $0.value.inFlight < perHost })
                .max(by: { $0.value.remaining < $1.value.remaining })
        else { return nil }
        hosts[key]!.next += 1
        hosts[key]!.inFlight += 1
        return .refresh(host.pending[host.next], host: key)
    }
}
