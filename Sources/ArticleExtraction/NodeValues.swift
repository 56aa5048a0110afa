/// A value for some of a ``PageTree``'s nodes, kept in an array indexed by node: Readability's measures are read for
/// every paragraph and each of its ancestors, and hashing the node's number cost more than the measure it found.
/// A node without a value holds ``NodeValue/missing`` (not an optional, which would double the array on a page of
/// 250,000 nodes).
struct NodeValues<Value: NodeValue> {
    private var values: [Value] = []

    init() {}

    subscript(node: Int) -> Value? {
        get {
            guard node < values.count else { return nil }
            let value = values[node]
            return value.isMissing ? nil : value
        }
        set {
            if node >= values.count {
                guard newValue != nil else { return }
                values.append(contentsOf: repeatElement(.missing, count: node - values.count + 1))
            }
            values[node] = newValue ?? .missing
        }
    }

    subscript(node: Int, default value: @autoclosure () -> Value) -> Value {
        get { self[node] ?? value() }
        set { self[node] = newValue }
    }
}

/// A value ``NodeValues`` keeps, with the one it stores for none.
protocol NodeValue {
    static var missing: Self { get }
    var isMissing: Bool { get }
}

/// Scores: Readability's are sums and products of finite numbers, never NaN.
extension Double: NodeValue {
    static var missing: Double { .nan }
    var isMissing: Bool { isNaN }
}

/// Text lengths, never negative.
extension Int32: NodeValue {
    static var missing: Int32 { -1 }
    var isMissing: Bool { self < 0 }
}
