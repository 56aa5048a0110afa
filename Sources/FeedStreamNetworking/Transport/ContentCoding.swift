import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What every transport asks for: the codings it inflates as the body arrives.
package enum ContentCoding {
    /// The `Accept-Encoding` AsyncHTTPClient's transport sends unless the caller set one: gzip and deflate are what
    /// feed servers offer (brotli rarely, and AsyncHTTPClient cannot inflate it). Its inflater reads gzip, zlib and
    /// raw deflate alike (``DeflateSniffer``). URLSession sets its own (on Apple platforms with `br`), which is left
    /// as it is.
    package static let acceptEncoding = "gzip, deflate"

    /// `request` with ``acceptEncoding`` added unless it already names the codings it accepts.
    package static func requestingCompression(_ request: URLRequest) -> URLRequest {
        guard request.value(forHTTPHeaderField: "Accept-Encoding") == nil else { return request }
        var request = request
        request.setValue(acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
        return request
    }
}

extension HTTPResponseInfo {
    /// The body's `Content-Encoding`, lowercased, when it is not `identity`: the transport inflated the body, so
    /// the bytes handed on are more than crossed the network and ``expectedContentLength`` counts the wire.
    public var contentEncoding: String? {
        guard let value = header("content-encoding")?.trimmingSpacesAndTabs().lowercased(),
            !value.isEmpty, value != "identity"
        else { return nil }
        return value
    }
}
