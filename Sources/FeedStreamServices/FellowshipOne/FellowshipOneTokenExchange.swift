import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one token request and reads the answer: the token from the form-encoded body, the person from
/// `Content-Location`.
///
/// A completion-handler data task rather than the streaming entry points: the answer is a few hundred bytes,
/// and its headers (which the streaming head does not carry) are the point.
enum FellowshipOneTokenExchange {
    /// The largest token response read; more is not a token response.
    static let maximumBodyBytes = 64 << 10

    static func accessToken(
        for request: URLRequest, configuration: URLSessionConfiguration
    ) async throws -> FellowshipOneAccessToken {
        let (token, personURL) = try await token(for: request, configuration: configuration)
        return FellowshipOneAccessToken(token: token.token, tokenSecret: token.tokenSecret, personURL: personURL)
    }

    static func token(
        for request: URLRequest, configuration: URLSessionConfiguration
    ) async throws -> (token: OAuth1Token, personURL: URL?) {
        let (body, response) = try await send(request, configuration: configuration)
        let head = HTTPResponseInfo(response)
        guard let statusCode = head.statusCode, (200..<300).contains(statusCode) else {
            let limit = ResponseRequirements.anySuccess.maximumErrorBodyBytes
            throw HTTPResponseError(
                refused: head, body: Array(body.prefix(limit)), isBodyTruncated: body.count > limit)
        }
        guard body.count <= maximumBodyBytes else {
            throw OAuth1Error(.missingToken, "the token response is \(body.count) bytes long, not a token response")
        }
        let headers = (response as? HTTPURLResponse)?.allHeaderFields ?? [:]
        let token: OAuth1Token
        do {
            token = try OAuth1Token(formEncoded: body)
        } catch let error as OAuth1Error {
            // Fellowship One has also sent the pair as response headers; take them when the body lacks them.
            guard let fromHeaders = tokenFromHeaders(headers) else { throw error }
            token = fromHeaders
        }
        let personURL = header("Content-Location", in: headers).flatMap { URL(string: $0, relativeTo: response.url) }
        return (token, personURL?.absoluteURL)
    }

    private static func send(
        _ request: URLRequest, configuration: URLSessionConfiguration
    ) async throws -> (Data, URLResponse) {
        let box = TaskBox()
        let session = URLSession(configuration: configuration, delegate: box, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let refusal = box.refusal {
                        continuation.resume(throwing: refusal)
                    } else if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    private static func tokenFromHeaders(_ headers: [AnyHashable: Any]) -> OAuth1Token? {
        guard let token = header("oauth_token", in: headers), !token.isEmpty,
            let secret = header("oauth_token_secret", in: headers), !secret.isEmpty
        else { return nil }
        return OAuth1Token(token: token, tokenSecret: secret)
    }

    /// A header's value, by case-insensitive name (`allHeaderFields` keeps the server's spelling on Linux).
    private static func header(_ name: String, in headers: [AnyHashable: Any]) -> String? {
        for (key, value) in headers {
            if let key = key as? String, key.caseInsensitiveCompare(name) == .orderedSame { return value as? String }
        }
        return nil
    }
}

/// The data task, for the cancellation handler, which may run before or after the task exists; and the session's
/// delegate, for authentication challenges.
private final class TaskBox: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // Guarded by `lock`; that is what makes the class sendable.
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var isCancelled = false
    private var challengeRefusal: HTTPResponseError?

    /// The 401 of a challenge, when the request was refused with one.
    var refusal: HTTPResponseError? { lock.withLock { challengeRefusal } }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // As in StreamingDataDelegate: swift-corelibs-foundation would hang on a challenge it has no stored
            // credential for; the credentials were the signature, so the challenge is the refusal.
            let refusal = HTTPResponseError(challenge: challenge)
            lock.withLock { challengeRefusal = refusal }
            completionHandler(.cancelAuthenticationChallenge, nil)
        #else
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func set(_ task: URLSessionTask) {
        let cancelNow = lock.withLock {
            self.task = task
            return isCancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}
