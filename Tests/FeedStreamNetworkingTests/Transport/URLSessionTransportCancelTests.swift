import FeedStreamNetworking
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bodies cancelled mid-transfer on one ``URLSessionTransport`` — what FeedFinder does to every candidate it has
/// confirmed from its first bytes — leave the transport (and the process's other sessions) able to fetch.
///
/// Before the transport made URLSession's waiting calls on a thread of its own, cancelling and sending on
/// cooperative threads could hold every thread of the pool in `DispatchQueue.sync`; the stall deadline turns such a
/// stall into a failure instead of a hang.
@Suite("URLSessionTransport: bodies cancelled mid-transfer")
struct URLSessionTransportCancelTests {
    /// Larger than any socket buffer, so the server is still writing when the client stops.
    static let largeBody = [UInt8](repeating: UInt8(ascii: "x"), count: 4 << 20)

    /// A host whose `/small` answers "done" and whose other paths send `largeBody`: whole (the server blocked in a
    /// write) on odd paths, or its first 4 KB and then nothing (the connection idle) on even ones.
    static func host() throws -> LoopbackFeedHost {
        try LoopbackFeedHost(lifetime: 600) { request in
            if request.path == "/small" { return .init(body: Array("done".utf8)) }
            let stalls = (Int(request.path.split(separator: "/").last ?? "") ?? 0).isMultiple(of: 2)
            return .init(body: largeBody, stallAfter: stalls ? 4096 : nil)
        }
    }

    /// Reads the first chunk of `url`, then stops: half the time by dropping the parsed stream (as FeedFinder
    /// does), half by cancelling the body of a sent response.
    static func readFirstChunkAndStop(_ transport: URLSessionTransport, _ url: URL, index: Int) async throws {
        if index.isMultiple(of: 2) {
            for try await chunk in transport.dataChunks(for: URLRequest(url: url), limits: .patientLoopback) {
                #expect(!chunk.isEmpty)
                break
            }
        } else {
            let response = try await transport.send(URLRequest(url: url), limits: .patientLoopback)
            var chunks = response.body.makeAsyncIterator()
            #expect(try await chunks.next()?.isEmpty == false)
            response.body.cancel()
        }
    }

    /// The whole body of `url` as text.
    static func text(_ transport: URLSessionTransport, _ url: URL) async throws -> String {
        var bytes = Data()
        for try await chunk in transport.dataChunks(for: URLRequest(url: url), limits: .patientLoopback) {
            bytes += chunk
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("50 bodies cancelled mid-transfer, 10 at a time, then a further request completes")
    func cancelledConcurrently() async throws {
        let host = try Self.host()
        defer { host.stop() }
        let transport = URLSessionTransport.patientLoopback
        let text = try await withStallDeadline(seconds: 600, "50 cancelled transfers and one more") {
            try await CorelibsURLSessionLane.run(.urlSession) { try await Self.cancelConcurrently(transport, host) }
        }
        #expect(text == "done")
        #expect(host.requests.count == 51)
    }

    /// Stops 50 bodies, 10 at a time, then fetches `/small`.
    static func cancelConcurrently(_ transport: URLSessionTransport, _ host: LoopbackFeedHost) async throws -> String {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                if index >= 10 { try await group.next() }
                group.addTask {
                    try await Self.readFirstChunkAndStop(transport, host.url("/large/\(index)"), index: index)
                }
            }
            try await group.waitForAll()
        }
        return try await Self.text(transport, host.url("/small"))
    }

    @Test("50 bodies cancelled mid-transfer one after another, then a further request on a new transport completes")
    func cancelledInTurn() async throws {
        let host = try Self.host()
        defer { host.stop() }
        let text = try await withStallDeadline(seconds: 600, "50 cancelled transfers and one more") {
            try await CorelibsURLSessionLane.run(.urlSession) {
                let transport = URLSessionTransport.patientLoopback
                for index in 0..<50 {
                    try await Self.readFirstChunkAndStop(transport, host.url("/large/\(index)"), index: index)
                }
                return try await Self.text(URLSessionTransport.patientLoopback, host.url("/small"))
            }
        }
        #expect(text == "done")
        #expect(host.requests.count == 51)
    }
}
