import AtomStream
import FeedStreamNetworking
import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one subscription's transfer found.
struct RefreshTransferResult: Sendable {
    /// The final response's head, when one arrived.
    var head: HTTPResponseInfo?
    /// Where the feed moved, when every redirect followed up to it was permanent (301, 308).
    var movedTo: URL?
    /// The feed's metadata, when a body was decoded to its end.
    var feed: AtomFeed?
    var entries = 0
    var bodyBytes: Int64 = 0
    /// The fault, by kind; `nil` when the transfer ended well (whatever the status) or the network was down.
    var failure: RefreshFailure?
    /// The network itself was down: nothing was sent.
    var isOffline = false
    /// The body's first bytes: of a feed, to tell a web page from a broken feed; of a refusal, to recognise a
    /// challenge page.
    var start: [UInt8] = []
    /// What this refresh saw of the feed's entries, for the source; empty unless the feed decoded to its end.
    var seen: [EntryIdentity: EntryDigest] = [:]
    /// The decoded entries' dates, for the adaptive schedule.
    var rhythm: EntryRhythm
    /// The subscription had credentials of its own (``FeedRefresher/authorization`` or ``FeedRefresher/headers``).
    var isCredentialed = false
    /// A 200 whose body was byte-identical to the last one: nothing was decoded.
    var isUnchanged = false
    /// The digest of a body read to its end (decoded, or found unchanged), for ``Subscription/bodyDigest``.
    var bodyDigest: String?
}

extension FeedRefresher {
    /// What a refresh asks for: feeds first, then the generic XML and JSON types feeds are often served as, then
    /// anything (a feed served as `text/plain` is still sniffed).
    static let acceptedTypes =
        "application/atom+xml, application/rss+xml, application/feed+json, application/json;q=0.9, "
        + "application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5"
}

extension FeedRefresher {
    /// Refreshes one due subscription: its entries go to `channel` as they decode, classified against `earlier`;
    /// returns its `finished` report and what it saw. `block` hears a host asking to wait.
    func refreshOne(
        _ subscription: Subscription, earlier: [EntryIdentity: EntryDigest], now: Date,
        clock: @escaping @Sendable () -> Date, channel: RefreshEventChannel<RefreshReport>, block: (Date) -> Void
    ) async -> (RefreshReport, [EntryIdentity: EntryDigest]) {
        var limits = client.limits
        if let transferDeadline { limits.deadline = min(limits.deadline ?? transferDeadline, transferDeadline) }
        let watchdog = TransferWatchdog(limits: limits)
        let refresher = self
        // A task of its own, which the watchdog cancels when the host stalls or the deadline passes.
        let task = Task {
            await refresher.transfer(
                subscription, earlier: earlier, now: now, limits: limits, watchdog: watchdog, channel: channel)
        }
        watchdog.watch { task.cancel() }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        watchdog.stop()
        let (updated, outcome) = settle(subscription, result, now: clock(), block: block)
        let wireBytes: Int64? =
            if let head = result.head, head.contentEncoding != nil {
                result.failure == nil && !result.isOffline ? head.expectedContentLength : nil
            } else {
                result.bodyBytes
            }
        let cost = RefreshTransfer(
            statusCode: result.head?.statusCode, wireBytes: wireBytes, bodyBytes: result.bodyBytes,
            entries: result.entries)
        return (.finished(subscription.id, updated, outcome, cost), result.seen)
    }

