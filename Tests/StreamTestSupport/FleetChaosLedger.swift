import Foundation

/// The judge of a ``FleetChaosRun``: the farm's own ledger (each request's arrival, end and its host's load, and
/// the `X-Worker` it carried) and every worker's status lines, checked against what a fleet under faults must keep.
///
/// - Each feed fetched once, plus one for each fault that caught it in flight (the stop, the kill).
/// - Never more than `--per-host` at once on a host, but for the stop's window below.
/// - One outcome per feed across every worker's output (a refused finish is no outcome).
/// - The one window no store can fence: a transfer the stopped worker had let past its last lease check before the
///   stop leaves once it is continued, and the host, which knows nothing of leases, serves it. There are at most its
///   `--concurrency` of them. A worker that fetched its queued work after the continue would make far more.
public struct FleetChaosLedger: Sendable {
    public let hosts: [LoopbackFeedHost]
    public let perHost: Int
    public let concurrency: Int

    public init(hosts: [LoopbackFeedHost], perHost: Int, concurrency: Int) {
        self.hosts = hosts
        self.perHost = perHost
        self.concurrency = concurrency
    }

    /// What the run knew besides the farm's ledger.
    public struct Facts: Sendable {
        public var urls: [URL]
        public var paths: [String]
        /// The workers stopped and killed, when the killed one had ended and when the stopped one was continued.
        public var stopped: String
        public var killed: String
        public var killedAt: ContinuousClock.Instant
        public var continued: ContinuousClock.Instant
        /// The feeds (`ADDRESS/PATH`) each had asked for when its signal came.
        public var begunByStopped: Set<String>
        public var begunByKilled: Set<String>
        /// The workers that must end on their own with status 0.
        public var mustExitZero: Set<String>
        public var statuses: [String: Int32?]
        public var outputs: [String: String]
        /// Workers killed because they did not end in time.
        public var unended: [String]
    }

    /// The worker's name a request carried.
    public static func worker(_ request: LoopbackRequest) -> String {
        request.headers.first { $0.name.lowercased() == "x-worker" }?.value ?? "?"
    }

    /// The feeds (`ADDRESS/PATH`) the worker named has asked any host for so far.
    public func begun(by worker: String) -> Set<String> {
        Set(
            hosts.flatMap { host in
                host.requests.filter { Self.worker($0) == worker }.map { "\(host.address)\($0.path)" }
            })
    }

    /// A request of the stop's window.
    public struct WindowRequest: Sendable {
        public var host: LoopbackFeedHost
        public var arrival: LoopbackFeedHost.Arrival
        public var feed: String { "\(host.address)\(arrival.request.path)" }
    }

    /// The requests the stopped worker sent after it was continued that its leases could not have covered: each of
    /// a feed another worker fetched too (but for the killed worker before its kill: once its lease ran out, the
    /// continued worker may rightly have claimed the feed anew), or in flight while its host had more than
    /// `perHost` at once.
    public func stopWindow(_ facts: Facts) -> [WindowRequest] {
        hosts.flatMap { host in
            let arrivals = host.arrivals
            let crowded = arrivals.filter { $0.inFlight > perHost }.map(\.at)
            return arrivals.compactMap { arrival -> WindowRequest? in
                guard Self.worker(arrival.request) == facts.stopped, arrival.at >= facts.continued else { return nil }
                let fetchedByOthers = arrivals.contains { other in
                    guard other.request.path == arrival.request.path, other.at != arrival.at else { return false }
                    let name = Self.worker(other.request)
                    return !(name == facts.killed && other.at <= facts.killedAt)
                }
                let overLimit = crowded.contains { arrival.isInFlight(at: $0) }
                return fetchedByOthers || overLimit ? WindowRequest(host: host, arrival: arrival) : nil
            }
        }
    }

