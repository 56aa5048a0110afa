import AtomStream
import FeedStreamNetworking
import Foundation

/// Keeps many subscriptions fresh without hammering anyone's server: the refresh engine of a feed reader or
/// podcast app, over the ``Subscription`` values the app stores.
///
/// ```swift
/// let refresher = FeedRefresher(client: FeedClient(), concurrency: 8, perHost: 2)
/// for await event in refresher.refresh(stored) {
///     switch event {
///     case .entry(let id, let entry): show(entry, in: id)
///     case .finished(let subscription, let outcome): store(subscription); log(outcome)
///     }
/// }
/// ```
///
/// - Conditional GET: each subscription's `ETag` and `Last-Modified` are sent back, unless older than
///   ``validatorLifetime`` (some servers answer 304 for ever to a stale one); a 304 costs no decode.
/// - Politeness: at most ``concurrency`` transfers at once and ``perHost`` against one host. A 429 or 503 with
///   `Retry-After` stops every request to that host for the rest of the run, and is stored in
///   ``Subscription/retryAfter`` so the next run keeps to it.
/// - Schedule: ``Subscription/nextDue`` comes from the response (`Cache-Control: max-age`, `Expires`) and the feed
///   (RSS `ttl`, `sy:updatePeriod` / `sy:updateFrequency`, `skipHours` / `skipDays`), clamped to ``intervals``;
///   failures back off exponentially, with jitter. Subscriptions not due are reported `notDue` (unless `all`).
/// - Moves: 301 and 308 (and a podcast's `itunes:new-feed-url`) are reported `moved(to:)` and change the stored
///   URL; 302 and 307 are followed without changing it; 410 is `gone`.
/// - Streaming: entries are reported as they decode, and the stream holds at most a few events: a consumer slower
///   than the network makes the transfers wait, so memory is bounded by the transfers in flight, however many
///   subscriptions. One subscription's failure is its own `finished` event with a one-line message. Cancelling the
///   consumer's task (or dropping the stream) stops every transfer at once.
/// - Sharding: with `shard: (index, count)` only the subscriptions whose host hashes to `index` (of `count`) are
///   refreshed, by a hash that is the same in every process — several processes split one list with no shared
///   state, and one host's subscriptions all land in one process, so per-host limits still hold.
public struct FeedRefresher: Sendable {
    /// The transport, limits (``TransferLimits/idleTimeout`` ends a stalled transfer), origin policy and parser
    /// options of every transfer.
    public var client: FeedClient
    /// Transfers at once, at most.
    public var concurrency: Int
    /// Transfers at once against one host, at most.
    public var perHost: Int
    /// The shortest and longest time until a subscription is due again, whatever the server or the feed say.
    public var intervals: ClosedRange<TimeInterval>
    /// This process's share of the subscriptions: `index` from 0 to `count - 1`; `nil` refreshes them all.
    public var shard: (index: Int, count: Int)?
    /// Stored validators older than this are not sent. Default 7 days.
    public var validatorLifetime: TimeInterval = 7 * 86_400
    /// The clock `Retry-After` blocks are checked against during the run (the `now` of ``refresh(_:now:all:)``
    /// plus the time since it began, by default).
    package var clock: (@Sendable () -> Date)?

    /// Creates a refresher.
    public init(
        client: FeedClient = .init(), concurrency: Int = 8, perHost: Int = 2,
        intervals: ClosedRange<TimeInterval> = 900...86_400, shard: (index: Int, count: Int)? = nil
    ) {
        self.client = client
        self.concurrency = max(1, concurrency)
        self.perHost = max(1, perHost)
        self.intervals = max(0, intervals.lowerBound)...max(0, intervals.upperBound)
        if let shard {
            let count = max(1, shard.count)
            self.shard = (min(max(0, shard.index), count - 1), count)
        }
    }

    /// Refreshes the subscriptions due at `now` (every one with `all`, except those whose host asked to wait),
    /// reporting entries as they decode and one ``RefreshEvent/finished(_:_:)`` per subscription of this shard.
    public func refresh(_ subscriptions: [Subscription], now: Date = .now, all: Bool = false)
        -> AsyncStream<RefreshEvent>
    {
        let run = start(subscriptions, now: now, all: all)
        return AsyncStream(unfolding: { await run.next()?.event }, onCancel: { run.cancel() })
    }

    /// ``refresh(_:now:all:)`` with what each transfer cost, for the command line and the benchmarks.
    package func reports(_ subscriptions: [Subscription], now: Date = .now, all: Bool = false)
        -> AsyncStream<RefreshReport>
    {
        let run = start(subscriptions, now: now, all: all)
        return AsyncStream(unfolding: { await run.next() }, onCancel: { run.cancel() })
    }

    /// Whether `subscription` belongs to this process's shard.
    public func isInShard(_ subscription: Subscription) -> Bool {
        guard let shard else { return true }
        return Int(Self.stableHash(Self.hostKey(subscription.url)) % UInt64(shard.count)) == shard.index
    }

    /// The key per-host limits and shards count by: the host, lowercased.
    static func hostKey(_ url: URL) -> String { url.host?.lowercased() ?? "" }

    /// 64-bit FNV-1a of the UTF-8 bytes: the same in every process (Swift's `Hasher` is seeded per process).
    package static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    private func start(_ subscriptions: [Subscription], now: Date, all: Bool) -> RefreshRun<RefreshReport> {
        let channel = RefreshEventChannel<RefreshReport>(capacity: concurrency)
        let refresher = self
        let task = Task {
            await refresher.run(subscriptions, now: now, all: all, channel: channel)
            channel.finish()
        }
        return RefreshRun(task: task, channel: channel)
    }

    private func run(
        _ subscriptions: [Subscription], now: Date, all: Bool, channel: RefreshEventChannel<RefreshReport>
    ) async {
        let began = ContinuousClock.now
        let clock = self.clock ?? { now.addingTimeInterval(Self.seconds(ContinuousClock.now - began)) }
        var due: [(index: Int, host: String)] = []
        var blocked: [String: Date] = [:]
        let mine = subscriptions.filter(isInShard)
        for subscription in mine {
            let host = Self.hostKey(subscription.url)
            if let retryAfter = subscription.retryAfter, retryAfter > now {
                blocked[host] = max(blocked[host] ?? .distantPast, retryAfter)
            }
        }
        for (index, subscription) in mine.enumerated() {
            let host = Self.hostKey(subscription.url)
            let waiting = subscription.retryAfter.map { $0 > now } ?? false
            if waiting || !(all || (subscription.nextDue ?? .distantPast) <= now) {
                await channel.send(.finished(subscription.id, subscription, .notDue, nil))
            } else {
                due.append((index, host))
            }
        }
        let scheduler = RefreshScheduler(work: due, perHost: perHost, blocked: blocked, clock: clock)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<min(concurrency, due.count) {
                group.addTask {
                    while let job = await scheduler.next() {
                        switch job {
                        case .skip(let index, let until):
                            var skipped = mine[index]
                            skipped.retryAfter = until
                            await channel.send(.finished(skipped.id, skipped, .notDue, nil))
                        case .refresh(let index, let host):
                            let report = await refreshOne(mine[index], now: now, clock: clock, channel: channel) {
                                scheduler.block(host: host, until: $0)
                            }
                            scheduler.done(host: host)
                            if Task.isCancelled { return }
                            await channel.send(report)
                        }
                    }
                }
            }
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
