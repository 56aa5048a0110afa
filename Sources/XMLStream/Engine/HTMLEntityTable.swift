private import CLibXML2
import Foundation

/// HTML 4's named character entities (`&eacute;`, `&nbsp;`, … — the 253 names libxml2's HTML parser knows) as
/// libxml2 entities, for documents such as Netscape RSS 0.91 that use them without a DTD we would ever load.
///
/// One table per parser, made on first use of each name and freed with the parser, so libxml2 never shares an
/// entity between threads. In content an entity is marked *predefined*, which makes libxml2 hand its text to the
/// characters callback as it does `&amp;`, with none of the recursive expansion that makes declared entities
/// dangerous. In attribute values libxml2 copies only the first byte of a predefined entity (the five XML ones
/// are one byte each), so there the entity is an internal one whose text — one character, no markup, no
/// references — is copied whole. Memory is bounded by the fixed set of names.
package final class HTMLEntityTable {
    /// Name → entity (an `xmlEntity`), for content and for attribute values.
    private var inContent: [String: UnsafeMutableRawPointer] = [:]
    private var inAttributes: [String: UnsafeMutableRawPointer] = [:]

    deinit {
        for entity in Array(inContent.values) + Array(inAttributes.values) {
            let typed = entity.assumingMemoryBound(to: xmlEntity.self)
            UnsafeMutablePointer(mutating: typed.pointee.name)?.deallocate()
            typed.pointee.content?.deallocate()
            typed.deallocate()
        }
    }

    /// The `xmlEntity` for `name`, or `nil` when HTML 4 has no entity of that name. Untyped, because libxml2's
    /// types stay behind this module's private import.
    package func entity(named name: UnsafePointer<UInt8>?, inAttribute: Bool) -> UnsafeMutableRawPointer? {
        guard let name, let description = htmlEntityLookup(name) else { return nil }
        let key = String(cString: name)
        if let entity = inAttribute ? inAttributes[key] : inContent[key] { return entity }
        guard let scalar = Unicode.Scalar(description.pointee.value) else { return nil }
        let content = Array(String(Character(scalar)).utf8)
        let entity = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = inAttribute ? XML_INTERNAL_GENERAL_ENTITY : XML_INTERNAL_PREDEFINED_ENTITY
        entity.pointee.name = UnsafePointer(Self.terminatedCopy(Array(key.utf8)))
        entity.pointee.content = Self.terminatedCopy(content)
        entity.pointee.length = Int32(content.count)
        let untyped = UnsafeMutableRawPointer(entity)
        if inAttribute { inAttributes[key] = untyped } else { inContent[key] = untyped }
        return untyped
    }

    /// A NUL-terminated copy, owned by this table (libxml2 only reads it).
    private static func terminatedCopy(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
        copy.initialize(from: bytes, count: bytes.count)
        copy[bytes.count] = 0
        return copy
    }
}
