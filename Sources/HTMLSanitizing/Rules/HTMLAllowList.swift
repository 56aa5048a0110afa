/// What the sanitizer keeps: feedparser's documented allow-lists (`acceptable_elements`,
/// `acceptable_attributes`, `acceptable_css_properties`, `acceptable_css_keywords`), less what a web view must
/// never receive from a feed (`form`, `noscript`).
package enum HTMLAllowList {
    /// Elements written out (with their allowed attributes). Anything else is dropped, its content kept.
    static let elements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "big", "blockquote", "br",
        "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "command", "datagrid",
        "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "event-source",
        "fieldset", "figcaption", "figure", "font", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hr", "i", "img", "input", "ins", "kbd", "keygen", "label", "legend", "li", "m", "map", "menu", "meter",
        "multicol", "nav", "nextid", "ol", "optgroup", "option", "output", "p", "pre", "progress", "q", "rp", "rt",
        "ruby", "s", "samp", "section", "select", "small", "sound", "source", "spacer", "span", "strike", "strong",
        "sub", "sup", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul",
        "var", "video",
    ]

    /// Elements dropped together with everything inside them: code and style sheets, whose text is no prose.
    static let elementsDroppedWithContent: Set<String> = ["applet", "script", "style"]

    /// Attributes written out when their element is. `on…` event handlers are absent, so they always go.
    static let attributes: Set<String> = [
        "abbr", "accept", "accept-charset", "accesskey", "action", "align", "alt", "autocomplete", "autofocus",
        "axis", "background", "balance", "bgcolor", "bgproperties", "border", "bordercolor", "bordercolordark",
        "bordercolorlight", "bottompadding", "cellpadding", "cellspacing", "ch", "challenge", "char", "charoff",
        "charset", "checked", "choff", "cite", "class", "clear", "color", "cols", "colspan", "compact",
        "contenteditable", "controls", "coords", "data", "datafld", "datapagesize", "datasrc", "datetime", "default",
        "delay", "dir", "disabled", "draggable", "dynsrc", "enctype", "end", "face", "for", "form", "frame",
        "galleryimg", "gutter", "headers", "height", "hidden", "hidefocus", "high", "href", "hreflang", "hspace",
        "icon", "id", "inputmode", "ismap", "keytype", "label", "lang", "leftspacing", "list", "longdesc", "loop",
        "loopcount", "loopend", "loopstart", "low", "lowsrc", "max", "maxlength", "media", "method", "min",
        "multiple", "name", "nohref", "noshade", "nowrap", "open", "optimum", "pattern", "ping", "point-size",
        "poster", "pqg", "preload", "prompt", "radiogroup", "readonly", "rel", "repeat-max", "repeat-min", "replace",
        "required", "rev", "rightspacing", "rows", "rowspan", "rules", "scope", "selected", "shape", "size", "sizes",
        "span", "src", "start", "step", "style", "summary", "suppress", "tabindex", "target", "template", "title",
        "toppadding", "type", "unselectable", "urn", "usemap", "valign", "value", "variable", "volume", "vrml",
        "vspace", "width", "wrap", "xml:lang",
    ]

    /// Allowed attributes whose value is a URL (or, for `ping`, URLs): only http, https, mailto or relative.
    static let urlAttributes: Set<String> = [
        "action", "background", "cite", "data", "datasrc", "dynsrc", "href", "icon", "longdesc", "lowsrc", "ping",
        "poster", "src", "usemap", "vrml",
    ]

    /// Allowed attributes whose value is a list of image candidates (`url descriptor, …`, HTML's `srcset`): each
    /// URL as in ``urlAttributes``.
    static let sourceSetAttributes: Set<String> = ["srcset"]

    /// CSS properties kept in a `style` attribute whatever their value (after the value passed the gauntlet).
    static let cssProperties: Set<String> = [
        "azimuth", "background-color", "border-bottom-color", "border-collapse", "border-color", "border-left-color",
        "border-right-color", "border-top-color", "clear", "color", "cursor", "direction", "display", "elevation",
        "float", "font", "font-family", "font-size", "font-style", "font-variant", "font-weight", "height",
        "letter-spacing", "line-height", "overflow", "pause", "pause-after", "pause-before", "pitch", "pitch-range",
        "richness", "speak", "speak-header", "speak-numeral", "speak-punctuation", "speech-rate", "stress",
        "text-align", "text-decoration", "text-indent", "unicode-bidi", "vertical-align", "voice-family", "volume",
        "white-space", "width",
    ]

    /// The shorthand families (`background`, `border-…`, `margin-…`, `padding-…`) kept only when every word of the
    /// value is one of ``cssKeywords`` or a plain colour or size.
    static let cssShorthandFamilies: Set<String> = ["background", "border", "margin", "padding"]

    static let cssKeywords: Set<String> = [
        "!important", "aqua", "auto", "black", "block", "blue", "bold", "both", "bottom", "brown", "center",
        "collapse", "dashed", "dotted", "fuchsia", "gray", "green", "italic", "left", "lime", "maroon", "medium",
        "navy", "none", "normal", "nowrap", "olive", "pointer", "purple", "red", "right", "silver", "solid", "teal",
        "top", "transparent", "underline", "white", "yellow",
    ]
}
