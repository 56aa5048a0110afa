import Foundation

/// Hands the due subscriptions of a refresh run to its workers so that at most `limit` transfers run at once and at
/// most `perHost` against one host, the host with the most left first (the run ends when its queue does), and none
/// against a host that asked to wait: that host's queue is handed out as skips, for the rest of the run.
///
/// Work arrives while the run goes on (``add(_:)``, batch after batch from a claimer that ``needsWork()`` wakes when
/// work runs low), so the workers never wait for a whole batch to end, nor for the next
/// claim; ``close()`` says no more is coming, and the workers end once the queues are empty.
///
/// Cost per job: O(log hosts). Hosts with work left and a free slot sit in a max-heap keyed by their work left; a
/// host is in it at most once, taken out while it runs or is full, and moved up in place when work added for it
/// grows its key, so no entry goes stale but a blocked host's, dropped when it surfaces. A freed slot wakes one
/// waiting worker, never all of them. A host with nothing queued, nothing running and no wait asked is forgotten, its
/// place reused: memory follows the hosts in hand, not every host the run has seen.
///
/// `@unchecked Sendable`: every field is touched only while holding `lock`; continuations are resumed outside it.
final class RefreshScheduler<Item: Sendable>: @unchecked Sendable {
    /// What a worker does next.
    enum Job {
        /// Refresh the item; call ``done(host:)`` with `host` after.
        case refresh(Item, host: Int)
        /// The item's host asked for no request before the date: skip it.
        case skip(Item, until: Date)
    }

    private struct Host {
        var key: String
        var pending: [Item] = []
        var next = 0
        var inFlight = 0
        var blockedUntil: Date?
        /// In ``ready``, at ``heapIndex``.
        var isQueued = false
        var heapIndex = 0
        /// In ``skipping``.
        var isSkipping = false
        var remaining: Int { pending.count - next }
    }

    private let lock = NSLock()
    private let perHost: Int
    private let limit: Int
    private let lowWater: Int
    private let clock: @Sendable () -> Date
    private var hosts: [Host] = []
    private var byKey: [String: Int] = [:]
    /// Places in ``hosts`` of forgotten hosts, reused by the next new one.
    private var freePlaces: [Int] = []
    /// Max-heap of host indices by work left.
    private var ready: [Int] = []
    /// Blocked hosts whose queues are being handed out as skips.
    private var skipping: [Int] = []
    private var remainingTotal = 0
    private var inFlightTotal = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// The claimer, waiting until work runs low.
    private var claimer: CheckedContinuation<Bool, Never>?
    private var isOpen = true
    private var isCancelled = false

    /// An empty scheduler, open for work.
    /// - Parameters:
    ///   - limit: the most transfers at once.
    ///   - lowWater: ``needsWork()`` answers once fewer items than this are queued.
    ///   - clock: now, for hosts whose wait ends during the run.
    init(perHost: Int, limit: Int, lowWater: Int, clock: @escaping @Sendable () -> Date) {
        self.perHost = max(1, perHost)
        self.limit = max(1, limit)
        self.lowWater = max(1, lowWater)
        self.clock = clock
    }

    /// Queues `work`: each item with its host's key, and the date its host asked for no request before (a stored
    /// `Retry-After`), if any. Wakes the workers that waited for work.
    func add(_ work: [(item: Item, host: String, blockedUntil: Date?)]) {
        guard !work.isEmpty else { return }
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            let now = clock()
            for (item, key, blockedUntil) in work {
                let host = place(for: key)
                hosts[host].pending.append(item)
                if let blockedUntil {
                    hosts[host].blockedUntil = max(hosts[host].blockedUntil ?? .distantPast, blockedUntil)
                }
                if let until = hosts[host].blockedUntil, until > now {
                    if !hosts[host].isSkipping {
                        hosts[host].isSkipping = true
                        skipping.append(host)
                    }
                } else {
                    push(host)
                }
            }
            remainingTotal += work.count
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// No more work will come: the workers end once what is queued is handed out.
    func close() {
        wakeEveryone { $0.isOpen = false }
    }

    /// Marks the run under `lock`, then wakes every waiting worker and tells the claimer to stop.
    private func wakeEveryone(_ mark: (RefreshScheduler) -> Void) {
        let (woken, claimer): ([CheckedContinuation<Void, Never>], CheckedContinuation<Bool, Never>?) = lock.withLock {
            mark(self)
            defer {
                waiters.removeAll()
                self.claimer = nil
            }
            return (waiters, self.claimer)
        }
        for waiter in woken { waiter.resume() }
        claimer?.resume(returning: false)
    }

    /// Waits until fewer than `lowWater` items are queued: `true`, time to claim more; `false` once the run is
    /// cancelled or closed.
    func needsWork() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer: Bool? = lock.withLock {
                    if isCancelled || !isOpen { return false }
                    if remainingTotal < lowWater { return true }
                    claimer = continuation
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            self.cancel()
        }
    }

