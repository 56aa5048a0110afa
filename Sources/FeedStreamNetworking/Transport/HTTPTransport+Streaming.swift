import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransport {
    /// Fetches `request` and yields each item as soon as the parser completes it; the body is read only as fast
    /// as items are taken.
    ///
    /// ```swift
    /// let entries = DefaultHTTPTransport().parsedItems(for: URLRequest(url: url), requirements: .xml) { head in
    ///     AtomParser(options: .init(baseURL: head.url?.absoluteString, defaultEncoding: head.charset))
    /// }
    /// for try await entry in entries { show(entry) }
    /// ```
    ///
    /// The request is sent at once; asking for the next item is what lets the next body chunk be read: a consumer
    /// slower than the network makes the transfer wait, and at most about one chunk's
    /// items and ``TransferLimits/bufferHighWaterMark`` body bytes are held for it. Errors —
    /// ``HTTPTransportError``, ``HTTPResponseError``, the parser's `StreamError` — are thrown after every item that
    /// preceded them. When the consumer stops iterating, the transfer is cancelled and its connection closed.
    ///
    /// - Parameters:
    ///   - authorizer: signs the request, and each redirect that stays where credentials may go
    ///     (`originPolicy`); a redirect elsewhere is followed without credentials, as is a caller-set
    ///     `Authorization` header.
    ///   - limits: the idle timeout (default 30 s), an optional deadline, and the buffer's high-water mark.
    ///   - originPolicy: where credentials may go and how many redirects are followed.
    ///   - parser: creates the parser from the accepted response head (its URL and `charset`).
    public func parsedItems<Parser: NetworkStreamingParser>(
        for request: URLRequest, requirements: ResponseRequirements = .anySuccess,
        authorizer: (any RequestAuthorizer)? = nil, limits: TransferLimits = TransferLimits(),
        originPolicy: OriginPolicy = OriginPolicy(), parser: @escaping @Sendable (HTTPResponseInfo) -> Parser
    ) -> AsyncThrowingStream<Parser.Item, any Error> {
        let credentialed = CredentialedRequest(request, authorizer: authorizer, policy: originPolicy)
        // The transfer's task pulls the body and hands each chunk over; the consumer's task decodes it, so the
        // items are made, read and freed on one thread (why: BENCHMARKS.md, "`parsedItems` decoding where it is
        // read").
        let handOff = startHandOff(limits: limits) { (send: @Sendable (BodyPiece) async throws -> Void, watchdog) in
            try await self.streamBody(
                credentialed, requirements: requirements, limits: limits, watchdog: watchdog, errorParser: parser,
                each: send)
        }
        return ChunkDecodingCursor(handOff, parser: parser).stream
    }

    /// Fetches `request` and yields every event of the transfer: the response head, items as they complete,
    /// progress after each chunk, and at the end what `summary` read from the parser (the feed's paging links).
    ///
    /// The sequence ends after ``StreamingDataEvent/finished(_:)``; errors are thrown rather than yielded as
    /// ``StreamingDataEvent/failed(_:)``. Pulling, limits, credentials and cancellation are as for
    /// `parsedItems(for:requirements:authorizer:limits:originPolicy:parser:)`.
    public func parsedEvents<Parser: NetworkStreamingParser, Summary: Sendable>(
        for request: URLRequest, requirements: ResponseRequirements = .anySuccess,
        authorizer: (any RequestAuthorizer)? = nil, limits: TransferLimits = TransferLimits(),
        originPolicy: OriginPolicy = OriginPolicy(), parser: @escaping @Sendable (HTTPResponseInfo) -> Parser,
        summary: @escaping @Sendable (Parser) -> Summary
    ) -> AsyncThrowingStream<StreamingDataEvent<Parser.Item, Summary>, any Error> {
        let credentialed = CredentialedRequest(request, authorizer: authorizer, policy: originPolicy)
        typealias Event = StreamingDataEvent<Parser.Item, Summary>
        return handOffStream(limits: limits, transform: { (event: Event) in [event] }) { send, watchdog in
            _ = try await self.streamEvents(
                credentialed, requirements: requirements, limits: limits, watchdog: watchdog, reportsProgress: true,
                parser: parser, summary: summary, emit: send)
        }
    }

    /// Fetches `request` and yields the body's chunks as they arrive, after checking the response head against
    /// `requirements` — the input for `chunks.parsed(with: parser)`. A refused response ends in an
    /// ``HTTPResponseError`` carrying the body's text. Pulling, limits, credentials and cancellation are as for
    /// `parsedItems(for:requirements:authorizer:limits:originPolicy:parser:)`.
    public func dataChunks(
        for request: URLRequest, requirements: ResponseRequirements = .anySuccess,
        authorizer: (any RequestAuthorizer)? = nil, limits: TransferLimits = TransferLimits(),
        originPolicy: OriginPolicy = OriginPolicy()
    ) -> AsyncThrowingStream<Data, any Error> {
        parsedItems(
            for: request, requirements: requirements, authorizer: authorizer, limits: limits,
            originPolicy: originPolicy
        ) { _ in ChunkPassthrough() }
    }

    /// One streamed exchange: redirects, the head checked against `requirements`, the body parsed chunk by chunk
    /// as it is pulled; returns the summary after emitting ``StreamingDataEvent/finished(_:)``.
    package func streamEvents<Parser: NetworkStreamingParser, Summary: Sendable>(
        _ credentialed: CredentialedRequest, requirements: ResponseRequirements, limits: TransferLimits,
        watchdog: TransferWatchdog?, reportsProgress: Bool, parser makeParser: (HTTPResponseInfo) -> Parser,
        summary: (Parser) -> Summary, emit: (StreamingDataEvent<Parser.Item, Summary>) async throws -> Void
    ) async throws -> Summary {
        var parser: Parser?
        var expected: Int64?
        var isCompressed = false
        var received: Int64 = 0
        let head = try await streamBody(
            credentialed, requirements: requirements, limits: limits, watchdog: watchdog, errorParser: makeParser
        ) { piece in
            switch piece {
            case .head(let head):
                parser = makeParser(head)
                expected = head.expectedContentLength
                // A compressed body's Content-Length counts the wire, not the inflated bytes.
                isCompressed = head.contentEncoding != nil
                try await emit(.response(head))
            case .chunk(let chunk):
                received += Int64(chunk.count)
                // The head always comes first.
                let items = try parser?.parse(chunk) ?? []
                if !items.isEmpty { try await emit(.items(items)) }
                if reportsProgress {
                    try await emit(
                        .progress(TransferProgress(
                            receivedBytes: received, expectedBytes: expected,
                            wireBytes: isCompressed ? nil : received)))
                }
            }
        }
        // `streamBody` hands the head over before it returns.
        guard let parser else { throw CancellationError() }
        if reportsProgress && isCompressed {
            try await emit(
                .progress(TransferProgress(
                    receivedBytes: received, expectedBytes: head.expectedContentLength,
                    wireBytes: head.expectedContentLength)))
        }
        var last: [Parser.Item] = []
        // Items the end completes go out before a fault that follows them.
        do {
            try parser.finish { item in last.append(item) }
        } catch {
            if !last.isEmpty { try await emit(.items(last)) }
            throw error
        }
        if !last.isEmpty { try await emit(.items(last)) }
        let result = summary(parser)
        try await emit(.finished(result))
        return result
    }

    /// One exchange up to the end of its body: redirects, the head checked against `requirements` (a refused
    /// response thrown with its body's text, read by `errorParser`), then the accepted head and each body chunk
    /// handed to `each` as it is pulled. A body shorter than its `Content-Length` is thrown after its chunks; an
    /// error thrown by `each` cancels the body. Returns the head.
    @discardableResult
    package func streamBody<Parser: StreamingParser>(
        _ credentialed: CredentialedRequest, requirements: ResponseRequirements, limits: TransferLimits,
        watchdog: TransferWatchdog?, errorParser: (HTTPResponseInfo) -> Parser,
        each: (BodyPiece) async throws -> Void
    ) async throws -> HTTPResponseInfo {
        let response = try await exchange(credentialed, limits: limits, watchdog: watchdog)
        let head = response.head
        let refusal: HTTPResponseError.Reason? =
            !requirements.accepts(statusCode: head.statusCode)
            ? .status : !requirements.accepts(mediaType: head.mediaType) ? .mediaType : nil
        if let refusal {
            throw await refused(head, reason: refusal, body: response.body, requirements: requirements) {
                errorParser(head)
            }
        }
        try await each(.head(head))
        var received: Int64 = 0
        let isCompressed = head.contentEncoding != nil
        do {
            for try await chunk in response.body {
                watchdog?.touch()
                received += Int64(chunk.count)
                try await each(.chunk(chunk))
            }
        } catch {
            response.body.cancel()
            throw error
        }
        // A compressed body's Content-Length counts the wire: the inflated bytes are not compared with it.
        if !isCompressed, let expected = head.expectedContentLength, received < expected {
            throw HTTPTransportError(.connectionClosed(received: received, expected: expected), url: head.url)
        }
        return head
    }

    /// The error for a refused response: its body read up to the limit, the rest not downloaded.
    private func refused<Parser: StreamingParser>(
        _ head: HTTPResponseInfo, reason: HTTPResponseError.Reason, body: HTTPResponseBody,
        requirements: ResponseRequirements, parser: () -> Parser
    ) async -> any Error {
        var collected: [UInt8] = []
        var truncated = false
        do {
            for try await chunk in body {
                let room = max(requirements.maximumErrorBodyBytes - collected.count, 0)
                collected += chunk.prefix(room)
                if chunk.count > room {
                    truncated = true
                    body.cancel()
                    break
                }
            }
        } catch {
            // The refusal explains a transport error that cut it short better than the error does.
            truncated = true
        }
        return HTTPResponseError.refusal(head, reason: reason, body: collected, truncated: truncated, parser: parser)
    }
}

