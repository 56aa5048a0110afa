/// The events of a ``JSONEngine`` as another module of the package receives them.
///
/// ``JSONEventHandler`` is subclassed for speed inside this module, but a `package` class cannot be subclassed
/// from another one; a decoder elsewhere (AtomStream's JSON Feed decoder) adopts this protocol instead and is
/// reached through a ``JSONEventForwarder``.
package protocol JSONEventReceiver: AnyObject {
    func startObject() throws(StreamError)
    /// A member name; the bytes are only valid during the call.
    func key(_ name: UnsafeRawBufferPointer) throws(StreamError)
    func endObject() throws(StreamError)
    func startArray() throws(StreamError)
    func endArray() throws(StreamError)
    /// A scalar; its bytes are only valid during the call.
    func scalar(_ value: JSONScalar) throws(StreamError)
}

/// Hands every event of an engine on to a ``JSONEventReceiver``, which owns the forwarder (unowned here, so the
/// pair makes no reference cycle).
package final class JSONEventForwarder: JSONEventHandler {
    // Kept by measurement: removing the unchecked exclusivity and unowned(unsafe) of the yajl engine costs --child
    // twitter +31.9 %, jive-inbox +28.5 %, employees +25.2 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked
    // exclusivity buys").
    private unowned(unsafe) let receiver: any JSONEventReceiver

    package init(_ receiver: any JSONEventReceiver) {
        self.receiver = receiver
    }

    override func startObject() throws(StreamError) { try receiver.startObject() }
    override func key(_ name: UnsafeRawBufferPointer) throws(StreamError) { try receiver.key(name) }
    override func endObject() throws(StreamError) { try receiver.endObject() }
    override func startArray() throws(StreamError) { try receiver.startArray() }
    override func endArray() throws(StreamError) { try receiver.endArray() }
    override func scalar(_ value: JSONScalar) throws(StreamError) { try receiver.scalar(value) }
}
