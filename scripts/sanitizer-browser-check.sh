#!/usr/bin/env bash
# Renders what `feedstream feed` makes of classic script-injection vectors (and SVG's and MathML's: handlers,
# javascript: links and animations that make one, foreignObject) in headless Chromium and checks that no script runs
# and no link would run one, while ordinary markup (paragraphs, links, images, lists, emphasis, code, quotes,
# headings, tables, a MathML formula, an SVG icon) survives. A control run of the same vectors with --raw-html must run script, proving the page would notice.
#   scripts/sanitizer-browser-check.sh [path/to/feedstream]     (needs chromium and python3; not part of CI)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tool="${1:-$here/../.build/debug/feedstream}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$here/sanitizer-browser-check/xss-vectors.txt" "$here/sanitizer-browser-check/markup-survivors.html" \
    "$work/feed.xml" <<'PY'
import sys
from xml.sax.saxutils import escape
vectors = [line.rstrip("\n") for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
survivors = open(sys.argv[2], encoding="utf-8").read()
items = "".join(f"<item><guid>v{i}</guid><description>{escape(v)}</description></item>\n" for i, v in enumerate(vectors))
items += f"<item><guid>markup</guid><description>{escape(survivors)}</description></item>\n"
open(sys.argv[3], "w", encoding="utf-8").write(f'<rss version="2.0"><channel><title>x</title>\n{items}</channel></rss>')
PY

render() { # $1: feedstream flags; writes one page per item and prints the number whose script ran
    "$tool" feed $1 "$work/feed.xml" > "$work/items.jsonl"
    python3 - "$work/items.jsonl" "$work" <<'PY'
import json, sys
# A link that runs script when clicked counts as script run: after the page's animations had their time, any `a`
# (HTML's, or SVG's with its animated href) whose URL is javascript: marks the page.
head = ("<!DOCTYPE html><html><head><title>SAFE</title><script>"
        "function ran(){document.title='EXECUTED';}"
        "window.alert=window.confirm=window.prompt=ran;window.eval=ran;"
        "function links(){document.querySelectorAll('a').forEach(function(a){"
        "var h=a.href&&a.href.animVal!==undefined?a.href.animVal:(a.href||'');"
        "var x=a.getAttributeNS('http://www.w3.org/1999/xlink','href')||'';"
        "[h,x].forEach(function(u){if(/^javascript:/i.test(String(u).replace(/[\\u0000-\\u0020]/g,'')))ran();});});}"
        "window.addEventListener('load',function(){setTimeout(links,800);});</script></head><body>")
for line in open(sys.argv[1], encoding="utf-8"):
    item = json.loads(line)
    value = item.get("summary", {}).get("value", "")
    open(f"{sys.argv[2]}/{item['id']}.html", "w", encoding="utf-8").write(head + value + "</body></html>")
PY
    local ran=0
    for page in "$work"/v*.html; do
        dom="$(timeout 30 "$browser" --headless --disable-gpu --no-sandbox --virtual-time-budget=1500 \
            --dump-dom "file://$page" 2>/dev/null || true)"
        if ! grep -q "<title>SAFE</title>" <<<"$dom"; then
            ran=$((ran + 1))
            echo "  script ran (or the page went away): $(basename "$page")" >&2
        fi
    done
    echo "$ran"
}

total=$(grep -c . "$here/sanitizer-browser-check/xss-vectors.txt")
echo "vectors: $total"
control=$(render "--raw-html" 2>/dev/null)
echo "control (--raw-html): script ran on $control of $total pages"
sanitized=$(render "")
echo "sanitized: script ran on $sanitized of $total pages"

dom="$("$browser" --headless --disable-gpu --no-sandbox --dump-dom "file://$work/markup.html" 2>/dev/null)"
missing=""
for needle in "<h1>" "<h2>" "<h6>" "<p>" "<em>" "<strong>" '<a href="https://example.org/post">' \
    '<img src="https://example.org/cover.jpg"' "<ul>" "<ol>" "<li>" "<blockquote>" "<pre>" "<code>" "<table>" "<td>" \
    '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi>' '<path d="M5 12h14" stroke-linecap="round">'; do
    grep -qF "$needle" <<<"$dom" || missing="$missing $needle"
done
if [ -n "$missing" ]; then echo "markup lost:$missing"; else echo "markup survived: h1-h6 p em strong a img ul ol li blockquote pre code table math svg"; fi
[ "$sanitized" = 0 ] && [ "$control" -gt 0 ] && [ -z "$missing" ]
