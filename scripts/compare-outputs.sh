#!/usr/bin/env bash
# Compares what two `feedstream` binaries print — standard output, standard error and exit status — for every
# decoding subcommand over the benchmark inputs, the Fixtures/ samples and a sample of ../shared/corpus.
#
#   scripts/compare-outputs.sh OLD_BIN NEW_BIN
#
# One line per check (`same`, `same*` = same apart from what issue 19 added, `DIFF`), then a summary; exit 1 when
# any check differs. Environment:
#   BENCH_BIN     a Benchmarks binary for `--emit KIND BYTES` (default: NEW_BIN's folder, then OLD_BIN's)
#   BENCH_BYTES   size of each benchmark input (default 2000000)
#   CORPUS        the recorded corpus (default: ../shared/corpus next to the project); absent = skipped
#   CORPUS_STEP   take every Nth corpus file of a folder (default 4; 1 = all)
#   KEEP          a folder to keep the inputs and the differing outputs in (default: a temporary one)
#
# `feed` runs as it is on both (sanitized: every binary since the sanitizer landed has it on by default; set
# FEED_NEW_ARGS=--raw-html to compare against a binary older than that). Its podcast and media fields (issue
# 19, after 5734764) are compared apart: a line that differs only in `podcast`/`media` members counts as `same*`.
# Usage errors compare the exit status and the error line only (the usage text lists the options each version has).
set -uo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 OLD_BIN NEW_BIN" >&2
    exit 2
fi
old="$1"
new="$2"
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${CORPUS:-$repo/../shared/corpus}"
step="${CORPUS_STEP:-4}"
bytes="${BENCH_BYTES:-2000000}"
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work/in" "$work/diff"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

checks=0
same=0
expected=0
differ=0

# Compares two output files, ignoring `podcast`/`media` members (of entries and of `{"feed": …}`) line by line.
same_apart_from_issue19() {
    python3 - "$1" "$2" <<'EOF'
import json, sys
def strip(value):
    if isinstance(value, dict):
        value = dict(value)
        for key in ("podcast", "media"):
            value.pop(key, None)
        if "feed" in value and isinstance(value["feed"], dict):
            value["feed"] = strip(value["feed"])
    return value
with open(sys.argv[1], "rb") as a, open(sys.argv[2], "rb") as b:
    left, right = a.read().split(b"\n"), b.read().split(b"\n")
if len(left) != len(right):
    sys.exit(1)
for x, y in zip(left, right):
    if x == y:
        continue
    try:
        if strip(json.loads(x)) != strip(json.loads(y)):
            sys.exit(1)
    except ValueError:
        sys.exit(1)
EOF
}

# run_check NAME MODE OLD_ARGS… -- NEW_ARGS…   (MODE: exact | issue19 | usage); stdin is empty.
run_check() {
    local name="$1" mode="$2"
    shift 2
    local old_args=() new_args=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do old_args+=("$1"); shift; done
    shift
    new_args=("$@")
    checks=$((checks + 1))
    local o="$work/o" n="$work/n"
    "$old" "${old_args[@]}" >"$o.out" 2>"$o.err" </dev/null
    local old_status=$?
    "$new" "${new_args[@]}" >"$n.out" 2>"$n.err" </dev/null
    local new_status=$?
    local verdict="DIFF" why=""
    if [ "$old_status" != "$new_status" ]; then
        why="exit $old_status vs $new_status"
    elif [ "$mode" = usage ]; then
        if [ "$(grep -m1 -i 'error' "$o.err")" = "$(grep -m1 -i 'error' "$n.err")" ]; then verdict="same"; else
            why="error line"; fi
    elif ! cmp -s "$o.err" "$n.err"; then
        why="stderr"
    elif cmp -s "$o.out" "$n.out"; then
        verdict="same"
    elif [ "$mode" = issue19 ] && same_apart_from_issue19 "$o.out" "$n.out"; then
        verdict="same*"
    else
        why="stdout"
    fi
    case "$verdict" in
    same) same=$((same + 1)) ;;
    same*) expected=$((expected + 1)) ;;
    DIFF)
        differ=$((differ + 1))
        local keep="$work/diff/$checks"
        mkdir -p "$keep"
        cp "$o.out" "$keep/old.out"; cp "$o.err" "$keep/old.err"
        cp "$n.out" "$keep/new.out"; cp "$n.err" "$keep/new.err"
        why="$why (outputs in $keep)"
        ;;
    esac
    printf '%-6s %s (exit %s, %s bytes)%s\n' "$verdict" "$name" "$new_status" "$(wc -c <"$n.out" | tr -d ' ')" \
        "${why:+ — $why}"
}

