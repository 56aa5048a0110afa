extension XMLRecordValue {
    /// The value of one node of the record being read.
    init(tree: XMLRecordTree, node: Int32) {
        let item = tree[node]
        if item.isAttribute || item.firstChild < 0 {
            self = item.isEmpty && !item.isAttribute ? .null : .string(tree.string(node))
            return
        }
        // Where each element name's member is, to gather repeats into one array: a linear search over the few
        // names of a typical element, in memory on the stack; a dictionary for an element with many children.
        let elementCount = Int(item.elementCount)
        var members: [XMLRecordMember]
        if elementCount <= LinearNames.limit {
            members = withUnsafeTemporaryAllocation(of: QualifiedName.self, capacity: elementCount) { buffer in
                var names = LinearNames(names: buffer, firstPlace: Int(item.attributeCount))
                return Self.members(of: item, in: tree, names: &names)
            }
        } else {
            var names = HashedNames()
            members = Self.members(of: item, in: tree, names: &names)
        }
        if item.hasText {
            let text = tree.withText(node) { String(decoding: $0.trimmingWhitespace(), as: UTF8.self) }
            if !text.isEmpty { members.append(XMLRecordMember(key: "#text", value: .string(text))) }
        }
        self = .object(members)
    }

    /// The attributes and child elements of `item`, an element with children, as members in document order.
    private static func members<Names: ElementNames>(
        of item: XMLRecordTree.Node, in tree: XMLRecordTree, names: inout Names
    ) -> [XMLRecordMember] {
        var members: [XMLRecordMember] = []
        members.reserveCapacity(Int(item.attributeCount + item.elementCount) + (item.hasText ? 1 : 0))
        var cursor = item.firstChild
        while cursor >= 0 {
            let child = tree[cursor]
            if child.isAttribute {
                members.append(XMLRecordMember(key: tree.memberKey(cursor), value: .string(tree.string(cursor))))
            } else if let place = names.place(of: QualifiedName(child), orAdd: members.count) {
                // The first repeat gathers every later element of the name, so the array is made once, at its size.
                switch members[place].value {
                case .array: break
                default: members[place].value = .array(repeats(of: members[place].value, from: cursor, in: tree))
                }
            } else {
                // Most children are leaves: their value is made here, without a call.
                let value =
                    child.firstChild >= 0
                    ? XMLRecordValue(tree: tree, node: cursor) : child.isEmpty ? .null : .string(tree.string(cursor))
                members.append(XMLRecordMember(key: tree.memberKey(cursor), value: value))
            }
            cursor = child.nextSibling
        }
        return members
    }

    /// The elements of a name that repeats: `first`, the element at `cursor` and its later siblings of that name.
    private static func repeats(
        of first: XMLRecordValue, from cursor: Int32, in tree: XMLRecordTree
    ) -> [XMLRecordValue] {
        let name = QualifiedName(tree[cursor])
        var count = 1
        var next = cursor
        while next >= 0 {
            // Attributes come before the children, so every sibling from here on is an element.
            assert(!tree[next].isAttribute)
            if QualifiedName(tree[next]) == name { count += 1 }
            next = tree[next].nextSibling
        }
        var elements: [XMLRecordValue] = []
        elements.reserveCapacity(count)
        elements.append(first)
        next = cursor
        while next >= 0 {
            if QualifiedName(tree[next]) == name { elements.append(XMLRecordValue(tree: tree, node: next)) }
            next = tree[next].nextSibling
        }
        return elements
    }

    fileprivate struct QualifiedName: Hashable {
        let prefix: XMLName
        let localName: XMLName

        init(_ node: XMLRecordTree.Node) {
            prefix = node.prefix
            localName = node.localName
        }
    }
}

/// The member places of the element names met so far among one element's children.
private protocol ElementNames {
    /// The place of the member for `name` if an earlier child had that name; otherwise `nil`, and `name` is
    /// recorded as having its member at `place`.
    mutating func place(of name: XMLRecordValue.QualifiedName, orAdd place: Int) -> Int?
}

/// Names in order of first appearance, whose members follow the attributes' in that order.
private struct LinearNames: ElementNames {
    /// Past this many children, a linear search costs more than hashing.
    static let limit = 64

    let names: UnsafeMutableBufferPointer<XMLRecordValue.QualifiedName>
    /// The place of the first element's member: after the attributes'.
    let firstPlace: Int
    private var count = 0

    init(names: UnsafeMutableBufferPointer<XMLRecordValue.QualifiedName>, firstPlace: Int) {
        self.names = names
        self.firstPlace = firstPlace
    }

    mutating func place(of name: XMLRecordValue.QualifiedName, orAdd place: Int) -> Int? {
        for index in 0..<count where names[index] == name { return firstPlace + index }
        assert(place == firstPlace + count && count < names.count)
        names.initializeElement(at: count, to: name)
        count += 1
        return nil
    }
}

private struct HashedNames: ElementNames {
    private var places: [XMLRecordValue.QualifiedName: Int] = [:]

    mutating func place(of name: XMLRecordValue.QualifiedName, orAdd place: Int) -> Int? {
        if let known = places[name] { return known }
        places[name] = place
        return nil
    }
}
