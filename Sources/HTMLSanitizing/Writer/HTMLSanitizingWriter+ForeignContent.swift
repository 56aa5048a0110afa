@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// The vocabularies an HTML value may embed, each entered by its root element (`svg`, `math`).
enum ForeignVocabulary {
    case svg
    case math

    var namespace: StaticString {
        switch self {
        case .svg: "http://www.w3.org/2000/svg"
        case .math: "http://www.w3.org/1998/Math/MathML"
        }
    }
}

/// What an element name means in MathML and SVG.
struct ForeignElement {
    /// libxml2's (lowercase) spelling, which MathML's is.
    var name: [UInt8]
    var isMath: Bool
    /// SVG's spelling (`linearGradient`), when SVG has the element.
    var svgName: [UInt8]?
    /// The vocabulary the element enters when its namespace is that vocabulary's or undeclared.
    var root: ForeignVocabulary?
}

/// What an attribute name means on a MathML and on an SVG element.
struct ForeignAttribute {
    var name: [UInt8]
    var mathRule: HTMLSanitizingWriter.AttributeRule
    var svgRule: HTMLSanitizingWriter.AttributeRule
    /// SVG's spelling (`viewBox`).
    var svgName: [UInt8]
    /// `xlink:…`: the element needs the XLink namespace declared.
    var isXLink: Bool
    var isNamespaceDeclaration: Bool
    var isXLinkDeclaration: Bool
    /// `to`, `from`, `values`, `by`: what an animation sets its target attribute to.
    var isAnimationValue = false
}

/// MathML and SVG, written as feedparser writes them: a vocabulary's elements only inside its root, with that
/// vocabulary's attributes, the root declaring the namespace (`<svg xmlns="http://www.w3.org/2000/svg">`) and an
/// element with `xlink:` attributes declaring XLink's. A root that declares another namespace is no root: it is
/// dropped with the rest of what is not allow-listed.
extension HTMLSanitizingWriter {
    /// An element that is not an HTML element the writer writes as it is: a MathML or SVG one, an HTML one inside
    /// SVG (where an `a` or a `title` is SVG's), or one to drop.
    func startForeignElement(_ tag: HTMLStartTag, htmlRule: ElementRule) throws(StreamError) {
        let element = foreignElement(tag.name)
        var enters: ForeignVocabulary?
        if let root = element.root {
            // An empty declaration is none, as in feedparser.
            let declared = tag.value(of: "xmlns") ?? ""
            if declared.isEmpty || declared.utf8.elementsEqual(UnsafeRawBufferPointer(
                start: root.namespace.utf8Start, count: root.namespace.utf8CodeUnitCount))
            {
                enters = root
            }
        }
        if element.isMath, mathDepth > 0 || enters == .math {
            try startForeign(tag, name: element.name, in: .math, entering: enters)
        } else if let svgName = element.svgName, svgDepth > 0 || enters == .svg {
            try startForeign(tag, name: svgName, in: .svg, entering: enters)
        } else if case .write(let isVoid) = htmlRule {
            try startHTMLElement(tag, isVoid: isVoid)
        } else {
            open.append(.dropped)
        }
    }