/// Runs `produce` in a task of its own under a watchdog, handing what it sends to the returned sequence one
/// element at a time.
package func handOffStream<Element: Sendable, Output: Sendable>(
    limits: TransferLimits, transform: @escaping @Sendable (Element) -> [Output],
    produce: @escaping @Sendable (
        _ send: @Sendable (Element) async throws -> Void, _ watchdog: TransferWatchdog
    ) async throws -> Void
) -> AsyncThrowingStream<Output, any Error> {
    HandOffCursor(startHandOff(limits: limits, produce: produce), transform: transform).stream
}

/// Runs `produce` in a task of its own under a watchdog, and returns the hand-off its `send` fills: both clocks
/// stop while `send` waits for the consumer to take the previous element, and a timeout interrupts the task.
package func startHandOff<Element: Sendable>(
    limits: TransferLimits,
    produce: @escaping @Sendable (
        _ send: @Sendable (Element) async throws -> Void, _ watchdog: TransferWatchdog
    ) async throws -> Void
) -> EventHandOff<Element> {
    let handOff = EventHandOff<Element>()
    handOff.run { handOff in
        let watchdog = TransferWatchdog(limits: limits)
        watchdog.watch { handOff.interruptProducer() }
        defer { watchdog.stop() }
        do {
            try await produce({ element in
                try await watchdog.pausingClocks { try await handOff.send(element) }
            }, watchdog)
        } catch {
            throw watchdog.explain(error)
        }
    }
    return handOff
}

