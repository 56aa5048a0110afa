import Foundation

#if canImport(Network)
    import Network
#endif

/// Whether this machine has a network at all, for telling "the host cannot be reached" from "nothing can": a
/// phone in a tunnel or a server whose link is down gets `HTTPTransportError.Kind.networkUnavailable`, which a feed
/// reader does not count against the feed.
///
/// The transports map what the system says directly where it says it (`ENETUNREACH`, `ENETDOWN`, URLSession's
/// `notConnectedToInternet`, `dataNotAllowed`, `internationalRoamingOff`, `callIsActive`). A failed name lookup or
/// connection says less, so for those the system's path decides: on Linux the routing table (a machine with no
/// route through any interface but loopback has no network); on Apple platforms Network's `NWPathMonitor`, one for
/// the process, started at the first failure that asks (until its first answer, the network counts as there). A
/// loopback URL never counts as offline (its failures are the host's).
package enum NetworkPath {
    /// Whether a failure to reach `url`'s host is better explained by there being no network.
    package static func explainsFailure(reaching url: URL?) -> Bool {
        guard let host = url?.host?.lowercased(), !isLoopback(host) else { return false }
        return !hasRoute()
    }

    /// Whether any route leaves the machine through an interface other than loopback (Linux's
    /// `/proc/net/route` and `/proc/net/ipv6_route`; on Apple platforms, whether `NWPathMonitor`'s path is not
    /// `unsatisfied`); `true` where neither can be read.
    package static func hasRoute() -> Bool {
        #if os(Linux)
            let tables: [(path: String, device: (_ fields: [Substring]) -> Substring?)] = [
                ("/proc/net/route", { $0.first }),
                ("/proc/net/ipv6_route", { $0.last }),
            ]
            var readAny = false
            for table in tables {
                guard let text = try? String(contentsOfFile: table.path, encoding: .utf8) else { continue }
                readAny = true
                for line in text.split(separator: "\n") {
                    let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    guard let device = table.device(fields), device != "Iface", device != "lo" else { continue }
                    return true
                }
            }
            return !readAny
        #elseif canImport(Network)
            return SystemPath.shared.isSatisfiable
        #else
            return true
        #endif
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}

#if canImport(Network)
    /// The system's path, kept current by one `NWPathMonitor` for the process on a queue of its own.
    ///
    /// `@unchecked Sendable`: `satisfiable` is touched only while holding `lock`; the monitor is only started here.
    private final class SystemPath: @unchecked Sendable {
        static let shared = SystemPath()
        private let monitor = NWPathMonitor()
        private let lock = NSLock()
        private var satisfiable = true

        private init() {
            monitor.pathUpdateHandler = { [weak self] path in
                guard let self else { return }
                // `requiresConnection` (a VPN on demand, a hotspot to join) can still be brought up by a request.
                let satisfiable = path.status != .unsatisfied
                self.lock.lock()
                self.satisfiable = satisfiable
                self.lock.unlock()
            }
            monitor.start(queue: DispatchQueue(label: "FeedStream.NetworkPath"))
        }

        /// Whether the path, as last reported, can carry a request.
        var isSatisfiable: Bool {
            lock.lock()
            defer { lock.unlock() }
            return satisfiable
        }
    }
#endif
