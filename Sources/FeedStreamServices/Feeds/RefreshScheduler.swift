import Foundation

/// Hands a batch of due subscriptions to a refresh's workers so that at most `perHost` transfers run against one
/// host (the workers, `concurrency` of them, bound the total), the host with the most left first (the run ends when
/// its queue does), and none against a host that asked to wait: that host's queue is handed out as skips.
///
/// Cost per job: O(log hosts). Hosts with work left and a free slot sit in a max-heap keyed by their work left; a
/// host is in it at most once, and its key changes only while it is out (taken, or full), so no entry goes stale
/// but a blocked host's, dropped when it surfaces. A freed slot wakes one waiting worker, never all of them.
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
final class RefreshScheduler: @unchecked Sendable {
    /// What a worker does next.
    enum Job {
        /// Refresh the subscription at this index; call ``done(host:)`` with `host` after.
        case refresh(Int, host: Int)
        /// The subscription's host asked for no request before the date: skip it.
        case skip(Int, until: Date)
    }

    private struct Host {
        let key: String
        var pending: [Int] = []
        var next = 0
        var inFlight = 0
        var blockedUntil: Date?
        /// In ``ready``.
        var isQueued = false
        /// In ``skipping``.
        var isSkipping = false
        var remaining: Int { pending.count - next }
    }

    private let lock = NSLock()
    private let perHost: Int
    private let clock: @Sendable () -> Date
    private var hosts: [Host] = []
    /// Max-heap of host indices by work left.
    private var ready: [Int] = []
    /// Blocked hosts whose queues are being handed out as skips.
    private var skipping: [Int] = []
    private var remainingTotal = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isCancelled = false

    /// - Parameters:
    ///   - work: each due subscription's index and host key.
    ///   - blocked: hosts asking for no request before a date (stored `retryAfter`s, earlier batches' answers).
    init(
        work: [(index: Int, host: String)], perHost: Int, blocked: [String: Date],
        clock: @escaping @Sendable () -> Date
    ) {
        self.perHost = max(1, perHost)
        self.clock = clock
        var byKey: [String: Int] = [:]
        for (index, key) in work {
            if let host = byKey[key] {
                hosts[host].pending.append(index)
            } else {
                byKey[key] = hosts.count
                hosts.append(Host(key: key, pending: [index], blockedUntil: blocked[key]))
            }
        }
        remainingTotal = work.count
        let now = clock()
        for host in hosts.indices {
            if let until = hosts[host].blockedUntil, until > now {
                hosts[host].isSkipping = true
                skipping.append(host)
            } else {
                push(host)
            }
        }
    }

    /// The next job, waiting while every host with work left has `perHost` transfers running; `nil` when no work
    /// is left or the run was cancelled.
    func next() async -> Job? {
        while true {
            if Task.isCancelled { return nil }
            var job: Job?
            var finished = false
            var woken: [CheckedContinuation<Void, Never>] = []
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let wait: Bool = lock.withLock {
                        if isCancelled || remainingTotal == 0 {
                            finished = true
                            return false
                        }
                        if let picked = pick() {
                            job = picked
                            // The last job handed out: the workers still waiting have nothing left to wait for.
                            if remainingTotal == 0 { swap(&woken, &waiters) }
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
            for waiter in woken { waiter.resume() }
            if let job { return job }
            if finished { return nil }
        }
    }

    /// A transfer against `host` ended: its slot is free, and one waiting worker is woken to use it.
    func done(host: Int) {
        let woken: CheckedContinuation<Void, Never>? = lock.withLock {
            hosts[host].inFlight -= 1
            if !hosts[host].isSkipping { push(host) }
            return waiters.popLast()
        }
        woken?.resume()
    }

    /// `host` asked for no request before `until` (a 429 or 503): what is left of its queue is skipped.
    func block(host: Int, until: Date) {
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            hosts[host].blockedUntil = max(hosts[host].blockedUntil ?? .distantPast, until)
            guard !hosts[host].isSkipping else { return [] }
            hosts[host].isSkipping = true
            skipping.append(host)
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Every host that asked to wait, and until when: what the next batch starts from.
    var blockedHosts: [String: Date] {
        lock.withLock {
            var blocked: [String: Date] = [:]
            for host in hosts { if let until = host.blockedUntil { blocked[host.key] = until } }
            return blocked
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
        while let host = skipping.last {
            if hosts[host].remaining > 0 {
                return .skip(take(host), until: hosts[host].blockedUntil ?? .distantPast)
            }
            skipping.removeLast()
        }
        while let host = popReady() {
            if hosts[host].isSkipping || hosts[host].remaining == 0 { continue }
            if let until = hosts[host].blockedUntil, until > clock() {
                hosts[host].isSkipping = true
                skipping.append(host)
                return .skip(take(host), until: until)
            }
            hosts[host].inFlight += 1
            let index = take(host)
            push(host)
            return .refresh(index, host: host)
        }
        return nil
    }

    private func take(_ host: Int) -> Int {
        let index = hosts[host].pending[hosts[host].next]
        hosts[host].next += 1
        remainingTotal -= 1
        if hosts[host].remaining == 0 { hosts[host].pending = [] }
        return index
    }

    // MARK: The heap

    /// Queues `host` if it has work left and a free slot and is not queued yet.
    private func push(_ host: Int) {
        guard !hosts[host].isQueued, hosts[host].remaining > 0, hosts[host].inFlight < perHost else { return }
        hosts[host].isQueued = true
        ready.append(host)
        var child = ready.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard hosts[ready[parent]].remaining < hosts[ready[child]].remaining else { break }
            ready.swapAt(parent, child)
            child = parent
        }
    }

    private func popReady() -> Int? {
        guard let top = ready.first else { return nil }
        let last = ready.removeLast()
        if !ready.isEmpty {
            ready[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var largest = parent
                if left < ready.count, hosts[ready[left]].remaining > hosts[ready[largest]].remaining { largest = left }
                if right < ready.count, hosts[ready[right]].remaining > hosts[ready[largest]].remaining {
                    largest = right
                }
                guard largest != parent else { break }
                ready.swapAt(parent, largest)
                parent = largest
            }
        }
        hosts[top].isQueued = false
        return top
    }
}
