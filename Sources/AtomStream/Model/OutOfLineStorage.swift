/// A `final class` holding a model's rarely set fields out of line, so that a value without them carries one `nil`
/// reference and copies share the fields. Equality and hashing compare the fields (and skip the work when both
/// sides share one storage); written once here for every such class. Each class is concrete rather than one generic
/// box: instantiating a generic class's metadata looks its conformances up at run time, a scan of every conformance
/// record of the binary (callgrind: +0.6 M instructions per process).
protocol OutOfLineStorage: AnyObject, Hashable {
    associatedtype Value: Hashable
    var value: Value { get }
}

extension OutOfLineStorage {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

/// Fields a model keeps in an ``OutOfLineStorage``, dropped when none is set.
protocol OutOfLineFields: Hashable {
    init()
    /// Whether no field is set, so that the model can drop its storage.
    var isEmpty: Bool { get }
}

/// An ``OutOfLineStorage`` changed through ``Swift/Optional/update(_:)``: copied on write, so copies of the model
/// share it safely.
protocol CopyOnWriteStorage: OutOfLineStorage where Value: OutOfLineFields {
    /// Changed only by ``Swift/Optional/update(_:)``, when this storage is uniquely referenced.
    var value: Value { get set }
    init(_ value: Value)
}

extension Optional where Wrapped: CopyOnWriteStorage {
    /// Changes the out-of-line fields, in place unless another value shares them (so that the decoders' appends
    /// stay appends rather than copying the list each time); a model left without any drops its storage.
    mutating func update(_ change: (inout Wrapped.Value) -> Void) {
        guard self != nil else {
            var value = Wrapped.Value()
            change(&value)
            if !value.isEmpty { self = Wrapped(value) }
            return
        }
        if !isKnownUniquelyReferenced(&self!) {
            self = Wrapped(self!.value)
        }
        change(&self!.value)
        if self!.value.isEmpty { self = nil }
    }
}
