private import CLibXML2
import Foundation

/// HTML 4's named character entities (`&eacute;`, `&nbsp;`, … — the 253 names libxml2's HTML parser knows) as
/// libxml2 entities, for documents such as Netscape RSS 0.91 that use them without a DTD we would ever load.
///
/// Each entity is made once per process on first use and never freed: libxml2 only reads it, as it does its own
/// five predefined entities, so one copy serves every parser on every thread. Marking them *predefined* makes
/// libxml2 substitute their text inline, in content and in attribute values alike, without any of the recursive
/// expansion that makes declared entities dangerous. Memory is bounded by the fixed set of names.
final class HTMLEntityTable: @unchecked Sendable {
    static let shared = HTMLEntityTable()

    private let lock = NSLock()
    /// Name → entity (an `xmlEntity`); only names in the HTML 4 set are ever stored.
    private var entities: [String: UnsafeMutableRawPointer] = [:]

    /// The `xmlEntity` for `name`, or `nil` when HTML 4 has no entity of that name. Untyped, because libxml2's
    /// types stay behind this module's private import.
    func entity(named name: UnsafePointer<UInt8>?) -> UnsafeMutableRawPointer? {
        guard let name, let description = htmlEntityLookup(name) else { return nil }
        let key = String(cString: name)
        lock.lock()
        defer { lock.unlock() }
        if let entity = entities[key] { return entity }
        guard let scalar = Unicode.Scalar(description.pointee.value) else { return nil }
        let content = Array(String(Character(scalar)).utf8)
        let entity = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        entity.pointee.name = UnsafePointer(xmlStrdup(name))
        entity.pointee.content = content.withUnsafeBufferPointer { xmlStrndup($0.baseAddress, Int32($0.count)) }
        entity.pointee.orig = xmlStrdup(entity.pointee.content)
        entity.pointee.length = Int32(content.count)
        entities[key] = UnsafeMutableRawPointer(entity)
        return UnsafeMutableRawPointer(entity)
    }
}
