/// The page's title less the site's name around it (Readability's `_getArticleTitle`), and links that only ran
/// script.
extension ArticleAssembler {
    private static let separators: Set<Character> = ["|", "-", "\\", "/", ">", "»"]
    private static let hierarchicalSeparators: Set<Character> = ["\\", "/", ">", "»"]

    func articleTitle() -> String {
        let original = TextScan.squeezed(facts.documentTitle ?? "")
        var title = original
        var hadHierarchicalSeparators = false
        let characters = Array(original)
        /// `text.split(/\s+/).length`: one more than the runs of blanks.
        func wordCount(_ text: String) -> Int {
            var runs = 0
            var inRun = false
            for scalar in text.unicodeScalars {
                let blank = TextScan.isBlank(scalar)
                if blank && !inRun { runs += 1 }
                inRun = blank
            }
            return runs + 1
        }
        /// Indices of separators written between blanks (` | `).
        let spaced = characters.indices.filter { index in
            index > 0 && index + 1 < characters.count && Self.separators.contains(characters[index])
                && characters[index - 1] == " " && characters[index + 1] == " "
        }
        if !spaced.isEmpty {
            hadHierarchicalSeparators = spaced.contains { Self.hierarchicalSeparators.contains(characters[$0]) }
            if let last = characters.indices.last(where: { index in
                index + 1 < characters.count && Self.separators.contains(characters[index])
                    && characters[index + 1] == " "
            }) {
                title = String(characters[..<last])
            }
            if wordCount(title) < 3, let first = characters.firstIndex(where: Self.separators.contains) {
                title = String(characters[(first + 1)...])
            }
        } else if title.contains(": ") {
            let headings = tree.descendants(0, tags: ["h1", "h2"])
            let trimmed = TextScan.trimmed(title)
            if !headings.contains(where: { TextScan.trimmed(tree.textContent($0)) == trimmed }) {
                let lastColon = characters.lastIndex(of: ":")!
                title = String(characters[(lastColon + 1)...])
                let firstColon = characters.firstIndex(of: ":")!
                if wordCount(title) < 3 {
                    title = String(characters[(firstColon + 1)...])
                } else if wordCount(String(characters[..<firstColon])) > 5 {
                    title = original
                }
            }
        } else if title.utf16.count > 150 || title.utf16.count < 15 {
            let headings = tree.descendants(0, tag: "h1")
            if headings.count == 1 { title = tree.innerText(headings[0]) }
        }
        title = TextScan.collapsingBlankRuns(TextScan.trimmed(title))
        let count = wordCount(title)
        let withoutSeparators = String(original.filter { !Self.separators.contains($0) })
        if count <= 4 && (!hadHierarchicalSeparators || count != wordCount(withoutSeparators) - 1) {
            title = original
        }
        return title
    }
}

extension ReadabilityPass {
    /// `javascript:` links lose their `href`: they do nothing once the page's scripts are gone.
    static func fixJavaScriptLinks(_ tree: inout PageTree, _ root: Int) {
        for link in tree.descendants(root, tag: "a")
        where tree.attribute(link, "href")?.lowercased().hasPrefix("javascript:") == true {
            tree.removeAttribute(link, "href")
        }
    }
}