    /// Every check, every finding.
    public func judge(_ facts: Facts) -> FleetChaosReport {
        var report = FleetChaosReport()
        report.feeds = facts.urls.count
        for name in facts.unended { report.violations.append("\(name) did not end in time and was killed") }
        for name in facts.mustExitZero.sorted() {
            if let status = facts.statuses[name] ?? nil, status != 0 {
                report.violations.append("\(name) exited \(status)")
            }
        }
        // One outcome per feed, across every worker's output (refusals are no outcome).
        var outcomes: [String: [String]] = [:]
        for (name, output) in facts.outputs.sorted(by: { $0.key < $1.key }) {
            for line in output.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let status = object["status"] as? String, let url = object["subscription"] as? String
                else { continue }
                if status == "lease-lost", name == facts.stopped { report.refusedFinishes += 1 }
                if ["lease-lost", "removed", "move-deferred"].contains(status) { continue }
                outcomes[url, default: []].append("\(name):\(status)")
            }
        }
        for url in facts.urls.map(\.absoluteString) where outcomes[url]?.count != 1 {
            report.violations.append("\(url): \(outcomes[url]?.count ?? 0) outcomes \(outcomes[url] ?? [])")
        }
        report.feedsWithOneOutcome = facts.urls.filter { outcomes[$0.absoluteString]?.count == 1 }.count

        let window = stopWindow(facts)
        report.window = window.count
        for request in window {
            let others = request.host.arrivals
                .filter { $0.request.path == request.arrival.request.path && $0.at != request.arrival.at }
                .map { "\(Self.worker($0.request)) at \($0.at - facts.continued)" }
            report.notes.append(
                "tolerated, in flight at the stop: \(request.feed) sent by \(facts.stopped) "
                    + "\(request.arrival.at - facts.continued) after SIGCONT, \(request.arrival.inFlight) in flight "
                    + "on its host then; also fetched by \(others)")
        }
        if window.count > concurrency {
            report.violations.append(
                "\(facts.stopped) sent \(window.count) requests after SIGCONT that its leases no longer covered "
                    + "(at most \(concurrency) can have passed their lease check before the stop)")
        }
        let inWindow = Set(window.map(\.feed))
        for host in hosts {
            let arrivals = host.arrivals
            report.fetches += arrivals.count
            report.mostAtOnceOnAHost = max(report.mostAtOnceOnAHost, host.maximumInFlight)
            for arrival in arrivals where arrival.inFlight > perHost {
                let excess = window.filter { $0.host === host && $0.arrival.isInFlight(at: arrival.at) }.count
                if arrival.inFlight > perHost + excess {
                    report.violations.append(
                        "\(host.address): \(arrival.inFlight) at once, \(excess) of them from the stop's window")
                }
            }
            var byPath: [String: [String]] = [:]
            for arrival in arrivals { byPath[arrival.request.path, default: []].append(Self.worker(arrival.request)) }
            for path in facts.paths {
                let fetches = byPath[path] ?? []
                let feed = "\(host.address)\(path)"
                if fetches.isEmpty {
                    let seen = outcomes[host.url(path).absoluteString] ?? []
                    report.violations.append("\(feed) never fetched; outcomes \(seen)")
                }
                // One fetch, and one more for each fault that caught it in flight: the stop (or its window) and the
                // kill can each have begun the same feed before another worker took it.
                let stopped = facts.begunByStopped.contains(feed) || inWindow.contains(feed) ? 1 : 0
                let killed = facts.begunByKilled.contains(feed) ? 1 : 0
                if fetches.count > 1 + stopped + killed {
                    report.violations.append("\(feed) fetched by \(fetches)")
                }
            }
        }
        return report
    }
}

/// What a ``FleetChaosRun`` found.
public struct FleetChaosReport: Sendable {
    public var feeds = 0
    /// Requests the farm served in all.
    public var fetches = 0
    public var feedsWithOneOutcome = 0
    /// Requests of the stop's window (see ``FleetChaosLedger``).
    public var window = 0
    /// Finishes the stopped worker was refused after the continue (`lease-lost`): the fence at work.
    public var refusedFinishes = 0
    public var mostAtOnceOnAHost = 0
    /// Whether the stopped worker had to be killed (a known, intermittent fault: it is reported, not counted).
    public var stoppedNeverEnded = false
    public var wall: Duration = .zero
    /// Every broken invariant, a line each; empty when the fleet kept them all.
    public var violations: [String] = []
    /// What is worth reading beside them: the stop's window request by request, when each worker ended.
    public var notes: [String] = []
    /// Each worker's standard error, when it wrote any.
    public var errors: [String: String] = [:]
}
