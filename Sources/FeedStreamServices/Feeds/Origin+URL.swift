import FeedStreamNetworking
import Foundation

extension Origin {
    /// The origin as a URL, `https://host:443` (an IPv6 host in brackets): how a ``Subscription`` stores it.
    var url: URL? {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return URL(string: "\(scheme)://\(host):\(port)")
    }
}
