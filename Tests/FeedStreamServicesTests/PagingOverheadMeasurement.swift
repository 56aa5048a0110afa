import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What paging costs over one response with the same entries, over loopback HTTP: run with
/// `FEEDSTREAM_MEASURE_PAGING=1 swift test --filter PagingOverhead` (it prints a Markdown row per layout and
/// checks only that both layouts deliver the same entries).
@Suite(
    "Paging overhead measurement",
    .enabled(if: ProcessInfo.processInfo.environment["FEEDSTREAM_MEASURE_PAGING"] != nil))
struct PagingOverheadMeasurement {
    static let total = 2000
    static let repetitions = 7

    @Test func pagedVersusSingleResponse() async throws {
        var rows: [String] = []
        for perPage in [2000, 500, 100, 50] {
            let pages = (Self.total + perPage - 1) / perPage
            let bodies = (1...pages).map { page in
                Array(connectionsPage(page, perPage: perPage, total: Self.total,
                    next: page < pages ? "feed?ps=\(perPage)&page=\(page + 1)" : nil).utf8)
            }
            var medians: [Double] = []
            for keepsAlive in [false, true] {
            var times: [Double] = []
            for _ in 0..<Self.repetitions {
                let server = try LoopbackHTTPServer(maximumRequests: pages, keepsConnectionsAlive: keepsAlive) {
                    request in
                    let page = request.queryItems.first { $0.name == "page" }.flatMap { Int($0.value ?? "") } ?? 1
                    return .init(contentType: "application/atom+xml", body: bodies[page - 1], chunkSize: 16_384,
                        pauseMicroseconds: 0)
                }
                let request = URLRequest(url: server.url("/feed?ps=\(perPage)"))
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome = await drain(Pager(
                    request: request, strategy: ConnectionsPaging(), configuration: .patientLoopback))
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                #expect(outcome.error == nil)
                #expect(outcome.items.count == Self.total)
                await server.waitUntilStopped()
            }
            medians.append(times.sorted()[times.count / 2])
            }
            let bytes = bodies.map(\.count).reduce(0, +)
            let cells = medians.map { String(format: "%.1f ms", $0) }.joined(separator: " | ")
            rows.append("| \(pages) × \(perPage) | \(bytes) | \(cells) |")
        }
        print(
            "| pages × entries | body bytes | median of \(Self.repetitions), server closes | "
                + "median, connection kept alive |\n|---|---|---|---|")
        rows.forEach { print($0) }
    }
}
