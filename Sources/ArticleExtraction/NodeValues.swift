/// A value for some of a ``PageTree``'s nodes, kept in an array indexed by node: Readability's measures are read for
/// every paragraph and each of its ancestors, and hashing the node's number cost more than the measure it found.
struct NodeValues<Value> {
    private var values: [Value?] = []

    init() {}

    subscript(node: Int) -> Value? {
        get { node < values.count ? values[node] : nil }
        set {
            if node >= values.count {
                guard newValue != nil else { return }
                values.append(contentsOf: repeatElement(nil, count: node - values.count + 1))
            }
            values[node] = newValue
        }
    }

    subscript(node: Int, default value: @autoclosure () -> Value) -> Value {
        get { self[node] ?? value() }
        set { self[node] = newValue }
    }
}
