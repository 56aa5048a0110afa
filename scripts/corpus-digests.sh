#!/usr/bin/env bash
# One SHA-256 per (subcommand, corpus folder) of what a `feedstream` binary prints — standard output, standard error
# and exit status of every file, in file order — so that two builds are compared by a few lines (a refactoring that
# must leave every output as it was: equal digests).
#
#   scripts/corpus-digests.sh BIN [OUT_DIR]
#
# Over ../shared/corpus (CORPUS overrides): `feed` and `feed --metadata` on every feedparser document and Connections
# recording; `discover --metadata` on the same and on readability's 130 saved pages (with `--base-url`, so that
# relative links resolve); `opml` on the feedparser documents (nearly all refused: the error lines are compared), and
# on an OPML list written by `opml --write` from the pages' discovered feeds, which the writer and reader then both
# cross. OUT_DIR keeps each check's full output (default: a temporary folder, removed). ONLY, a pattern (grep -E),
# runs only the checks whose name it matches, so that several runs can share the checks out.
set -uo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 BIN [OUT_DIR]" >&2
    exit 2
fi
bin="$1"
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${CORPUS:-$repo/../shared/corpus}"
out="${2:-$(mktemp -d)}"
[ -n "${2:-}" ] || trap 'rm -rf "$out"' EXIT
mkdir -p "$out"
[ -d "$corpus" ] || { echo "no corpus at $corpus" >&2; exit 1; }

# run NAME FILES_LIST ARGS…: every file of the list through `BIN ARGS… FILE`, its name, outputs and status.
run() {
    local name="$1" list="$2"
    shift 2
    if [ -n "${ONLY:-}" ] && ! grep -q -E "$ONLY" <<<"$name"; then return; fi
    local log="$out/$name.txt"
    : >"$log"
    while IFS= read -r file; do
        {
            local shown="${file#"$corpus"/}"
            printf '== %s\n' "${shown#"$out"/}"
            "$bin" "$@" "$file" 2>&1 </dev/null
            printf '== exit %s\n' "$?"
        } >>"$log"
    done <"$list"
    printf '%s  %-34s %5s files\n' "$(sha256sum <"$log" | cut -c1-16)" "$name" "$(wc -l <"$list" | tr -d ' ')"
}

find "$corpus/feedparser" -type f | LC_ALL=C sort >"$out/feedparser.list"
find "$corpus/connections" -type f ! -name INDEX.tsv | LC_ALL=C sort >"$out/connections.list"
find "$corpus/readability-test-pages" -name source.html | LC_ALL=C sort >"$out/pages.list"

run "feed feedparser" "$out/feedparser.list" feed
run "feed --metadata feedparser" "$out/feedparser.list" feed --metadata
run "feed connections" "$out/connections.list" feed
run "feed --metadata connections" "$out/connections.list" feed --metadata
run "discover --metadata feedparser" "$out/feedparser.list" discover --metadata
run "discover --metadata connections" "$out/connections.list" discover --metadata
run "discover --metadata pages" "$out/pages.list" discover --metadata --base-url https://pages.test/a/b/
run "opml feedparser" "$out/feedparser.list" opml

# The pages' feeds as an OPML list, then read back.
if [ -n "${ONLY:-}" ] && ! grep -q -E "$ONLY" <<<"opml pages.opml"; then exit 0; fi
while IFS= read -r file; do
    "$bin" discover --base-url "https://pages.test/${file#"$corpus"/}" "$file" 2>/dev/null </dev/null
done <"$out/pages.list" >"$out/pages-feeds.jsonl"
"$bin" opml --write --title "Corpus pages" <"$out/pages-feeds.jsonl" >"$out/pages.opml" 2>&1
printf '%s  %-34s %5s feeds\n' "$(sha256sum <"$out/pages.opml" | cut -c1-16)" "opml --write pages" \
    "$(wc -l <"$out/pages-feeds.jsonl" | tr -d ' ')"
echo "$out/pages.opml" >"$out/opml.list"
run "opml pages.opml" "$out/opml.list" opml
