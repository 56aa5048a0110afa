import StreamCore

extension HTTPResponseError {
    /// The error for a refused response whose body (up to the limit) is `body`, with the service's own error when
    /// `parser` — made for the refused head — recognises the body as an error document.
    static func refusal<Parser: StreamingParser>(
        _ head: HTTPResponseInfo, reason: Reason, body: [UInt8], truncated: Bool, parser: () -> Parser
    ) -> HTTPResponseError {
        var serviceError: StreamError?
        if head.isXML || head.isJSON {
            // The parser reads the error document (`snx:error`, a Twitter `errors` object) as the service error it
            // is; a body it cannot read says nothing more than the text does.
            do {
                _ = try parser().parseAll(body)
            } catch let error as StreamError where error.kind == .serviceError {
                serviceError = error
            } catch {}
        }
        let text = HTTPResponseError.text(of: body, charset: head.charset)
        return HTTPResponseError(
            reason: reason, statusCode: head.statusCode, contentType: head.contentType, body: text,
            isBodyTruncated: truncated, serviceError: serviceError, headers: head.headers)
    }
}