# Same arguments for both binaries.
check() {
    local name="$1"
    shift
    run_check "$name" exact "$@" -- "$@"
}

# `feed`: as the user runs it on both binaries, unless FEED_NEW_ARGS says otherwise (see the top).
check_feed() {
    local name="$1"
    shift
    # shellcheck disable=SC2086 # FEED_NEW_ARGS is zero or more words
    run_check "$name" issue19 feed "$@" -- feed ${FEED_NEW_ARGS:-} "$@"
}

# ---- benchmark inputs -------------------------------------------------------------------------------------------
bench="${BENCH_BIN:-}"
if [ -z "$bench" ]; then
    for candidate in "$(dirname "$new")/Benchmarks" "$(dirname "$old")/Benchmarks"; do
        if [ -x "$candidate" ]; then bench="$candidate"; break; fi
    done
fi
if [ -n "$bench" ]; then
    for kind in atom rss twitter twitter-stream jive-inbox xml-items employees; do
        "$bench" --emit "$kind" "$bytes" >"$work/in/$kind" || echo "note: Benchmarks --emit $kind failed" >&2
    done
    in="$work/in"
    for variant in "" "--metadata" "--count" "--chunk-size 997"; do
        # shellcheck disable=SC2086 # variant is one or two words
        {
            check "atom $variant bench:atom" atom $variant "$in/atom"
            check_feed "feed $variant bench:atom" $variant "$in/atom"
            check_feed "feed $variant bench:rss" $variant "$in/rss"
            check "twitter $variant bench:twitter" twitter $variant "$in/twitter"
            check "jive-inbox $variant bench:jive-inbox" jive-inbox $variant "$in/jive-inbox"
        }
    done
    for variant in "" "--count" "--chunk-size 997"; do
        # shellcheck disable=SC2086
        {
            check "twitter-stream $variant bench:twitter-stream" twitter-stream $variant "$in/twitter-stream"
            check "xml-items $variant bench:xml-items" xml-items --path results/person $variant "$in/xml-items"
            check "items $variant bench:employees" items --path 'employees[*]' $variant "$in/employees"
            check "items $variant bench:twitter" items --path 'statuses[*]' $variant "$in/twitter"
            check "items $variant bench:jive-inbox" items --path 'list[*]' $variant "$in/jive-inbox"
        }
    done
    for kind in employees twitter jive-inbox; do
        check "json bench:$kind" json "$in/$kind"
        check "json --chunk-size 997 bench:$kind" json --chunk-size 997 "$in/$kind"
    done
    # Truncated inputs: every item before the fault, then the same error line and status.
    for kind in atom rss twitter twitter-stream jive-inbox xml-items employees; do
        head -c $((bytes / 3)) "$in/$kind" >"$in/$kind.cut"
    done
    check "atom bench:atom.cut" atom "$in/atom.cut"
    check_feed "feed bench:rss.cut" "$in/rss.cut"
    check "twitter bench:twitter.cut" twitter "$in/twitter.cut"
    check "twitter-stream bench:twitter-stream.cut" twitter-stream "$in/twitter-stream.cut"
    check "jive-inbox bench:jive-inbox.cut" jive-inbox "$in/jive-inbox.cut"
    check "xml-items bench:xml-items.cut" xml-items --path results/person "$in/xml-items.cut"
    check "items bench:employees.cut" items --path 'employees[*]' "$in/employees.cut"
    check "json bench:employees.cut" json "$in/employees.cut"
