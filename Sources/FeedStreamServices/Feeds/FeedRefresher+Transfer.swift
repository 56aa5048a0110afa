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
    /// The fault, in one line; `nil` when the transfer ended well (whatever the status).
    var failure: String?
}

extension FeedRefresher {
    /// Refreshes one due subscription: its entries go to `channel` as they decode; returns its `finished` report.
    /// `block` hears a host's `Retry-After`.
    func refreshOne(
        _ subscription: Subscription, now: Date, clock: @escaping @Sendable () -> Date,
        channel: RefreshEventChannel<RefreshReport>, block: (Date) -> Void
    ) async -> RefreshReport {
        let watchdog = TransferWatchdog(limits: client.limits)
        let refresher = self
        // A task of its own, which the watchdog cancels when the host stalls.
        let task = Task {
            await refresher.transfer(subscription, now: now, watchdog: watchdog, channel: channel)
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
                result.failure == nil ? head.expectedContentLength : nil
            } else {
                result.bodyBytes
            }
        let cost = RefreshTransfer(
            statusCode: result.head?.statusCode, wireBytes: wireBytes, bodyBytes: result.bodyBytes,
            entries: result.entries)
        return .finished(subscription.id, updated, outcome, cost)
    }

    /// The conditional GET of `subscription`, its body decoded as it arrives.
    private func transfer(
        _ subscription: Subscription, now: Date, watchdog: TransferWatchdog,
        channel: RefreshEventChannel<RefreshReport>
    ) async -> RefreshTransferResult {
        var result = RefreshTransferResult()
        var request = client.request(for: subscription.url)
        if let saved = subscription.validatorsSaved, now.timeIntervalSince(saved) < validatorLifetime {
            if let etag = subscription.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let lastModified = subscription.lastModified {
                request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
        }
        let credentialed = CredentialedRequest(request, authorizer: client.authorizer, policy: client.originPolicy)
        var isTemporary = false
        do {
            let response = try await client.transport.exchange(credentialed, limits: client.limits, watchdog: watchdog)
            {
                status, target in
                // A permanent move counts only while no temporary redirect came before it.
                if (status == 301 || status == 308) && !isTemporary {
                    result.movedTo = target
                } else {
                    isTemporary = true
                }
            }
            result.head = response.head
            guard let status = response.head.statusCode, (200..<300).contains(status) else {
                // 304, 410, a refusal: nothing to decode (a 304 costs no parser at all).
                await Self.drain(response.body)
                return result
            }
            let parser = FeedParser(options: client.options.reading(response.head))
            let id = subscription.id
            do {
                for try await chunk in response.body {
                    watchdog.touch()
                    result.bodyBytes += Int64(chunk.count)
                    for entry in try parser.parse(chunk) {
                        result.entries += 1
                        await watchdog.pausingIdleClock { await channel.send(.entry(id, entry, .new)) }
                    }
                    try Task.checkCancellation()
                }
            } catch {
                response.body.cancel()
                throw error
            }
            var last: [AtomEntry] = []
            defer { result.entries += last.count }
            do {
                try parser.finish { last.append($0) }
            } catch {
                for entry in last { await channel.send(.entry(id, entry, .new)) }
                throw error
            }
            for entry in last { await channel.send(.entry(id, entry, .new)) }
            result.feed = parser.feed
        } catch {
            result.failure = Self.oneLine(watchdog.explain(error))
        }
        return result
    }

    /// Reads a short body to its end, so its connection can serve the next request; a long one is cut off.
    private static func drain(_ body: HTTPResponseBody) async {
        var read = 0
        do {
            for try await chunk in body {
                read += chunk.count
                if read > 64 << 10 {
                    body.cancel()
                    return
                }
            }
        } catch {}
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
