#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The element that holds the records, as read from its start tag: for Fellowship One's searches
/// `<results count="4" pageNumber="1" totalRecords="4" additionalPages="0">`, whose attributes drive paging.
///
/// It is the parent of the path's last element (`results` for `results/person`), known as soon as its start
/// tag has been parsed, before the first record. A path of one component (`person`) has no container: the
/// name stays empty.
public struct XMLRecordContainer: Sendable, Hashable, Codable {
    /// The element's qualified name as written; empty until its start tag was read.
    public var name: String
    /// Its attributes in document order.
    public var attributes: [XMLRecordAttribute]

    /// Creates a container.
    public init(name: String = "", attributes: [XMLRecordAttribute] = []) {
        self.name = name
        self.attributes = attributes
    }

    /// The value of the attribute with this qualified name (`"totalRecords"`), or `nil`.
    public subscript(attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    /// The value of an attribute read as an integer (`"additionalPages"`), or `nil` when absent or not one.
    public func integer(_ attribute: String) -> Int? {
        self[attribute].flatMap { Int($0.trimmingSpacesAndTabs()) }
    }
}

/// One attribute of an ``XMLRecordContainer``.
public struct XMLRecordAttribute: Sendable, Hashable, Codable {
    /// The qualified name as written (`count`, `json:Array`).
    public var name: String
    /// The value, references replaced.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
