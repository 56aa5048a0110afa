import AtomStream
import FeedStreamNetworking
import Foundation

/// Keeps many subscriptions fresh without hammering anyone's server: the refresh engine of a feed reader or
/// podcast app, over the ``Subscription`` values the app stores.
///
/// ```swift
/// var refresher = FeedRefresher(client: FeedClient(), concurrency: 8, perHost: 2)
/// refresher.authorization = { $0.url.host == "private.example" ? myAuthorizer : nil }
/// for await event in refresher.refresh(stored, reportNotDue: false) {
///     switch event {
///     case .entry(let id, let entry, let change): show(entry, in: id, isNew: change == .new)
///     case .finished(let id, let subscription, let outcome): store(subscription, replacing: id); log(outcome)
///     case .refused: break   // a fleet's store gave the subscription to another worker
///     }
/// }
/// ```
///
/// - Conditional GET: each subscription's `ETag` and `Last-Modified` are sent back whenever stored, and a 304
///   renews them (a new `ETag` on a 304 is kept); a 304 costs no decode. A 200 whose body is byte-identical to the
///   last one (``Subscription/bodyDigest``) is `notModified` too, recognised before it is decoded. Requests ask for
///   feeds first (`Accept`).
/// - Credentials: ``authorization`` and ``headers`` name each subscription's own (none by default); the client's
///   ``FeedClient/authorizer`` never signs a refresher's request, its ``FeedClient/headers`` never carry
///   `Authorization`, `Cookie` or `Proxy-Authorization`, and credentials stay on the subscription's origin through
///   redirects (``FeedClient/originPolicy``) and after a move to another origin (``Subscription/credentialsOrigin``).
/// - Politeness: at most ``concurrency`` transfers at once and ``perHost`` against one host. A 429 or 503 (with
///   `Retry-After` kept within ``intervals``, or 10 minutes raised to the shortest interval without it) pauses every
///   request to that host for the rest of the run and after it: every subscription of the host, due or not, is
///   ``RefreshOutcome/deferred(until:)`` with ``Subscription/retryAfter`` set, and the next run keeps the host to the
///   latest of them. A 503 counts as the feed's failure too; a bot wall (a challenge page, a failure of kind
///   ``RefreshFailure/Kind/blocked``) pauses its host for the feed's back-off.
/// - Limits: ``errorLimit`` failures in a row disable a subscription (``Subscription/disabled``); a 404 that lasts
///   ``goneAfterNotFound`` makes it gone.
/// - Faults: each failure is a ``RefreshFailure`` of a ``RefreshFailure/Kind`` an app can act on; no network at
///   all is ``RefreshOutcome/offline``, the subscription handed back unchanged. A transfer that takes longer than
///   ``transferDeadline`` (2 minutes) or goes ``TransferLimits/idleTimeout`` without a byte is `timedOut`.
/// - Schedule: ``Subscription/nextDue`` follows ``schedule`` (by default how often the feed publishes), raised to
///   what the response (`Cache-Control: max-age`, `Expires`) and the feed (RSS `ttl`, `sy:updatePeriod`) ask,
///   clamped to ``intervals``, past `skipHours` / `skipDays`, with ±10 % jitter; failures back off exponentially,
///   with jitter.
/// - Moves: 301 and 308 (and a podcast's `itunes:new-feed-url`) are reported `moved(to:)` and change the stored
///   URL, a 304 at the new URL too; 302 and 307 are followed without changing it; 410 is `gone`, and a gone
///   subscription is not asked again until the app clears ``Subscription/gone``.
/// - Streaming: entries are reported as they decode, and the stream holds at most a few events: a consumer slower
///   than the network makes the transfers wait, so memory is bounded by the transfers in flight, however many
///   subscriptions. Cancelling the consumer's task (or dropping the stream) stops every transfer at once.
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
    /// Stored validators not saved or confirmed (by a 200, or a 304) for this long are not sent. Default: no limit,
    /// validators are sent whenever stored.
    public var validatorLifetime: TimeInterval = .infinity
    /// The credentials of each subscription's requests, sent only to the subscription's own origin
    /// (``Subscription/credentialsOrigin`` once it moved elsewhere); `nil`, the default for every subscription,
    /// sends none.
    public var authorization: @Sendable (Subscription) -> (any RequestAuthorizer)? = { _ in nil }
    /// Header fields of each subscription's own (an API key, a session `Cookie`), sent exactly where its
    /// ``authorization`` goes: on its own origin, never through a redirect elsewhere. Default: none. The client's
    /// ``FeedClient/headers`` go to every subscription, without `Authorization`, `Cookie` and
    /// `Proxy-Authorization`.
    public var headers: @Sendable (Subscription) -> [String: String] = { _ in [:] }
    /// How long after a successful refresh a subscription is due again. Default ``RefreshSchedule/adaptive``.
    public var schedule: RefreshSchedule = .adaptive
    /// The longest one subscription's transfer may take, redirects included (a host that sends a byte every few
    /// seconds would otherwise hold a worker for ever); `nil` for none. Default 2 minutes. The client's own
    /// ``TransferLimits/deadline``, when shorter, wins.
    public var transferDeadline: TimeInterval? = 120
    /// Fill in entries whose feed sends only a summary from the pages they link to (``FullTextOptions``): each new
    /// such entry comes with the page's article as its content and ``AtomEntry/extraction`` saying so. `nil`, the
    /// default, fetches no page.
    public var fullText: FullTextOptions?
    /// This run's share of article fetches under ``fullText`` (``preparingFullText()``); `nil` outside a run.
    var fullTextRun: FullTextRun?
    /// Failed refreshes in a row after which a subscription is ``Subscription/disabled``: not asked again until the
    /// app clears it. `nil`: never. Default 10 — at the default ``intervals`` and back-off, about 2½ to 3½ days of
    /// failing (Miniflux's 3 would disable every feed of a phone behind a captive portal within 2 hours). Offline
    /// runs and deferrals (429) do not count; 404s do not either, they end in ``goneAfterNotFound``.
    public var errorLimit: Int? = 10
    /// How long a feed's URL may answer 404 before the subscription is ``Subscription/gone``, as after a 410. `nil`:
    /// never. Default 7 days.
    public var goneAfterNotFound: TimeInterval? = 7 * 86_400
    /// The clock `Retry-After` blocks are checked against during the run (the `now` of
    /// ``refresh(_:now:all:reportNotDue:)`` plus the time since it began, by default).
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

    /// Refreshes the subscriptions due at `now` (every one with `all`, except gone ones), reporting entries as they
    /// decode (each ``EntryChange/new``: an array carries no memory of what was seen) and one
    /// ``RefreshEvent/finished(id:_:_:)`` per subscription of this shard — for those not due too
    /// (``RefreshOutcome/notDue``), unless `reportNotDue` is `false`: then only what was refreshed, deferred or found
    /// offline is reported, which is all an app with 10,000 subscriptions needs to store.
    public func refresh(
        _ subscriptions: [Subscription], now: Date = .now, all: Bool = false, reportNotDue: Bool = true
    ) -> AsyncStream<RefreshEvent> {
        let run = start(arraySource(subscriptions, now: now, all: all, reportNotDue: reportNotDue), now: now)
        return AsyncStream(unfolding: { await run.next()?.event }, onCancel: { run.cancel() })
    }

    /// ``refresh(_:now:all:reportNotDue:)`` with what each transfer cost, for the command line and the benchmarks.
    package func reports(
        _ subscriptions: [Subscription], now: Date = .now, all: Bool = false, reportNotDue: Bool = true
    ) -> AsyncStream<RefreshReport> {
        let run = start(arraySource(subscriptions, now: now, all: all, reportNotDue: reportNotDue), now: now)
        return AsyncStream(unfolding: { await run.next() }, onCancel: { run.cancel() })
    }

    /// Refreshes what `source` hands out as due at `now`, batch after batch until a claim comes back empty: before
    /// each transfer the subscription's ``RefreshSource/seen(_:)`` entries are read, each decoded entry is reported
    /// with its ``EntryChange`` (``EntryClassifier``), and every subscription is handed to
    /// ``RefreshSource/finish(_:as:outcome:seen:)`` (with what this refresh saw, when its feed decoded to the end)
    /// before its `finished` report goes out.
    ///
    /// The engine of `SubscriptionStore`-backed refreshes (FeedStreamStore's `refresh(store:worker:now:)`). A
    /// claim or finish that throws ends the run after the subscriptions in hand: what was claimed and not finished
    /// goes back to the store when its lease ends. `seen` that throws counts as nothing seen.
    package func reports(from source: any RefreshSource, now: Date = .now) -> AsyncStream<RefreshReport> {
        let run = start((source, [], { _ in false }, false), now: now)
        return AsyncStream(unfolding: { await run.next() }, onCancel: { run.cancel() })
    }

    /// ``reports(from:now:)`` as public events.
    package func refresh(from source: any RefreshSource, now: Date = .now) -> AsyncStream<RefreshEvent> {
        let run = start((source, [], { _ in false }, false), now: now)
        return AsyncStream(unfolding: { await run.next()?.event }, onCancel: { run.cancel() })
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

    /// The array as a source: due subscriptions of this shard (gone and disabled ones never), claimed in order, and
    /// the array again for those not due. Both walk the app's array as they go: nothing is copied per subscription,
    /// so a run over 100,000 subscriptions holds no second list of them.
    private func arraySource(_ subscriptions: [Subscription], now: Date, all: Bool, reportNotDue: Bool)
        -> RunWork
    {
        let refresher = self
        let isDue: @Sendable (Subscription) -> Bool = {
            refresher.isInShard($0) && !$0.isStopped && (all || ($0.nextDue ?? .distantPast) <= now)
        }
        return (ArrayRefreshSource(subscriptions, now: now, isDue: isDue), subscriptions[...], isDue, reportNotDue)
    }

    /// What a run refreshes, and the app's whole array when it came from one: those of it not due are reported
    /// after the run, `notDue` (with `reportNotDue`), or deferred when their host asked to wait during the run.
    private typealias RunWork = (
        source: any RefreshSource, array: ArraySlice<Subscription>, isDue: @Sendable (Subscription) -> Bool,
        reportNotDue: Bool
    )

    private func start(_ work: RunWork, now: Date) -> RefreshRun<RefreshReport> {
        let channel = RefreshEventChannel<RefreshReport>(capacity: concurrency)
        let refresher = preparingFullText()
        let task = Task {
            let pauses = await refresher.run(work.source, now: now, channel: channel)
            // After the run, so that a host that asked to wait during it keeps its other subscriptions waiting
            // too: each is handed back deferred (to store), not `notDue`.
            for subscription in work.array where refresher.isInShard(subscription) && !work.isDue(subscription) {
                if Task.isCancelled { break }
                if !subscription.isStopped, let until = pauses[Self.hostKey(subscription.url)],
                    until > subscription.retryAfter ?? .distantPast
                {
                    let deferred = Self.deferring(subscription, until: until)
                    await channel.send(.finished(subscription.id, deferred, .deferred(until: until), nil))
                } else if work.reportNotDue {
                    await channel.send(.finished(subscription.id, subscription, .notDue, nil))
                }
            }
            channel.finish()
        }
        return RefreshRun(task: task, channel: channel)
    }

    /// Subscriptions claimed at once: enough to keep every worker busy across hosts, few enough that a store's
    /// leases stay short.
    var claimLimit: Int { max(512, concurrency * 64) }

    /// Runs the refresh; returns the hosts that asked to wait past the run's `now`, and until when.
    private func run(_ source: any RefreshSource, now: Date, channel: RefreshEventChannel<RefreshReport>) async
        -> [String: Date]
    {
        let began = ContinuousClock.now
        let clock = self.clock ?? { now.addingTimeInterval(Self.seconds(ContinuousClock.now - began)) }
        // One scheduler for the run: a host that asked to wait is paused for the whole run, batch after batch.
        // The next claim goes out when less than a round of transfers is queued: in hand at most that round, the
        // claim and the transfers running (a store's lease covers them: `storeRounds`).
        let scheduler = RefreshScheduler<Subscription>(
            perHost: perHost, limit: concurrency, lowWater: concurrency, clock: clock)
        let failedSource = RefreshSourceFault()
        let claimLimit = self.claimLimit
        // One task renews what the run holds, queued and in flight, for as long as the run goes.
        let renewals = source.renewalInterval.map { interval in
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    if Task.isCancelled { break }
                    await source.renew()
                }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            // The claimer: the next batch is claimed while the last one's transfers run, so no worker waits for a
            // whole batch to end nor for a claim. A claim that fails or comes back empty ends the run once the
            // queues are empty.
            group.addTask {
                while await scheduler.needsWork(), !failedSource.happened {
                    guard let batch = try? await source.claim(dueBy: now, limit: claimLimit), !batch.isEmpty else {
                        break
                    }
                    scheduler.add(
                        batch.map { subscription in
                            let retryAfter = subscription.retryAfter.flatMap { $0 > now ? $0 : nil }
                            return (subscription, Self.hostKey(subscription.url), retryAfter)
                        })
                }
                scheduler.close()
            }
            // Twice as many workers as transfers: one storing what its transfer brought does not hold up the next
            // transfer (the scheduler lets `concurrency` run at once).
            for _ in 0..<2 * concurrency {
                group.addTask {
                    while let job = await scheduler.next() {
                        switch job {
                        case .skip(let subscription, let until):
                            let deferred = Self.deferring(subscription, until: until)
                            await finish(
                                .finished(subscription.id, deferred, .deferred(until: until), nil), seen: [:],
                                source: source, fault: failedSource, channel: channel)
                        case .refresh(let subscription, let host):
                            let earlier = (try? await source.seen(subscription.id)) ?? [:]
                            // A lease lost while the subscription waited (the process was paused past it) is
                            // another worker's now: nothing is sent. Asked last, after the store's read, so that
                            // as little as possible stands between the answer and the request.
                            guard await source.holds(subscription.id) else {
                                scheduler.done(host: host)
                                await channel.send(.refused(subscription.id, .leaseLost))
                                continue
                            }
                            let (report, seen) = await refreshOne(
                                subscription, earlier: earlier, now: now, clock: clock, channel: channel
                            ) { scheduler.block(host: host, until: $0) }
                            scheduler.done(host: host)
                            if Task.isCancelled { return }
                            await finish(
                                report, seen: seen, source: source, fault: failedSource, channel: channel)
                        }
                    }
                }
            }
        }
        renewals?.cancel()
        // Not the run's task: a cancelled run still gives back what it holds.
        await Task { await source.end() }.value
        return scheduler.pauses(after: now)
    }

    /// Hands a finished subscription to the source, then reports it (or that the source refused it; nothing when
    /// the source failed to keep it).
    private func finish(
        _ report: RefreshReport, seen: [EntryIdentity: EntryDigest], source: any RefreshSource,
        fault: RefreshSourceFault, channel: RefreshEventChannel<RefreshReport>
    ) async {
        guard case .finished(let id, let subscription, let outcome, _) = report else { return }
        do {
            try await source.finish(id, as: subscription, outcome: outcome, seen: seen)
        } catch let refused as RefusedFinish {
            return await channel.send(.refused(id, refused.refusal))
        } catch {
            // Not stored, so not reported: an outcome the app sees is one the source kept. The subscription comes
            // back to a worker once its lease runs out, and that one reports it (one outcome per feed in a fleet);
            // the run ends with the source's error.
            fault.record()
            return
        }
        await channel.send(report)
    }

    /// A subscription whose host asked to wait until `until`: not due before then, nothing counted.
    static func deferring(_ subscription: Subscription, until: Date) -> Subscription {
        var deferred = subscription
        deferred.retryAfter = max(subscription.retryAfter ?? until, until)
        deferred.nextDue = max(subscription.nextDue ?? until, until)
        return deferred
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