    /// The next job, waiting while every host with work left has `perHost` transfers running (or `limit` run in
    /// all), or while nothing is queued and more may come; `nil` once nothing is left and no more will come, or the
    /// run was cancelled.
    func next() async -> Job? {
        while true {
            if Task.isCancelled { return nil }
            var job: Job?
            var finished = false
            var woken: [CheckedContinuation<Void, Never>] = []
            var claimer: CheckedContinuation<Bool, Never>?
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let wait: Bool = lock.withLock {
                        if isCancelled {
                            finished = true
                            return false
                        }
                        if let picked = pick() {
                            job = picked
                            // The last job handed out: the workers still waiting have nothing left to wait for.
                            if remainingTotal == 0 && !isOpen { swap(&woken, &waiters) }
                            claimer = wakeClaimer()
                            return false
                        }
                        if remainingTotal == 0 && !isOpen {
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
            for waiter in woken { waiter.resume() }
            claimer?.resume(returning: true)
            if let job { return job }
            if finished { return nil }
        }
    }

    /// The hosts that asked to wait past `now`, and until when: what a run's subscriptions not handed out here
    /// (not due) must wait for too.
    func pauses(after now: Date) -> [String: Date] {
        lock.withLock {
            var pauses: [String: Date] = [:]
            for host in hosts { if let until = host.blockedUntil, until > now { pauses[host.key] = until } }
            return pauses
        }
    }

    /// A transfer against `host` ended: its slot is free, and one waiting worker is woken to use it.
    func done(host: Int) {
        let woken: CheckedContinuation<Void, Never>? = lock.withLock {
            hosts[host].inFlight -= 1
            inFlightTotal -= 1
            if !hosts[host].isSkipping { push(host) }
            forgetIfIdle(host)
            return waiters.popLast()
        }
        woken?.resume()
    }

    /// `host` asked for no request before `until` (a 429 or 503): what is left of its queue, and what comes for it
    /// later in the run, is skipped.
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

    /// Wakes every waiting worker, which then stops, and the claimer.
    func cancel() {
        wakeEveryone { $0.isCancelled = true }
    }

    /// Under `lock`: the waiting claimer, taken, when work has run low.
    private func wakeClaimer() -> CheckedContinuation<Bool, Never>? {
        guard claimer != nil, remainingTotal < lowWater else { return nil }
        defer { claimer = nil }
        return claimer
    }

    /// Under `lock`: a blocked host's next item to skip, else the next item of the host with the most left among
    /// those with a free slot, while fewer than `limit` transfers run.
    private func pick() -> Job? {
        while let host = skipping.last {
            if hosts[host].remaining > 0 {
                return .skip(take(host), until: hosts[host].blockedUntil ?? .distantPast)
            }
            skipping.removeLast()
            hosts[host].isSkipping = false
        }
        guard inFlightTotal < limit else { return nil }
        while let host = popReady() {
            if hosts[host].isSkipping || hosts[host].remaining == 0 { continue }
            if let until = hosts[host].blockedUntil, until > clock() {
                hosts[host].isSkipping = true
                skipping.append(host)
                return .skip(take(host), until: until)
            }
            hosts[host].inFlight += 1
            inFlightTotal += 1
            let item = take(host)
            push(host)
            return .refresh(item, host: host)
        }
        return nil
    }

    private func take(_ host: Int) -> Item {
        let item = hosts[host].pending[hosts[host].next]
        hosts[host].next += 1
        remainingTotal -= 1
        if hosts[host].remaining == 0 {
            hosts[host].pending = []
            hosts[host].next = 0
        } else if hosts[host].next >= 64 && hosts[host].next * 2 >= hosts[host].pending.count {
            // What was handed out goes, now and then, so a host fed batch after batch holds only what is queued.
            hosts[host].pending.removeFirst(hosts[host].next)
            hosts[host].next = 0
        }
        return item
    }

    /// Under `lock`: the place of the host with `key`, made when new.
    private func place(for key: String) -> Int {
        if let host = byKey[key] { return host }
        let host: Int
        if let free = freePlaces.popLast() {
            host = free
            hosts[host] = Host(key: key)
        } else {
            host = hosts.count
            hosts.append(Host(key: key))
        }
        byKey[key] = host
        return host
    }

    /// Under `lock`: forgets `host` when nothing of it is queued or running and it asked for no wait (a host that
    /// did is remembered for the rest of the run).
    private func forgetIfIdle(_ host: Int) {
        let entry = hosts[host]
        guard entry.inFlight == 0, entry.remaining == 0, entry.blockedUntil == nil, !entry.isQueued,
            !entry.isSkipping
        else { return }
        byKey[entry.key] = nil
        hosts[host] = Host(key: "")
        freePlaces.append(host)
    }

    // MARK: The heap

    /// Queues `host` if it has work left and a free slot and is not queued yet; moves it up when it is queued and
    /// its work left grew (work added during the run).
    private func push(_ host: Int) {
        if hosts[host].isQueued { return siftUp(hosts[host].heapIndex) }
        guard hosts[host].remaining > 0, hosts[host].inFlight < perHost else { return }
        hosts[host].isQueued = true
        ready.append(host)
        hosts[host].heapIndex = ready.count - 1
        siftUp(ready.count - 1)
    }

    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard hosts[ready[parent]].remaining < hosts[ready[child]].remaining else { break }
            swapReady(parent, child)
            child = parent
        }
    }

    private func popReady() -> Int? {
        guard let top = ready.first else { return nil }
        let last = ready.removeLast()
        if !ready.isEmpty {
            ready[0] = last
            hosts[last].heapIndex = 0
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
                swapReady(parent, largest)
                parent = largest
            }
        }
        hosts[top].isQueued = false
        return top
    }

    private func swapReady(_ first: Int, _ second: Int) {
        ready.swapAt(first, second)
        hosts[ready[first]].heapIndex = first
        hosts[ready[second]].heapIndex = second
    }
}
