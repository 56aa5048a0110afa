extension TokenTape {
    /// Why a number has no exact ``JSONValue``.
    struct NumberOutOfRange: Error {
        var text: String
    }

    /// Builds the untyped value starting at `index`, without going through `Decoder`.
    func jsonValue(at index: Int) throws(NumberOutOfRange) -> JSONValue {
        let token = self[index]
        switch token.kind {
        case .null: return .null
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .string: return .string(string(index))
        case .number:
            let value: JSONValue? = withText(index) { text in
                if JSONNumberText.isInteger(text) {
                    if let integer = JSONNumberText.int64(text) { return .integer(integer) }
                    if let integer = JSONNumberText.uint64(text) { return .unsignedInteger(integer) }
                    return nil
                }
                return JSONNumberText.double(text).map(JSONValue.double)
            }
            guard let value else { throw NumberOutOfRange(text: string(index)) }
            return value
        case .arrayStart:
            return .array(try children(of: index) { (element) throws(NumberOutOfRange) in try jsonValue(at: element) })
        case .objectStart:
            return .object(
                try children(of: index) { (key) throws(NumberOutOfRange) in
                    JSONMember(key: string(key), value: try jsonValue(at: key + 1))
                })
        case .key, .objectEnd, .arrayEnd:
            preconditionFailure("a value cannot start with \(token.kind)")
        }
    }

    /// What `transform` makes of each child of the container starting at `index`, in order: each element of an
    /// array, or each member of an object (given the index of its key; the value follows it).
    @inline(__always)
    func children<Child, Failure: Error>(
        of index: Int, _ transform: (Int) throws(Failure) -> Child
    ) throws(Failure) -> [Child] {
        let token = self[index]
        let isObject = token.kind == .objectStart
        var children: [Child] = []
        children.reserveCapacity(Int(token.second))
        var child = index + 1
        let end = Int(token.first)
        while child < end {
            children.append(try transform(child))
            child = next(after: isObject ? child + 1 : child)
        }
        return children
    }
}
