#if canImport(AsyncHTTPClient)
    import FeedStreamNetworking
    import Foundation
    import StreamTestSupport
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A gzip bomb served whole, as fast as loopback allows, with its `Content-Length` announced: the transport that
    /// inflates itself stops it by the ratio against the compressed bytes zlib has consumed, after a bounded number
    /// of inflated bytes, whatever the announced length and however far the body was read ahead. Counted in bytes
    /// handed on, never in time. (Against the announced length, as before, a 500 kB bomb was let inflate to 50 MB.)
    @Suite("The inflation ratio against the compressed bytes consumed")
    struct InflationBombTests {
        @Test("A bomb announcing its length ends as inflationRatioExceeded at most 129 KiB past its prefix×100")
        func announcedBomb() async throws {
            let whole = atomFeed(entries: 3)
            let prefix = Array(whole[..<whole.range(of: "</feed>")!.lowerBound].utf8)
            let bomb = await offPool {
                ContentCompression.gzip.bomb(prefix: prefix, padding: 512 << 20, suffix: Array("</feed>".utf8))
            }
            let handedOn = try await inflatedBeforeError(bomb.bytes, limits: TransferLimits())
            // The prefix's compressed bytes allow 100 times their size; past them, the 64 KiB allowance and the
            // one 64 KiB piece inflated before the check.
            let bound = Int64(bomb.prefixEnd) * 100 + InflationMeter.startAllowance + (64 << 10) + 1_024
            #expect(handedOn <= bound, "\(handedOn) bytes handed on, bound \(bound), bomb \(bomb.bytes.count) bytes")
            #expect(handedOn >= Int64(prefix.count))
        }

        @Test("Read ahead: a bomb after 700 kB of compressed entries stops at the ratio of what zlib consumed")
        func readAheadBomb() async throws {
            // Entries of random base64 (they deflate to about 3/4): more than the 512 KiB read directly before the
            // read-ahead takes over, so the bomb is read ahead of the inflater by up to the high-water mark.
            var random = SplitMix(seed: 42)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
            var text = Array("<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>".utf8)
            for index in 0..<16 {
                text += Array("<entry><id>e\(index)</id><title>e</title><content>".utf8)
                for _ in 0..<(64 << 10) { text.append(alphabet[Int(random.next() & 63)]) }
                text += Array("</content></entry>".utf8)
            }
            let prefix = text
            let bomb = await offPool {
                ContentCompression.gzip.bomb(prefix: prefix, padding: 512 << 20, suffix: Array("</feed>".utf8))
            }
            #expect(bomb.prefixEnd > 600 << 10, "the prefix must pass the read-ahead's start")
            let limits = TransferLimits(maximumInflation: 2)
            let handedOn = try await inflatedBeforeError(bomb.bytes, limits: limits, ratio: 2)
            let bound = Int64(bomb.prefixEnd) * 2 + InflationMeter.startAllowance + (64 << 10) + 1_024
            #expect(handedOn <= bound, "\(handedOn) bytes handed on, bound \(bound), bomb \(bomb.bytes.count) bytes")
            #expect(handedOn >= Int64(prefix.count))
        }

        /// Serves `body` as gzip with its length, pulls it through the AsyncHTTPClient transport as chunks, and
        /// returns the inflated bytes handed on before the error, which must be the ratio's, naming the limit.
        private func inflatedBeforeError(_ body: [UInt8], limits: TransferLimits, ratio: Int = 100) async throws
            -> Int64
        {
            let host = try LoopbackFeedHost { _ in
                LoopbackFeedHost.Response(
                    headers: [("Content-Type", "application/atom+xml")], body: body, precompressed: .gzip)
            }
            defer { host.stop() }
            var handedOn: Int64 = 0
            var failure: (any Error)?
            do {
                for try await chunk in AsyncHTTPClientTransport().dataChunks(
                    for: URLRequest(url: host.url("/bomb")), limits: limits)
                {
                    handedOn += Int64(chunk.count)
                }
            } catch {
                failure = error
            }
            let transportError = try #require(failure as? HTTPTransportError, "\(String(describing: failure))")
            #expect(transportError.kind == .inflationRatioExceeded(limit: ratio))
            #expect(transportError.message.contains("\(ratio)×"))
            return handedOn
        }
    }

    /// A small seeded generator (SplitMix64): the same random entries every run.
    private struct SplitMix {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
#endif
