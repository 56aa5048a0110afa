/// A model parser of Twitter or Jive responses: read with ``JSONParserOptions``, its `parse` and `finish` its
/// core's, and the initialiser it had before options, written once.
package protocol JSONModelParser: PushDrivenParser {
    init(options: JSONParserOptions)
}

extension JSONModelParser {
    /// Creates a parser bounded by `limits`.
    @available(*, deprecated, renamed: "init(options:)")
    public init(limits: StreamLimits) {
        self.init(options: JSONParserOptions(limits: limits))
    }
}
