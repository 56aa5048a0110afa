import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request as the engine sends it: credentials per the ``OriginPolicy``, redirects followed by the engine.
package struct CredentialedRequest: Sendable {
    /// The request as built, without credentials.
    package var request: URLRequest
    /// Signs requests to origins that may receive credentials.
    package var authorizer: (any RequestAuthorizer)?
    /// Where credentials may go, and how many redirects are followed.
    package var policy: OriginPolicy
    /// The origin credentials are meant for: the first request's of the run.
    package var trusted: Origin?

    package init(
        _ request: URLRequest, authorizer: (any RequestAuthorizer)?, policy: OriginPolicy, trusted: Origin? = nil
    ) {
        self.request = request
        self.authorizer = authorizer
        self.policy = policy
        self.trusted = trusted ?? request.url.flatMap(Origin.init)
    }
}

extension HTTPTransport {
    /// Sends `credentialed`, following redirects: signed (and keeping the caller's `Authorization`) only where
    /// the policy lets credentials go; a redirect elsewhere is followed without them, or refused. `redirected`
    /// The response's head says where permanent redirects moved the request (``HTTPResponseInfo/movedTo``), for
    /// callers that keep URLs (a 301 moves a feed).
    package func exchange(
        _ credentialed: CredentialedRequest, limits: TransferLimits, watchdog: TransferWatchdog?
    ) async throws -> HTTPTransportResponse {
        var request = credentialed.request
        var redirects = 0
        var movedTo: URL?
        var isTemporary = false
        while true {
            guard let url = request.url, Origin.isFetchable(url), let trusted = credentialed.trusted else {
                throw HTTPTransportError(.unsupportedScheme, url: request.url)
            }
            watchdog?.url = url
            var sending = request
            let carriesCredentials = credentialed.authorizer != nil || request.value(forHTTPHeaderField: "Authorization") != nil
            if credentialed.policy.mayReceiveCredentials(url, trusted: trusted) {
                // Signed last, so that a signature's timestamp is fresh and covers the request as sent.
                sending = try sending.authorized(by: credentialed.authorizer)
            } else {
                for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
                    sending.setValue(nil, forHTTPHeaderField: name)
                }
            }
            var response = try await send(sending, limits: limits)
            watchdog?.touch()
            guard let status = response.head.statusCode, [301, 302, 303, 307, 308].contains(status),
                let location = response.head.header("Location"),
                let target = URL(string: location, relativeTo: url)?.absoluteURL
            else {
                response.head.movedTo = movedTo
                return response
            }
            await Self.discard(response.body)
            redirects += 1
            guard redirects <= credentialed.policy.maximumRedirects else {
                throw HTTPTransportError(.tooManyRedirects(limit: credentialed.policy.maximumRedirects), url: url)
            }
            guard Origin.isFetchable(target) else { throw HTTPTransportError(.unsupportedScheme, url: target) }
            if carriesCredentials && credentialed.policy.refusesCredentialLeavingRedirects
                && !credentialed.policy.mayReceiveCredentials(target, trusted: trusted)
            {
                throw HTTPTransportError(.redirectRefused, url: target)
            }
            // A permanent move counts only while no temporary redirect came before it.
            if (status == 301 || status == 308) && !isTemporary {
                movedTo = target
            } else {
                isTemporary = true
            }
            request = Self.following(request, to: target, status: status)
        }
    }

    /// The request a redirect asks for: as browsers do, 303 (and 301 or 302 after a POST) becomes a GET without
    /// a body; 307 and 308 repeat the method and body.
    static func following(_ request: URLRequest, to target: URL, status: Int) -> URLRequest {
        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return next
    }

    /// Reads a redirect's short body to its end, so its connection can serve the next request; a long one is
    /// cut off.
    static func discard(_ body: HTTPResponseBody) async {
        var read = 0
        do {
            for try await chunk in body {
                read += chunk.count
                if read > 64 << 10 { break }
            }
        } catch {}
        if read > 64 << 10 { body.cancel() }
    }
}
