/// `media:price`: what the object costs.
public struct MediaPrice: Sendable, Hashable, Codable {
    /// `type`: `rent`, `purchase`, `package` or `subscription`; free when absent.
    public var type: String?
    /// `info`, resolved: where to buy it or read more.
    public var info: String?
    /// `price`: the amount.
    public var price: Double?
    /// `currency`: an ISO 4217 code.
    public var currency: String?

    /// Creates a price.
    public init(type: String? = nil, info: String? = nil, price: Double? = nil, currency: String? = nil) {
        self.type = type
        self.info = info
        self.price = price
        self.currency = currency
    }
}
