import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What every transport adds to a request that does not say otherwise: the one place the package's
/// `User-Agent` and cache policy are set.
public enum HTTPTransportDefaults {
    /// The package's version, as its `User-Agent` names it.
    public static let version = "1.0"

    /// The `User-Agent` sent when a request has none: `FeedStream/VERSION (+URL)`. Many servers and bot walls
    /// answer 403 to a request without one. An app replaces it by setting its own header (``FeedClient``'s
    /// `headers`, or the request's field).
    public static let userAgent = "FeedStream/\(version) (+https://github.com/feedstream/feedstream)"

    /// `request` as a transport sends it: with ``userAgent`` unless it has a `User-Agent`, and never answered from
    /// a local cache — the package does its own conditional GET, and a cache underneath would turn a 304 into the
    /// stored 200 (URLSession with `URLCache.shared`).
    package static func prepared(_ request: URLRequest) -> URLRequest {
        var request = request
        if request.value(forHTTPHeaderField: "User-Agent") == nil {
            request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        }
        request.cachePolicy = .reloadIgnoringLocalCacheData
        return request
    }
}
