import FeedStreamNetworking
import Foundation
import StreamCore

extension RefreshFailure {
    /// The failure for a transfer that threw `error`, by the error's type and kind; `nil` when the network itself
    /// is down (``HTTPTransportError/Kind/networkUnavailable``): nothing the feed did, so nothing to count.
    ///
    /// - Parameters:
    ///   - head: the response's head, when one arrived (a decoding error after a 2xx).
    ///   - start: the first bytes of the body, to tell an HTML page from a broken feed.
    static func classifying(_ error: any Error, head: HTTPResponseInfo?, start: [UInt8]) -> RefreshFailure? {
        let message = FeedRefresher.oneLine(error)
        let status = head?.statusCode
        switch error {
        case let error as HTTPTransportError:
            switch error.kind {
            case .networkUnavailable: return nil
            case .timedOut, .deadlineExceeded:
                return RefreshFailure(kind: .timedOut, statusCode: status, message: message)
            case .inflationRatioExceeded, .bodyTooLarge:
                return RefreshFailure(kind: .tooLarge, statusCode: status, message: message)
            case .corruptCompression:
                return RefreshFailure(kind: .malformed, statusCode: status, message: message)
            default: return RefreshFailure(kind: .unreachable, statusCode: status, message: message)
            }
        case let error as StreamError:
            let isPage = error.kind == .unexpectedDocument || error.kind == .serviceError || looksLikePage(head, start)
            return RefreshFailure(kind: isPage ? .notAFeed : .malformed, statusCode: status, message: message)
        case is CancellationError:
            return RefreshFailure(kind: .timedOut, statusCode: status, message: message)
        default:
            return RefreshFailure(kind: head == nil ? .unreachable : .malformed, statusCode: status, message: message)
        }
    }

    /// Whether a body that failed to decode is a web page: sent as `text/html`, or starting (after white space and
    /// a byte order mark) with `<!doctype html` or `<html`. A login portal, a parked domain, a site's home page.
    static func looksLikePage(_ head: HTTPResponseInfo?, _ start: [UInt8]) -> Bool {
        if let type = head?.mediaType?.lowercased(), type == "text/html" || type == "application/xhtml+xml" {
            return true
        }
        let text = String(decoding: start.prefix(512), as: UTF8.self).lowercased()
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return trimmed.hasPrefix("<!doctype html") || trimmed.hasPrefix("<html")
    }

    /// Whether a refusal is a bot wall rather than the feed's own answer: a 403, 429 or 503 marked by the wall
    /// (`cf-mitigated: challenge` from Cloudflare) or whose page is a challenge (Cloudflare's "Just a moment…",
    /// a captcha, DDoS-Guard, Imperva, DataDome, PerimeterX).
    static func isChallenge(status: Int, headers: [String: String], body: [UInt8]) -> Bool {
        guard status == 403 || status == 429 || status == 503 else { return false }
        if headers["cf-mitigated"]?.lowercased().contains("challenge") == true { return true }
        guard !body.isEmpty else { return false }
        let text = String(decoding: body.prefix(challengeSniffBytes), as: UTF8.self).lowercased()
        return challengeMarkers.contains { text.contains($0) }
    }

    /// How much of a refusal's body is read to recognise a challenge page.
    static let challengeSniffBytes = 16 << 10

    private static let challengeMarkers = [
        "challenge-platform", "cf-browser-verification", "cf_chl_", "<title>just a moment",
        "attention required! | cloudflare", "g-recaptcha", "h-captcha", "hcaptcha.com", "captcha-delivery.com",
        "ddos-guard", "_incapsula_resource", "px-captcha",
    ]
}
