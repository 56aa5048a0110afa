/// How the model parsers of Twitter and Jive responses read (``TwitterSearchParser/Options``,
/// ``TwitterStreamParser/Options``, ``JiveInboxParser/Options``): the bounds of the input.
public struct JSONParserOptions: Sendable, Hashable {
    /// Bounds on nesting, text and item sizes.
    public var limits: StreamLimits

    /// Creates options.
    public init(limits: StreamLimits = .default) {
        self.limits = limits
    }
}
