#!/usr/bin/env bash
# Writes feeds whose posts are what real blog generators emit, made by those generators, for the sanitizer's
# workloads (issue 43): not a description of today's markup but the markup itself.
#
#   scripts/make-generator-corpus.sh OUT_DIR [POSTS]      # POSTS per feed (default 3: the checked-in fixtures)
#
# Installs what is missing (Debian's pandoc and ruby-rouge, Pygments and latex2mathml from PyPI), then writes, each
# post highlighting a source file of this repository (the same files in the same order, so the bytes are fixed
# for a commit and a toolchain; the tools' versions are written into every feed's <generator>):
#   rouge.atom          Jekyll with Rouge: `rougify` HTML in Jekyll's `highlighter-rouge` wrapper, escaped inside
#                       Atom `content type="html"` (one `&lt;span class=…&gt;` per token)
#   pygments.rss        Pygments' HtmlFormatter (`class="highlight"`, a span per token) in RSS CDATA
#   pandoc.atom         pandoc's numbered code lines, an `id` and an anchor per line: `<span id="cb1-3"><a
#                       href="#cb1-3"></a>…` (Debian's pandoc 2.17 writes the anchor bare; the Hakyll feeds the
#                       issue measured, from other versions, add `aria-hidden` and `tabindex`), escaped in Atom
#   katex.rss           formulas as KaTeX writes them: MathML from latex2mathml inside `semantics` with the TeX
#                       as `annotation`, beside KaTeX's styled `span`s for the same formula, in CDATA
#   wordpress.rss       WordPress.com image blocks: `figure` > `img` with its dozen `data-*` attributes, `srcset`
#   codeblockpro.rss    WordPress Code Block Pro: Pygments with inline styles (`noclasses`) in Code Block Pro's
#                       wrapper, its copy button's inline SVG and `data-*` attributes
set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 OUT_DIR [POSTS]" >&2
    exit 2
fi
out="$1"
posts="${2:-3}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$out"

install_tools() {
    local missing=()
    command -v pandoc >/dev/null || missing+=(pandoc)
    command -v rougify >/dev/null || missing+=(ruby-rouge)
    if [ ${#missing[@]} -gt 0 ]; then
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "make-generator-corpus: installing ${missing[*]}" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
    fi
    python3 -c 'import pygments' 2>/dev/null || python3 -m pip install -q Pygments >&2
    python3 -c 'import latex2mathml' 2>/dev/null || python3 -m pip install -q latex2mathml >&2
}
install_tools

# The sources the posts highlight: this repository's own, a fixed list cycled through.
sources=()
while IFS= read -r file; do sources+=("$file"); done < <(
    cd "$repo" && git ls-files 'Sources/HTMLSanitizing/*.swift' 'Sources/FeedDiscovery/*.swift' 'scripts/*.sh' \
        'scripts/*.py' | LC_ALL=C sort)
source_of() { echo "$repo/${sources[$(($1 % ${#sources[@]}))]}"; }
language_of() { case "$1" in *.swift) echo swift ;; *.sh) echo bash ;; *.py) echo python ;; *) echo text ;; esac; }

versions="rouge $(rougify --version 2>/dev/null | head -1 | tr -dc '0-9.'); $(pandoc --version | head -1);"
versions+=" Pygments $(python3 -c 'import pygments; print(pygments.__version__)');"
versions+=" latex2mathml $(python3 -c 'import importlib.metadata as m; print(m.version("latex2mathml"))')"

xml_escape() { python3 -c 'import sys, html; sys.stdout.write(html.escape(sys.stdin.read(), quote=False))'; }
atom_head() {
    printf '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
    printf '<title>%s</title><id>https://gen.example/%s/</id><updated>2026-12-01T00:00:00Z</updated>' "$1" "$1"
    printf '<generator>%s</generator>\n' "$versions"
}
rss_head() {
    printf '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>%s</title>' "$1"
    printf '<link>https://gen.example/%s/</link><description>%s</description>' "$1" "$1"
    printf '<generator>%s</generator>\n' "$versions"
}
atom_entry() { # ID TITLE HTML (on stdin)
    printf '<entry><id>https://gen.example/post/%s</id><title>%s</title><updated>2026-12-01T00:00:00Z</updated>' \
        "$1" "$2"
    printf '<link rel="alternate" href="https://gen.example/post/%s/"/><content type="html">' "$1"
    xml_escape
    printf '</content></entry>\n'
}
rss_item() { # ID TITLE HTML (on stdin)
    printf '<item><guid>https://gen.example/post/%s</guid><title>%s</title><description><![CDATA[' "$1" "$2"
    sed 's/]]>/]]]]><![CDATA[>/g'
    printf ']]></description></item>\n'
}

