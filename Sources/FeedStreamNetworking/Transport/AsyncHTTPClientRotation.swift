#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Foundation

    /// The clients behind every ``AsyncHTTPClientTransport`` made without one of the app's: one client at a time
    /// takes new hosts; once it has been asked for ``maximumHosts`` distinct hosts it is retired for a fresh one,
    /// and a retired client is shut down as soon as its last transfer has ended.
    ///
    /// Why not one client for the life of the process: AsyncHTTPClient keeps a connection pool (an
    /// `HTTPConnectionPool` and its state machine, some 5 kB) per scheme, host and port until the client shuts
    /// down — its idle timeout closes the connections, never the pools (1.37.0,
    /// `HTTPConnectionPool+Manager.swift`). A refresh of 100,000 subscriptions on 50,000 hosts held 50,000 of them,
    /// 380 MB. Rotated, at most ``maximumHosts`` pools live per client, and only clients with a transfer still
    /// running stay beside the current one. A host asked again within the same client reuses its connections.
    ///
    /// `@unchecked Sendable`: `current` and every ``Member``'s fields are touched only while holding `lock`.
    package final class AsyncHTTPClientRotation: @unchecked Sendable {
        /// The rotation of the default transports.
        static let shared = AsyncHTTPClientRotation(maximumHosts: 512)

        /// The most distinct hosts (scheme, host, port) one client is asked for before it is retired: 512 pools,
        /// about 2.5 MB, keep-alive kept for a run's working set of hosts on any real subscription list's spread.
        package let maximumHosts: Int
        private let lock = NSLock()
        private var current: Member

        package init(maximumHosts: Int) {
            self.maximumHosts = max(1, maximumHosts)
            current = Member(AsyncHTTPClientTransport.makeClient())
        }

        /// The client that takes new hosts now.
        package var client: HTTPClient { lock.withLock { current.client } }

        /// How many clients were made so far, the first included (for tests).
        package var clientsMade: Int { lock.withLock { made } }
        private var made = 1

        /// A client for a transfer to `url`'s host, held until the lease is released (dropped).
        package func lease(for url: URL) -> Lease {
            let key = "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
            let (member, retired): (Member, Member?) = lock.withLock {
                var retired: Member?
                if !current.hosts.contains(key) && current.hosts.count >= maximumHosts {
                    current.isRetired = true
                    if current.transfers == 0 { retired = current }
                    current = Member(AsyncHTTPClientTransport.makeClient())
                    made += 1
                }
                current.hosts.insert(key)
                current.transfers += 1
                return (current, retired)
            }
            retired?.shutDown()
            return Lease(member, rotation: self)
        }

        /// A lease ended: a retired client with no transfer left is shut down.
        fileprivate func release(_ member: Member) {
            let idle: Bool = lock.withLock {
                member.transfers -= 1
                return member.isRetired && member.transfers == 0
            }
            if idle { member.shutDown() }
        }

        /// One client and what the rotation knows of it.
        package final class Member: @unchecked Sendable {
            let client: HTTPClient
            var hosts: Set<String> = []
            var transfers = 0
            var isRetired = false

            init(_ client: HTTPClient) { self.client = client }

            /// Shuts the client down without waiting (its idle connections close; nothing of it is in use).
            func shutDown() { client.shutdown { _ in } }
        }

        /// A transfer's hold on its client: the client is not shut down while a lease on it lives.
        package final class Lease: Sendable {
            package let client: HTTPClient
            private let member: Member
            private let rotation: AsyncHTTPClientRotation

            fileprivate init(_ member: Member, rotation: AsyncHTTPClientRotation) {
                self.member = member
                self.rotation = rotation
                client = member.client
            }

            deinit { rotation.release(member) }
        }
    }
#endif
