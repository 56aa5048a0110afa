extension StreamError {
    /// A `DecodingError` raised while decoding one item into the caller's `Decodable` type, as a `.typeMismatch`
    /// whose path is `itemPath` continued by the error's coding path — each key or index written by `component`
    /// in the decoder's own path style (`results[3].id` for JSON, `results/person[3]/dateOfBirth` for XML).
    public init(
        decoding error: DecodingError, itemPath: String, component: (inout String, any CodingKey) -> Void
    ) {
        let codingPath: [any CodingKey]
        let message: String
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            codingPath = context.codingPath
            message = context.debugDescription
        case .keyNotFound(let key, let context):
            codingPath = context.codingPath + [key]
            message = context.debugDescription
        @unknown default:
            codingPath = []
            message = "\(error)"
        }
        var path = itemPath
        for key in codingPath { component(&path, key) }
        self.init(kind: .typeMismatch, message: message, path: path)
    }
}