# Jekyll + Rouge: kramdown's fenced block through Rouge's HTML formatter, in Jekyll's wrapper.
{
    atom_head rouge
    for ((i = 0; i < posts; i++)); do
        file="$(source_of "$i")"
        lang="$(language_of "$file")"
        {
            printf '<p>Reading <code>%s</code>.</p>\n' "${file#"$repo"/}"
            printf '<div class="language-%s highlighter-rouge"><div class="highlight"><pre class="highlight"><code>' \
                "$lang"
            rougify highlight -l "$lang" -f html "$file"
            printf '</code></pre></div></div>\n<p>That is all.</p>\n'
        } | atom_entry "rouge-$i" "Rouge $i"
    done
    printf '</feed>\n'
} >"$out/rouge.atom"

# Pygments' HtmlFormatter (classes), in CDATA.
{
    rss_head pygments
    for ((i = 0; i < posts; i++)); do
        file="$(source_of "$((i + 1))")"
        {
            printf '<p>From <code>%s</code>:</p>\n' "${file#"$repo"/}"
            pygmentize -l "$(language_of "$file")" -f html -O cssclass=highlight "$file"
        } | rss_item "pygments-$i" "Pygments $i"
    done
    printf '</channel></rss>\n'
} >"$out/pygments.rss"

# pandoc: a Markdown post whose code block numbers its lines (anchors with aria-hidden and tabindex per line).
{
    atom_head pandoc
    for ((i = 0; i < posts; i++)); do
        file="$(source_of "$((i + 2))")"
        {
            printf 'Some *prose* about [the file](https://gen.example/%s).\n\n' "${file#"$repo"/}"
            printf '```{.%s .numberLines}\n' "$(language_of "$file")"
            cat "$file"
            printf '```\n\nAnd a closing paragraph.\n'
        } | pandoc -f markdown -t html | atom_entry "pandoc-$i" "pandoc $i"
    done
    printf '</feed>\n'
} >"$out/pandoc.atom"

# KaTeX's output shape: MathML (latex2mathml) in `semantics` with the TeX, beside the HTML spans KaTeX lays out.
python3 - "$posts" "$versions" >"$out/katex.rss" <<'EOF'
import sys, html
from latex2mathml.converter import convert
posts, versions = int(sys.argv[1]), sys.argv[2]
formulas = [r"\sum_{i=1}^{N} x_i^2", r"\frac{a+b}{c-d}", r"\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}",
            r"\mathbf{A}\mathbf{x} = \lambda \mathbf{x}", r"\binom{n}{k} = \frac{n!}{k!(n-k)!}",
            r"\lim_{h \to 0} \frac{f(x+h) - f(x)}{h}", r"e^{i\pi} + 1 = 0", r"\nabla \cdot \mathbf{E} = \rho"]
def katex(tex, display):
    mathml = convert(tex, display="block" if display else "inline")
    # KaTeX puts the TeX beside the presentation: <semantics><mrow>…</mrow><annotation …>TeX</annotation>.
    start, end = mathml.index(">") + 1, mathml.rindex("</math>")
    inner = mathml[start:end]
    mathml = (mathml[:start] + "<semantics><mrow>" + inner + "</mrow><annotation encoding=\"application/x-tex\">"
              + html.escape(tex) + "</annotation></semantics></math>")
    spans = "".join(
        f'<span class="mord{" mathnormal" if ch.isalpha() else ""}">{html.escape(ch)}</span>'
        + ('<span class="mspace" style="margin-right:0.2778em;"></span>' if ch in "=+" else "")
        for ch in tex if not ch.isspace() and ch not in "\\{}^_")
    body = (f'<span class="katex"><span class="katex-mathml">{mathml}</span><span class="katex-html" '
            f'aria-hidden="true"><span class="base"><span class="strut" style="height:1.0414em;'
            f'vertical-align:-0.2997em;"></span>{spans}</span></span></span>')
    return f'<span class="katex-display">{body}</span>' if display else body
print('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>katex</title>'
      f'<link>https://gen.example/katex/</link><description>katex</description><generator>{versions}</generator>')
for i in range(posts):
    parts = []
    for j in range(6):
        tex = formulas[(i * 6 + j) % len(formulas)]
        parts.append(f"<p>Inline {katex(tex, False)} and displayed:</p>\n{katex(tex, True)}\n")
    value = "".join(parts).replace("]]>", "]]]]><![CDATA[>")
    print(f"<item><guid>https://gen.example/post/katex-{i}</guid><title>KaTeX {i}</title>"
          f"<description><![CDATA[{value}]]></description></item>")
print("</channel></rss>")
EOF

