/// A scalar value as the engine reports it: the bytes are only valid during the call.
package enum JSONScalar {
    /// A string's decoded UTF-8 bytes (escapes resolved, validated).
    case string(UnsafeRawBufferPointer)
    /// A number's text exactly as written, so each consumer picks the type that holds it exactly.
    case number(UnsafeRawBufferPointer)
    case bool(Bool)
    case null
}

/// Receives the events of one JSON document (or stream of documents) from a ``JSONEngine``; subclasses override
/// every method.
///
/// Errors thrown here stop the engine; it adds the position and, when the error has none, the JSON path.
///
/// A base class rather than a class-bound protocol: the engine holds its handler as `Unmanaged` and calls it on a
/// guaranteed reference, with no reference counting per event. A protocol existential cannot be `Unmanaged`, and
/// loading one from an `unowned(unsafe)` property retains and releases it around every call.
package class JSONEventHandler {
    func startObject() throws(StreamError) {}
    /// A member name; the bytes are only valid during the call, so matching happens on them directly.
    func key(_ name: UnsafeRawBufferPointer) throws(StreamError) {}
    func endObject() throws(StreamError) {}
    func startArray() throws(StreamError) {}
    func endArray() throws(StreamError) {}
    func scalar(_ value: JSONScalar) throws(StreamError) {}
}