else
    echo "note: no Benchmarks binary (set BENCH_BIN): benchmark inputs skipped" >&2
fi

# ---- Fixtures/ ----------------------------------------------------------------------------------------------------
fixtures="$repo/Fixtures/samples"
check "atom Fixtures/connections-updates.xml" atom "$fixtures/connections-updates.xml"
check "atom --metadata Fixtures/connections-updates.xml" atom --metadata "$fixtures/connections-updates.xml"
check_feed "feed --metadata Fixtures/connections-updates.xml" --metadata "$fixtures/connections-updates.xml"
check "xml-items Fixtures/people-search.xml" xml-items --path results/person \
    "$fixtures/fellowship-one/people-search.xml"
check "xml-items --chunk-size 1 Fixtures/people-search.xml" xml-items --path results/person --chunk-size 1 \
    "$fixtures/fellowship-one/people-search.xml"
check "xml-items Fixtures/household-member-types.xml" xml-items --path householdMemberTypes/householdMemberType \
    "$fixtures/fellowship-one/household-member-types.xml"

# ---- usage errors and missing input -----------------------------------------------------------------------------
run_check "usage: atom --chunk-size 0" usage atom --chunk-size 0 -- atom --chunk-size 0
run_check "usage: items without --path" usage items -- items
run_check "usage: xml-items --path a//b" usage xml-items --path 'a//b' -- xml-items --path 'a//b'
run_check "usage: f1-token without arguments" usage f1-token -- f1-token
check "missing file: atom" atom "$work/no-such-file.xml"
check "missing file: twitter" twitter "$work/no-such-file.json"

# ---- the recorded corpus (a sample) -----------------------------------------------------------------------------
every_nth() { awk -v n="$step" 'NR % n == 1 || n == 1'; }
if [ -d "$corpus" ]; then
    while IFS= read -r file; do
        short="${file#"$corpus"/}"
        check "atom corpus:$short" atom --metadata "$file"
        check_feed "feed corpus:$short" --metadata "$file"
        check "xml-items corpus:$short" xml-items --path feed/entry "$file"
    done < <(find "$corpus/connections" -type f \( -name '*.xml' -o -name '*.atom' \) | sort | every_nth)
    while IFS= read -r file; do
        short="${file#"$corpus"/}"
        check_feed "feed corpus:$short" --metadata "$file"
    done < <(find "$corpus/feedparser/wellformed" -type f -name '*.xml' | sort | awk -v n="$((step * 8))" 'NR % n == 1')
    while IFS= read -r file; do
        short="${file#"$corpus"/}"
        case "$file" in
        */streaming/*) check "twitter-stream corpus:$short" twitter-stream "$file" ;;
        *) check "twitter corpus:$short" twitter --metadata "$file"
           check "items corpus:$short" items --path 'statuses[*]' "$file" ;;
        esac
        check "json corpus:$short" json "$file"
    done < <(find "$corpus/twitter" -type f | sort)
    while IFS= read -r file; do
        short="${file#"$corpus"/}"
        check "jive-inbox corpus:$short" jive-inbox --metadata "$file"
        check "json corpus:$short" json "$file"
        check "items corpus:$short" items --path 'list[*]' "$file"
    done < <(find "$corpus/jive" -type f -name '*.json' | sort | every_nth)
    while IFS= read -r file; do
        check "json corpus:${file#"$corpus"/}" json "$file"
    done < <(find "$corpus/json-test-suite" -type f -name '*.json' | sort | every_nth)
else
    echo "note: no corpus at $corpus: corpus checks skipped" >&2
fi

echo "summary: $checks checks: $same same, $expected same apart from issue 19's podcast/media fields, $differ differ"
[ "$differ" -eq 0 ]