# WordPress.com image blocks: a figure per image, the img with the data-* attributes WordPress.com writes.
python3 - "$posts" "$versions" >"$out/wordpress.rss" <<'EOF'
import sys, json, html
posts, versions = int(sys.argv[1]), sys.argv[2]
print('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>wordpress</title>'
      f'<link>https://gen.example/wordpress/</link><description>wordpress</description><generator>{versions}'
      '</generator>')
for i in range(posts):
    parts = ["<p>Photos from the weekend.</p>\n"]
    for j in range(12):
        n = i * 12 + j + 1000
        base = f"https://gen.example/wp-content/uploads/2026/11/img_{n}.jpg"
        meta = json.dumps({"aperture": "1.8", "credit": "", "camera": "Pixel 9", "caption": "", "created_timestamp":
                           "1732000000", "copyright": "", "focal_length": "6.9", "iso": "50", "shutter_speed":
                           "0.001", "title": "", "orientation": "1"})
        srcset = ", ".join(f"{base}?w={w} {w}w" for w in (150, 300, 768, 1024, 2048))
        parts.append(
            f'<figure class="wp-block-image size-large"><img data-attachment-id="{n}" '
            f'data-permalink="https://gen.example/2026/11/30/weekend/img_{n}/" data-orig-file="{base}" '
            f'data-orig-size="4032,3024" data-comments-opened="1" data-image-meta="{html.escape(meta)}" '
            f'data-image-title="img_{n}" data-image-description="" data-image-caption="" '
            f'data-medium-file="{base}?w=300" data-large-file="{base}?w=1024" loading="lazy" decoding="async" '
            f'width="1024" height="768" src="{base}?w=1024" alt="" class="wp-image-{n}" srcset="{srcset}" '
            f'sizes="(max-width: 1024px) 100vw, 1024px" /><figcaption class="wp-element-caption">Picture {j}'
            f'</figcaption></figure>\n')
    value = "".join(parts)
    print(f"<item><guid>https://gen.example/post/wp-{i}</guid><title>WordPress {i}</title>"
          f"<description><![CDATA[{value}]]></description></item>")
print("</channel></rss>")
EOF

# Code Block Pro: Shiki-style inline colours (Pygments with noclasses), its wrapper, copy button and SVG icon.
# Pygments' wrapper becomes Shiki's, which Code Block Pro writes.
opener='<pre class="shiki dracula" style="background-color: #282A36" tabindex="0"><code>'
{
    rss_head codeblockpro
    for ((i = 0; i < posts; i++)); do
        file="$(source_of "$((i + 3))")"
        {
            printf '<p>The code:</p>\n<div class="wp-block-kevinbatdorf-code-block-pro" '
            printf 'data-code-block-pro-font-family="Code-Pro-JetBrains-Mono" style="font-size:.875rem;'
            printf 'font-family:Code-Pro-JetBrains-Mono,ui-monospace,monospace;line-height:1.25rem;'
            printf -- '--cbp-tab-width:2;tab-size:var(--cbp-tab-width, 2)"><span role="button" tabindex="0" '
            printf 'data-code="%s" style="color:#f8f8f2;display:none" aria-label="Copy" ' "$(basename "$file")"
            printf 'class="code-block-pro-copy-button"><svg xmlns="http://www.w3.org/2000/svg" '
            printf 'style="width:24px;height:24px" fill="none" viewBox="0 0 24 24" stroke="currentColor" '
            printf 'stroke-width="2"><path class="with-check" stroke-linecap="round" stroke-linejoin="round" '
            printf 'd="M9 5H7a2 2 0 00-2 2v12a2 2 0 002 2h10a2 2 0 002-2V7a2 2 0 00-2-2h-2M9 5a2 2 0 002 2h2a2 2 '
            printf '0 002-2M9 5a2 2 0 012-2h2a2 2 0 012 2m-6 9l2 2 4-4"></path><path class="without-check" '
            printf 'stroke-linecap="round" stroke-linejoin="round" d="M9 5H7a2 2 0 00-2 2v12a2 2 0 002 2h10a2 2 '
            printf '0 002-2V7a2 2 0 00-2-2h-2M9 5a2 2 0 002 2h2a2 2 0 002-2M9 5a2 2 0 012-2h2a2 2 0 012 2">'
            printf '</path></svg></span>'
            pygmentize -l "$(language_of "$file")" -f html -O noclasses=True,style=dracula,nobackground=True \
                "$file" | sed "s|<div class=\"highlight\"[^>]*><pre[^>]*>|$opener|; s|</pre></div>|</code></pre>|"
            printf '</div>\n'
        } | rss_item "cbp-$i" "Code Block Pro $i"
    done
    printf '</channel></rss>\n'
} >"$out/codeblockpro.rss"

wc -c "$out"/*.atom "$out"/*.rss >&2