    /// The conditional GET of `subscription`, its body decoded as it arrives — unless, `recognizing` it, the body
    /// is the last one again (``UnchangedBodyCheck``).
    private func transfer(
        _ subscription: Subscription, earlier: [EntryIdentity: EntryDigest], now: Date, limits: TransferLimits,
        watchdog: TransferWatchdog, channel: RefreshEventChannel<RefreshReport>, recognizing: Bool = true
    ) async -> RefreshTransferResult {
        var result = RefreshTransferResult(rhythm: EntryRhythm(now: now))
        var request = client.subscriptionRequest(for: subscription.url)
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue(Self.acceptedTypes, forHTTPHeaderField: "Accept")
        }
        // Sent whenever stored: a 304 renews them, so only an app's own finite lifetime ever drops them.
        if subscription.validatorsSaved.map({ now.timeIntervalSince($0) < validatorLifetime }) ?? true {
            if let etag = subscription.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let lastModified = subscription.lastModified {
                request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
        }
        // The subscription's own credentials, never the client's: trusted only on the origin they were given for.
        let credentials = SubscriptionCredentials(
            headers: headers(subscription), authorizer: authorization(subscription))
        result.isCredentialed = credentials != nil
        let credentialed = CredentialedRequest(
            request, authorizer: credentials, policy: client.originPolicy,
            trusted: subscription.credentialsOrigin.flatMap(Origin.init))
        do {
            let response = try await client.transport.exchange(credentialed, limits: limits, watchdog: watchdog)
            result.movedTo = response.head.movedTo
            result.head = response.head
            guard let status = response.head.statusCode, (200..<300).contains(status) else {
                // 304, 410, a refusal: nothing to decode (a 304 costs no parser at all); a refusal's page is kept
                // for a look at whether it is a bot wall.
                let keep = [403, 429, 503].contains(response.head.statusCode) ? RefreshFailure.challengeSniffBytes : 0
                result.start = await Self.drain(response.body, keeping: keep)
                return result
            }
            let parser = FeedParser(options: client.options.reading(response.head))
            let id = subscription.id
            var classifier = EntryClassifier(earlier: earlier)
            // Each piece's entries go to the consumer in one hand-over.
            func decode(_ piece: Data) async throws {
                let reports = try parser.parse(piece).map { entry in
                    result.rhythm.record(entry)
                    return RefreshReport.entry(id, entry, classifier.classify(entry))
                }
                result.entries += reports.count
                if !reports.isEmpty {
                    await watchdog.pausingClocks {
                        await channel.send(contentsOf: await fillingSummaries(reports, of: subscription))
                    }
                }
            }
            let announced = response.head.contentEncoding == nil ? response.head.expectedContentLength : nil
            var check = UnchangedBodyCheck(
                stored: recognizing ? subscription.bodyDigest : nil, announcedLength: announced)
            do {
                for try await chunk in response.body {
                    watchdog.touch()
                    result.bodyBytes += Int64(chunk.count)
                    if result.start.count < 512 { result.start += chunk.prefix(512 - result.start.count) }
                    for piece in check.take(chunk) { try await decode(piece) }
                    if check.needsRefetch { break }
                    try Task.checkCancellation()
                }
                let (verdict, rest) = check.finish()
                switch verdict {
                case .identical:
                    result.isUnchanged = true
                    result.bodyDigest = check.digest
                    return result
                case .needsRefetch:
                    // The start matched and was dropped, the rest did not: the whole body again, decoded.
                    response.body.cancel()
                    return await transfer(
                        subscription, earlier: earlier, now: now, limits: limits, watchdog: watchdog,
                        channel: channel, recognizing: false)
                case .decoded:
                    for piece in rest { try await decode(piece) }
                }
            } catch {
                response.body.cancel()
                throw error
            }
            var last: [AtomEntry] = []
            defer { result.entries += last.count }
            var failure: (any Error)?
            do {
                try parser.finish { last.append($0) }
            } catch {
                failure = error
            }
            let reports = last.map { entry in
                result.rhythm.record(entry)
                return RefreshReport.entry(id, entry, classifier.classify(entry))
            }
            await watchdog.pausingClocks {
                await channel.send(contentsOf: await fillingSummaries(reports, of: subscription))
            }
            if let failure { throw failure }
            result.feed = parser.feed
            result.seen = classifier.seen
            result.bodyDigest = check.digest
        } catch {
            let explained = watchdog.explain(error)
            result.failure = RefreshFailure.classifying(explained, head: result.head, start: result.start)
            result.isOffline = result.failure == nil
        }
        return result
    }

    /// Reads a short body to its end, so its connection can serve the next request (a long one is cut off), and
    /// returns its first `keeping` bytes.
    private static func drain(_ body: HTTPResponseBody, keeping: Int) async -> [UInt8] {
        var read = 0
        var kept: [UInt8] = []
        do {
            for try await chunk in body {
                read += chunk.count
                if kept.count < keeping { kept += chunk.prefix(keeping - kept.count) }
                if read > 64 << 10 {
                    body.cancel()
                    break
                }
            }
        } catch {}
        return kept
    }

    /// `error` in one line of the user's terms, without the URL (the status line names the subscription).
    static func oneLine(_ error: any Error) -> String {
        let text: String
        switch error {
        case let error as HTTPTransportError: text = error.message
        case is CancellationError: text = "cancelled"
        default: text = String(describing: error)
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
