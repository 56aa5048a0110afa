/// Hands every event of one engine to two handlers in turn, so that two selections are read in a single pass.
final class JSONEventFanOut: JSONEventHandler {
    private let first: JSONEventHandler
    private let second: JSONEventHandler

    init(_ first: JSONEventHandler, _ second: JSONEventHandler) {
        self.first = first
        self.second = second
    }

    override func startObject() throws(StreamError) {
        try first.startObject()
        try second.startObject()
    }

    override func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {
        try first.key(name)
        try second.key(name)
    }

    override func endObject() throws(StreamError) {
        try first.endObject()
        try second.endObject()
    }

    override func startArray() throws(StreamError) {
        try first.startArray()
        try second.startArray()
    }

    override func endArray() throws(StreamError) {
        try first.endArray()
        try second.endArray()
    }

    override func scalar(_ value: JSONScalar) throws(StreamError) {
        try first.scalar(value)
        try second.scalar(value)
    }
}
