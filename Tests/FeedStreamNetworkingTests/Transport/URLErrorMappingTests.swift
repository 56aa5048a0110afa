import FeedStreamNetworking
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession's faults in the user's terms, by code: no network at all is told apart from an unreachable host.
@Suite("URLSessionTransport's error mapping")
struct URLErrorMappingTests {
    static func kind(_ code: URLError.Code, _ url: String) -> HTTPTransportError.Kind {
        HTTPTransportError(URLError(code), url: URL(string: url), idleTimeout: 30, received: 0, expected: nil).kind
    }

    @Test("Not connected is networkUnavailable; a loopback host that cannot be found or reached is the host's fault")
    func offline() {
        #expect(Self.kind(.notConnectedToInternet, "https://example.org/feed") == .networkUnavailable)
        #expect(Self.kind(.cannotFindHost, "http://localhost:1/feed") == .nameNotFound)
        #expect(Self.kind(.cannotConnectToHost, "http://127.0.0.9:1/feed") == .connectionRefused)
        #expect(Self.kind(.timedOut, "http://127.0.0.9:1/feed") == .timedOut(seconds: 30))
    }

    @Test("Cellular data not allowed, roaming off, a call holding the line: offline, whatever the host")
    func cellularOffline() {
        for code in [URLError.Code.dataNotAllowed, .internationalRoamingOff, .callIsActive] {
            #expect(Self.kind(code, "https://example.org/feed") == .networkUnavailable, "\(code.rawValue)")
            #expect(Self.kind(code, "http://127.0.0.9:1/feed") == .networkUnavailable, "\(code.rawValue)")
        }
        // Other codes stay what they were: a failure of the host's, not offline.
        #expect(Self.kind(.badServerResponse, "https://example.org/feed") == .other(detail: "network error -1011"))
    }

    @Test("This machine has a route (the tests run with a network), so a remote lookup failure is the host's")
    func remoteWithRoute() {
        guard NetworkPath.hasRoute() else { return }
        #expect(Self.kind(.cannotFindHost, "https://no-such-host.invalid/feed") == .nameNotFound)
    }
}
