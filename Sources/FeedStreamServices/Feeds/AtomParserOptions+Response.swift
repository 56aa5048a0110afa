import AtomStream
import FeedStreamNetworking

extension AtomParser.Options {
    /// These options for one response's body: references resolve against the response's URL, and a document
    /// that names no encoding is read in the response's `charset` (each kept as given when the response has none).
    /// `AtomParser` and `FeedParser` pages both read their responses this way.
    func reading(_ response: HTTPResponseInfo) -> Self {
        var options = self
        options.baseURL = response.url?.absoluteString ?? baseURL
        options.defaultEncoding = response.charset ?? defaultEncoding
        return options
    }
}
