/// MathML and SVG, as feedparser keeps them (`mathml_elements`, `mathml_attributes`, `svg_elements`,
/// `svg_attributes`): a formula or an icon inside a post is written back, not flattened to its text.
///
/// The names are in the case the vocabularies spell them; libxml2 hands them over lowercase, and the writer writes
/// the spelled form (feedparser's `svg_elem_map` and `svg_attr_map`), so `viewbox` comes out `viewBox`.
extension HTMLAllowList {
    package static let mathNamespace = "http://www.w3.org/1998/Math/MathML"
    package static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// Written inside a `math` element whose namespace is MathML's (declared, or added by the writer).
    static let mathElements: Set<String> = [
        "annotation", "annotation-xml", "maction", "maligngroup", "malignmark", "math", "menclose", "merror",
        "mfenced", "mfrac", "mglyph", "mi", "mlabeledtr", "mlongdiv", "mmultiscripts", "mn", "mo", "mover",
        "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mscarries", "mscarry", "msgroup", "msline",
        "mspace", "msqrt", "msrow", "mstack", "mstyle", "msub", "msubsup", "msup", "mtable", "mtd", "mtext", "mtr",
        "munder", "munderover", "none", "semantics",
    ]

    static let mathAttributes: Set<String> = [
        "accent", "accentunder", "actiontype", "align", "alignmentscope", "altimg", "altimg-height", "altimg-valign",
        "altimg-width", "alttext", "bevelled", "charalign", "close", "columnalign", "columnlines", "columnspacing",
        "columnspan", "columnwidth", "crossout", "decimalpoint", "denomalign", "depth", "dir", "display",
        "displaystyle", "edge", "encoding", "equalcolumns", "equalrows", "fence", "fontstyle", "fontweight", "form",
        "frame", "framespacing", "groupalign", "height", "href", "id", "indentalign", "indentalignfirst",
        "indentalignlast", "indentshift", "indentshiftfirst", "indentshiftlast", "indenttarget",
        "infixlinebreakstyle", "largeop", "length", "linebreak", "linebreakmultchar", "linebreakstyle",
        "lineleading", "linethickness", "location", "longdivstyle", "lquote", "lspace", "mathbackground",
        "mathcolor", "mathsize", "mathvariant", "maxsize", "minlabelspacing", "minsize", "movablelimits", "notation",
        "numalign", "open", "other", "overflow", "position", "rowalign", "rowlines", "rowspacing", "rowspan",
        "rquote", "rspace", "scriptlevel", "scriptminsize", "scriptsizemultiplier", "selection", "separator",
        "separators", "shift", "side", "src", "stackalign", "stretchy", "subscriptshift", "superscriptshift",
        "symmetric", "voffset", "width", "xlink:href", "xlink:show", "xlink:type", "xmlns", "xmlns:xlink",
    ]

    /// Written inside an `svg` element whose namespace is SVG's. feedparser's list has `foreignObject`, whose
    /// content is HTML again; it is dropped here with its content (a browser's way back into HTML from inside a
    /// vector image is a way around a sanitizer's reading of the markup).
    static let svgElements: Set<String> = [
        "a", "animate", "animateColor", "animateMotion", "animateTransform", "circle", "defs", "desc", "ellipse",
        "font-face", "font-face-name", "font-face-src", "g", "glyph", "hkern", "line", "linearGradient", "marker",
        "metadata", "missing-glyph", "mpath", "path", "polygon", "polyline", "radialGradient", "rect", "set", "stop",
        "svg", "switch", "text", "title", "tspan", "use",
    ]

    static let svgAttributes: Set<String> = [
        "accent-height", "accumulate", "additive", "alphabetic", "arabic-form", "ascent", "attributeName",
        "attributeType", "baseProfile", "bbox", "begin", "by", "calcMode", "cap-height", "class", "color",
        "color-rendering", "content", "cx", "cy", "d", "descent", "display", "dur", "dx", "dy", "end", "fill",
        "fill-opacity", "fill-rule", "font-family", "font-size", "font-stretch", "font-style", "font-variant",
        "font-weight", "from", "fx", "fy", "g1", "g2", "glyph-name", "gradientUnits", "hanging", "height",
        "horiz-adv-x", "horiz-origin-x", "id", "ideographic", "k", "keyPoints", "keySplines", "keyTimes", "lang",
        "marker-end", "marker-mid", "marker-start", "markerHeight", "markerUnits", "markerWidth", "mathematical",
        "max", "min", "name", "offset", "opacity", "orient", "origin", "overline-position", "overline-thickness",
        "panose-1", "path", "pathLength", "points", "preserveAspectRatio", "r", "refX", "refY", "repeatCount",
        "repeatDur", "requiredExtensions", "requiredFeatures", "restart", "rotate", "rx", "ry", "slope", "stemh",
        "stemv", "stop-color", "stop-opacity", "strikethrough-position", "strikethrough-thickness", "stroke",
        "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
        "stroke-opacity", "stroke-width", "systemLanguage", "target", "text-anchor", "to", "transform", "type", "u1",
        "u2", "underline-position", "underline-thickness", "unicode", "unicode-range", "units-per-em", "values",
        "version", "viewBox", "visibility", "width", "widths", "x", "x-height", "x1", "x2", "xlink:actuate",
        "xlink:arcrole", "xlink:href", "xlink:role", "xlink:show", "xlink:title", "xlink:type", "xml:base", "xml:lang",
        "xml:space", "xmlns", "xmlns:xlink", "y", "y1", "y2", "zoomAndPan",
    ]

    /// MathML and SVG attributes whose value is a URL, filtered as HTML's are. feedparser filters only `href`;
    /// `xlink:href="javascript:…"` on an SVG `a` runs script when clicked, and the rest load what they name.
    static let foreignURLAttributes: Set<String> = ["altimg", "href", "src", "xlink:href", "xml:base"]

    /// The SVG attributes an `animate` or `set` may change (`attributeName`): every SVG attribute but those that
    /// hold a URL or declare a namespace. `<set attributeName="href" to="javascript:…">` turns a safe link into a
    /// script the moment the animation starts, so `attributeName` goes when it names anything else.
    static let animatableAttributes: Set<String> = Set(
        svgAttributes.map { $0.lowercased() }.filter { name in
            !foreignURLAttributes.contains(name) && !name.hasPrefix("xmlns") && !name.hasPrefix("xlink:")
                && name != "attributename"
        })

    /// What an animation sets its `attributeName` to: dropped with a dropped `attributeName`
    /// (`<set attributeName="href" to="javascript:…">`).
    static let animationValueAttributes: Set<String> = ["by", "from", "to", "values"]

    /// Dropped with their content wherever they stand (see ``svgElements``).
    static let foreignElementsDroppedWithContent: Set<String> = ["foreignobject"]
}