    private func startForeign(
        _ tag: HTMLStartTag, name: [UInt8], in vocabulary: ForeignVocabulary, entering root: ForeignVocabulary?
    ) throws(StreamError) {
        output.append(UInt8(ascii: "<"))
        name.withUnsafeBytes { output.append($0) }
        var usesXLink = false
        // An animation whose `attributeName` is dropped (it names a URL attribute, `href` turned into
        // `javascript:`) loses the values it would set too: were the name kept by another reading (a browser's
        // of a name this one dropped), the values are what would do harm.
        var dropsAnimationValues = false
        if vocabulary == .svg, var target = tag.value(of: "attributename") {
            dropsAnimationValues = target.withUTF8 { !HTMLAllowList.isAnimatable(UnsafeRawBufferPointer($0)) }
        }
        try tag.forEachAttribute { (attributeName, value) throws(StreamError) in
            let attribute = foreignAttribute(attributeName)
            if dropsAnimationValues, attribute.isAnimationValue { return }
            usesXLink = usesXLink || attribute.isXLink
            // The root's declaration is written last, always the vocabulary's; XLink's after it, when used.
            if attribute.isNamespaceDeclaration, root != nil { return }
            if attribute.isXLinkDeclaration {
                usesXLink = usesXLink || value.elementsEqual(UnsafeRawBufferPointer(
                    start: Self.xlinkNamespace.utf8Start, count: Self.xlinkNamespace.utf8CodeUnitCount))
                return
            }
            let (rule, spelled) = vocabulary == .svg
                ? (attribute.svgRule, attribute.svgName) : (attribute.mathRule, attribute.name)
            spelled.withUnsafeBytes {
                Self.appendAttribute(rule, name: $0, value: value, base: base, to: &output, styles: &styles)
            }
        }
        if let root {
            output.append(" xmlns=\"")
            output.append(root.namespace)
            output.append(UInt8(ascii: "\""))
        }
        if usesXLink {
            output.append(" xmlns:xlink=\"")
            output.append(Self.xlinkNamespace)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        open.append(.foreign(name: name, leaves: root))
        switch root {
        case .svg: svgDepth += 1
        case .math: mathDepth += 1
        case nil: break
        }
    }

    private static let xlinkNamespace: StaticString = "http://www.w3.org/1999/xlink"

    func appendEndTag(_ name: [UInt8]) {
        output.append("</")
        name.withUnsafeBytes { output.append($0) }
        output.append(UInt8(ascii: ">"))
    }

    private func foreignElement(_ name: XMLName) -> ForeignElement {
        if let element = foreignElements[name] { return element }
        let text = name.string.lowercased()
        let element = ForeignElement(
            name: Array(text.utf8), isMath: HTMLAllowList.mathElements.contains(text),
            svgName: Self.svgElementNames[text].map { Array($0.utf8) },
            root: text == "svg" ? .svg : text == "math" ? .math : nil)
        foreignElements[name] = element
        return element
    }

    private func foreignAttribute(_ name: XMLName) -> ForeignAttribute {
        if let attribute = foreignAttributes[name] { return attribute }
        let text = name.string.lowercased()
        let svgName = Self.svgAttributeNames[text]
        let attribute = ForeignAttribute(
            name: Array(text.utf8),
            mathRule: Self.foreignRule(text, listed: HTMLAllowList.mathAttributes.contains(text)),
            svgRule: text == "attributename" ? .animationTarget : Self.foreignRule(text, listed: svgName != nil),
            svgName: Array((svgName ?? text).utf8), isXLink: text.hasPrefix("xlink:"),
            isNamespaceDeclaration: text == "xmlns", isXLinkDeclaration: text == "xmlns:xlink",
            isAnimationValue: HTMLAllowList.animationValueAttributes.contains(text))
        foreignAttributes[name] = attribute
        return attribute
    }

    private static func foreignRule(_ lowercased: String, listed: Bool) -> AttributeRule {
        guard listed else { return .drop }
        return HTMLAllowList.foreignURLAttributes.contains(lowercased) ? .url : .keep
    }

    /// SVG's names by their lowercase spelling (feedparser's `svg_elem_map` and `svg_attr_map`).
    private static let svgElementNames = Dictionary(
        uniqueKeysWithValues: HTMLAllowList.svgElements.map { ($0.lowercased(), $0) })
    private static let svgAttributeNames = Dictionary(
        uniqueKeysWithValues: HTMLAllowList.svgAttributes.map { ($0.lowercased(), $0) })
}

extension HTMLAllowList {
    /// Whether an animation's `attributeName` value names an attribute it may change.
    static func isAnimatable(_ value: UnsafeRawBufferPointer) -> Bool {
        // Browsers read the name as written; spaces around it and case are given no benefit of the doubt.
        let trimmed = value.drop { CSSStyleFilter.isSpace($0) }.reversed().drop { CSSStyleFilter.isSpace($0) }
        return animatableAttributes.contains(String(decoding: trimmed.reversed(), as: UTF8.self).lowercased())
    }
}
