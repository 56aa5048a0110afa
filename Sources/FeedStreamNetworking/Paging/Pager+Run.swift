import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Pager {
    typealias Emit = @Sendable (PagingEvent<Item, Summary>) async throws -> Void

    /// Fetches page after page until the limit, the last page, a repeated request or an error.
    func run(watchdog: TransferWatchdog, _ emit: Emit) async throws {
        var request = self.request
        // Credentials and paging stay on the first request's origin (and the hosts the caller allows).
        let trusted = request.url.flatMap(Origin.init)
        var sent: Set<RequestKey> = [RequestKey(request)]
        var number = 1
        while true {
            let metadata = try await fetch(request, number: number, trusted: trusted, watchdog: watchdog, emit: emit)
            try await emit(.pageEnded(metadata))
            if let maximumPages, number >= maximumPages { return }
            let context = PageContext(number: number, itemCount: metadata.itemCount, response: metadata.response)
            guard let next = strategy.nextRequest(after: metadata.summary, page: context, previous: request),
                sent.insert(RequestKey(next)).inserted
            else { return }
            guard let url = next.url, Origin.isFetchable(url) else {
                throw HTTPTransportError(.unsupportedScheme, url: next.url)
            }
            guard let trusted, originPolicy.mayFollowPage(to: url, trusted: trusted) else {
                throw HTTPTransportError(.originNotAllowed, url: url)
            }
            request = next
            number += 1
        }
    }

    /// One page: conditional when cached, authorised right before each attempt, retried as the policy says.
    private func fetch(
        _ request: URLRequest, number: Int, trusted: Origin?, watchdog: TransferWatchdog, emit: Emit
    ) async throws -> PageMetadata<Summary> {
        var retries = 0
        while true {
            try Task.checkCancellation()
            let isGET = (request.httpMethod ?? "GET").uppercased() == "GET"
            let cached = isGET ? request.url.flatMap { url in cache?.load(url) } : nil
            var sending = request
            if let cached {
                if let tag = cached.entityTag { sending.setValue(tag, forHTTPHeaderField: "If-None-Match") }
                if let date = cached.lastModified { sending.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
            }
            let credentialed = CredentialedRequest(
                sending, authorizer: authorizer, policy: originPolicy, trusted: trusted)
            do {
                return try await transfer(
                    credentialed, cacheKey: isGET ? request.url : nil, number: number, retries: retries,
                    watchdog: watchdog, emit: emit)
            } catch let error as HTTPResponseError where error.statusCode == 304 {
                // Without a cached entry the request was not conditional: a 304 is then the server's mistake.
                guard let cached else { throw error }
                let head = HTTPResponseInfo(
                    url: request.url, statusCode: 304, contentType: error.contentType, headers: error.headers)
                try await emit(.response(head, page: number))
                if !cached.items.isEmpty { try await emit(.items(cached.items, page: number)) }
                return PageMetadata(
                    number: number, requestURL: request.url, response: head, summary: cached.summary,
                    itemCount: cached.items.count, isFromCache: true, retries: retries)
            } catch {
                guard let delay = retryPolicy.delay(after: error, retriesSoFar: retries),
                    let refusal = error as? HTTPResponseError
                else { throw error }
                try await emit(.retrying(after: delay, error: refusal, page: number))
                // Waiting as the server asked is not an idle network.
                try await watchdog.pausingIdleClock { try await retryPolicy.sleep(delay) }
                retries += 1
            }
        }
    }

    /// One streamed transfer; stores the page in the cache when it came with validators.
    private func transfer(
        _ credentialed: CredentialedRequest, cacheKey: URL?, number: Int, retries: Int, watchdog: TransferWatchdog,
        emit: Emit
    ) async throws -> PageMetadata<Summary> {
        let strategy = self.strategy
        let keepsItems = cache != nil && cacheKey != nil
        let request = credentialed.request
        var head = HTTPResponseInfo(url: request.url)
        var count = 0
        var received: Int64 = 0
        var kept: [Item] = []
        let summary = try await transport.streamEvents(
            credentialed, requirements: strategy.requirements, limits: limits, watchdog: watchdog,
            reportsProgress: true, parser: { head in strategy.makeParser(for: head) },
            summary: { parser in strategy.summary(of: parser) }
        ) { event in
            switch event {
            case .response(let response):
                head = response
                try await emit(.response(response, page: number))
            case .items(let items):
                count += items.count
                if keepsItems { kept += items }
                try await emit(.items(items, page: number))
            case .progress(let progress):
                received = progress.receivedBytes
            case .failed, .finished:
                // streamEvents throws its errors, and returns the summary.
                break
            }
        }
        if let cache, let cacheKey {
            // A cache that cannot be written costs the next run a full fetch, not this run its page.
            if head.header("ETag") != nil || head.header("Last-Modified") != nil {
                try? cache.store(cacheKey, head, kept, summary)
            } else {
                try? cache.remove(cacheKey)
            }
        }
        return PageMetadata(
            number: number, requestURL: request.url, response: head, summary: summary, itemCount: count,
            retries: retries, bodyBytes: received)
    }
}

/// What makes two requests the same page: method, URL and body.
struct RequestKey: Hashable {
    var method: String
    var url: String
    var body: Data?

    init(_ request: URLRequest) {
        method = (request.httpMethod ?? "GET").uppercased()
        url = request.url?.absoluteString ?? ""
        body = request.httpBody
    }
}
