#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import FeedStreamNetworking
    import Foundation
    import StreamTestSupport
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The default transport's clients: retired after their share of distinct hosts, shut down once their last
    /// transfer has ended and never under one, so a process does not keep a connection pool per host it ever
    /// fetched.
    @Suite("AsyncHTTPClient: the clients rotate by hosts")
    struct AsyncHTTPClientRotationTests {
        @Test("A client is retired after maximumHosts distinct hosts and shut down when its leases are gone")
        func retiresAndShutsDown() async throws {
            let hosts = try (2..<6).map { index in
                try LoopbackFeedHost(address: "127.0.0.\(index)") { _ in .feed(atomFeed(entries: 1)) }
            }
            defer { for host in hosts { host.stop() } }
            let rotation = AsyncHTTPClientRotation(maximumHosts: 2)
            let first = rotation.client
            do {
                let lease = rotation.lease(for: hosts[0].url("/a"))
                #expect(lease.client === first)
                // The same host again, and a second one: still the first client.
                #expect(rotation.lease(for: hosts[0].url("/b")).client === first)
                #expect(rotation.lease(for: hosts[1].url("/a")).client === first)
                // A third host while a lease on the first client lives: a new client; the old one still serves.
                let second = rotation.lease(for: hosts[2].url("/a")).client
                #expect(second !== first)
                #expect(rotation.clientsMade == 2)
                #expect(try await status(first, hosts[0].url("/still")) == 200)
                withExtendedLifetime(lease) {}
            }
            // Its last lease gone, the retired client shuts down.
            try await waitUntilShutDown(first, url: hosts[0].url("/after"))
            // The current one serves on; the transport goes through it, host after host.
            let transport = AsyncHTTPClientTransport(rotation: rotation)
            for host in hosts {
                var count = 0
                for try await _ in transport.dataChunks(for: URLRequest(url: host.url("/feed"))) { count += 1 }
                #expect(count > 0)
            }
            // Hosts 0 and 1 on the first client, 2 and 0 on the second, 1 and 2 on a third, 3 on a fourth.
            #expect(rotation.clientsMade == 4)
            try await rotation.client.shutdown()
        }

        /// The status of a GET through `client`.
        private func status(_ client: HTTPClient, _ url: URL) async throws -> UInt {
            let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(10))
            _ = try await response.body.collect(upTo: 1 << 20)
            return response.status.code
        }

        /// Waits until `client` refuses requests as shut down (its shutdown is asynchronous); fails after 10 s.
        private func waitUntilShutDown(_ client: HTTPClient, url: URL) async throws {
            for _ in 0..<1_000 {
                do {
                    _ = try await status(client, url)
                } catch let error as HTTPClientError where error == .alreadyShutdown {
                    return
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            Issue.record("the retired client was not shut down")
        }
    }
#endif