extension HTTPTransport {
    /// Sends `credentialed` (following redirects under its policy) and reads the whole body, up to
    /// `maximumBytes`: for short answers whose headers matter, such as token responses. The body beyond the limit
    /// is not downloaded.
    package func collectedResponse(
        _ credentialed: CredentialedRequest, limits: TransferLimits, maximumBytes: Int
    ) async throws -> (head: HTTPResponseInfo, body: [UInt8], isTruncated: Bool) {
        let watchdog = TransferWatchdog(limits: limits)
        defer { watchdog.stop() }
        // A task of its own, which the watchdog cancels on a timeout; cancelling the caller cancels it too.
        let task = Task { () async throws -> (head: HTTPResponseInfo, body: [UInt8], isTruncated: Bool) in
            let response = try await self.exchange(credentialed, limits: limits, watchdog: watchdog)
            var body: [UInt8] = []
            for try await chunk in response.body {
                watchdog.touch()
                body += chunk.prefix(maximumBytes + 1 - body.count)
                if body.count > maximumBytes {
                    response.body.cancel()
                    return (response.head, Array(body.prefix(maximumBytes)), true)
                }
            }
            return (response.head, body, false)
        }
        watchdog.watch { task.cancel() }
        do {
            return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        } catch {
            throw watchdog.explain(error)
        }
    }
}
