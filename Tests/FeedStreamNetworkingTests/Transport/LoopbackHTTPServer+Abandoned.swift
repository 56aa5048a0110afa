import StreamTestSupport
import Testing

extension LoopbackHTTPServer {
    /// Lets a response held after `holdAfter` body bytes go on, and expects that the client had gone: the
    /// connection closed, the response never completed, nothing sent past the hold.
    func expectAbandoned(after holdAfter: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        release()
        await waitUntilStopped()
        let log = snapshot
        #expect(
            log.clientWentAway, "the connection stayed open after the consumer went", sourceLocation: sourceLocation)
        #expect(log.completedResponses == 0, sourceLocation: sourceLocation)
        #expect(log.bodyBytesSent == holdAfter, sourceLocation: sourceLocation)
    }
}
