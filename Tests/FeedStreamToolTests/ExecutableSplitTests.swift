import Foundation
import StreamTestSupport
import Testing

/// `feedstream` decodes files itself and hands everything that fetches to `feedstream-network` beside it
/// (ARCHITECTURE.md, "The command line: two executables").
@Suite("feedstream and feedstream-network")
struct ExecutableSplitTests {
    let tool = FeedStreamToolTests()

    static var network: URL {
        FeedStreamToolTests.executable.deletingLastPathComponent().appendingPathComponent("feedstream-network")
    }

    @Test("A file decodes the same in both executables, and a URL through feedstream reaches feedstream-network")
    func sameOutput() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.network.path), "feedstream-network not built")
        let local = try await tool.run(["feed", "--metadata", "--chunk-size", "7", FeedStreamToolTests.sample.path])
        let direct = try await runChildProcess(
            Self.network, arguments: ["feed", "--metadata", "--chunk-size", "7", FeedStreamToolTests.sample.path])
        #expect(local.status == 0)
        #expect(direct.status == 0)
        #expect(local.output == String(decoding: direct.output, as: UTF8.self))
        #expect(local.lines.count == 5)

        let body = try Data(contentsOf: FeedStreamToolTests.sample)
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 60) { _ in
            LoopbackHTTPServer.Route(contentType: "application/atom+xml", body: Array(body))
        }
        let fetched = try await tool.run(["feed", "--metadata", server.url("/feed").absoluteString])
        #expect(fetched.status == 0, "\(fetched.error)")
        #expect(fetched.lines.count == local.lines.count, "the same entries and the feed line, fetched")
    }

    @Test("Without feedstream-network beside it, a URL is a one-line error with status 1; a file still decodes")
    func missingNetworkExecutable() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedstream-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let alone = directory.appendingPathComponent("feedstream")
        try FileManager.default.copyItem(at: FeedStreamToolTests.executable, to: alone)

        let fetch = try await runChildProcess(alone, arguments: ["feed", "http://127.0.0.1:9/feed"])
        let message = String(decoding: fetch.error, as: UTF8.self)
        #expect(fetch.status == 1)
        #expect(fetch.output.isEmpty)
        #expect(message.hasPrefix("feedstream: error: fetching needs feedstream-network beside feedstream ("))
        #expect(message.split(separator: "\n").count == 1)

        let file = try await runChildProcess(alone, arguments: ["feed", "--count", FeedStreamToolTests.sample.path])
        #expect(file.status == 0)
        #expect(String(decoding: file.output, as: UTF8.self).hasPrefix("{\"items\":4,"))
    }

    @Test("Help and usage errors read the same from both executables")
    func sameWording() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.network.path), "feedstream-network not built")
        for arguments in [["feed", "--help"], ["feed", "--bogus", "x.xml"], ["nonsense"], ["refresh", "--help"]] {
            let local = try await tool.run(arguments)
            let network = try await runChildProcess(Self.network, arguments: arguments)
            #expect(local.status == network.status, "\(arguments)")
            #expect(local.output == String(decoding: network.output, as: UTF8.self), "\(arguments)")
            #expect(local.error == String(decoding: network.error, as: UTF8.self), "\(arguments)")
        }
        let usage = try await tool.run(["feed", "--bogus", "x.xml"])
        #expect(usage.status == 2)
        #expect(usage.error.hasPrefix("feedstream: error: Unknown option '--bogus'"))
        #expect(usage.error.contains("usage: feedstream feed "))
    }

    #if os(Linux)
        @Test("feedstream links no network library and not Foundation (FoundationEssentials only)")
        func linkedLibraries() async throws {
            let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
            try #require(FileManager.default.isExecutableFile(atPath: ldd.path), "ldd not installed")
            let listed = try await runChildProcess(ldd, arguments: [FeedStreamToolTests.executable.path])
            let libraries = String(decoding: listed.output, as: UTF8.self).split(separator: "\n")
                .compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
            #expect(libraries.contains { $0.hasPrefix("libFoundationEssentials") })
            for forbidden in ["libFoundation.so", "libFoundationNetworking", "libcurl", "libFoundationInternationalization"] {
                #expect(!libraries.contains { $0.hasPrefix(forbidden) }, "\(forbidden)")
            }
            let network = try await runChildProcess(ldd, arguments: [Self.network.path])
            #expect(String(decoding: network.output, as: UTF8.self).contains("libFoundationNetworking"))
        }
    #endif
}
