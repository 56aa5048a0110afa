extension XMLRecordValue {
    /// The value of one node of the record being read.
    init(tree: XMLRecordTree, node: Int32) {
        let item = tree[node]
        if item.isAttribute || item.firstChild < 0 {
            self = item.isEmpty && !item.isAttribute ? .null : .string(tree.string(node))
            return
        }
        var members: [XMLRecordMember] = []
        members.reserveCapacity(Int(item.attributeCount + item.elementCount) + 1)
        // Where each element name's member is, to gather repeats into one array: a linear search over the few
        // names of a typical record, a dictionary once a record has many.
        var names: [(name: QualifiedName, place: Int)] = []
        var places: [QualifiedName: Int] = [:]
        var cursor = item.firstChild
        while cursor >= 0 {
            let child = tree[cursor]
            let value = XMLRecordValue(tree: tree, node: cursor)
            if child.isAttribute {
                members.append(XMLRecordMember(key: tree.memberKey(cursor), value: value))
            } else {
                let name = QualifiedName(prefix: child.prefix, localName: child.localName)
                let known: Int?
                if names.count < 32 {
                    known = names.first { $0.name == name }?.place
                    if known == nil {
                        names.append((name, members.count))
                        if names.count == 32 { for entry in names { places[entry.name] = entry.place } }
                    }
                } else {
                    known = places[name]
                    if known == nil { places[name] = members.count }
                }
                if let place = known {
                    members[place].value.appendRepeat(value)
                } else {
                    members.append(XMLRecordMember(key: tree.memberKey(cursor), value: value))
                }
            }
            cursor = child.nextSibling
        }
        if item.hasText {
            let text = tree.withText(node) { String(decoding: XMLRecordScalars.trim($0), as: UTF8.self) }
            if !text.isEmpty { members.append(XMLRecordMember(key: "#text", value: .string(text))) }
        }
        self = .object(members)
    }

    /// Adds a repeated element: the member becomes an array on the second occurrence.
    private mutating func appendRepeat(_ value: XMLRecordValue) {
        if case .array(var elements) = self {
            self = .null
            elements.append(value)
            self = .array(elements)
        } else {
            self = .array([self, value])
        }
    }

    private struct QualifiedName: Hashable {
        let prefix: XMLName
        let localName: XMLName
    }
}
