#!/usr/bin/env bash
# Measures how far `feedstream feed` agrees with feedparser (the reference Python feed reader) on a folder of feeds:
# entry counts, and each entry's title, id, alternate link and date (published, else updated, to the second).
# Optional: neither the tests nor CI run it (it needs PyPI and a release build).
#
#   scripts/feedparser-agreement.sh DIR [--recover] [--list]
#
# Every *.xml, *.rss, *.atom and *.rdf file under DIR that feedparser finds entries in is compared (the comparison
# is about entries). Prints the share of fields that agree (one per document for the entry count, four per entry)
# and of documents that agree on everything; --list also prints each disagreement. With --recover, FeedStream runs
# in recover mode (`feedstream feed --recover`), which reads malformed feeds as feedparser does; without it,
# a malformed feed is an error and counts as zero entries.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:?usage: scripts/feedparser-agreement.sh DIR [--recover] [--list]}"
shift

venv=.build/peers-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check feedparser
swift build -c release --product feedstream >/dev/null
bin="$(swift build -c release --show-bin-path)"

"$venv/bin/python" - "$bin/feedstream" "$dir" "$@" <<'PYTHON'
import calendar, datetime, json, os, subprocess, sys, warnings
import feedparser

warnings.filterwarnings("ignore")
feedstream, root, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
recover, listing = "--recover" in flags, "--list" in flags
FIELDS = ("title", "id", "link", "date")


def reference(path):
    parsed = feedparser.parse(path)
    entries = []
    for entry in parsed.entries:
        date = entry.get("published_parsed") or entry.get("updated_parsed")
        entries.append({"title": entry.get("title"), "id": entry.get("id"), "link": entry.get("link"),
                        "date": calendar.timegm(date) if date else None})
    return entries


def ours(path):
    run = subprocess.run([feedstream, "feed", path] + (["--recover"] if recover else []), capture_output=True)
    entries = []
    for line in run.stdout.decode("utf-8", "replace").splitlines():
        entry = json.loads(line)
        link = next((l.get("href") for l in entry.get("links", []) if l.get("rel", "alternate") == "alternate"), None)
        stamp = entry.get("published") or entry.get("updated")
        date = int(datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()) if stamp else None
        entries.append({"title": (entry.get("title") or {}).get("value"), "id": entry.get("id"), "link": link,
                        "date": date})
    return entries, run.stderr.decode("utf-8", "replace").strip().splitlines()


agreed = total = documents = agreeing_documents = 0
for folder, _, names in sorted(os.walk(root)):
    for name in sorted(names):
        if not name.lower().endswith((".xml", ".rss", ".atom", ".rdf")):
            continue
        path = os.path.join(folder, name)
        expected = reference(path)
        if not expected:
            continue
        found, messages = ours(path)
        differences = [] if len(found) == len(expected) else [
            "entries: %d, feedparser %d%s" % (len(found), len(expected), (" (" + messages[-1] + ")") if messages else "")]
        for index, (mine, theirs) in enumerate(zip(found, expected)):
            differences += ["entry %d %s: %r, feedparser %r" % (index, key, mine[key], theirs[key])
                            for key in FIELDS if mine[key] != theirs[key]]
        fields = 1 + len(FIELDS) * len(expected)
        missing = len(FIELDS) * max(0, len(expected) - len(found))
        agreed += fields - len(differences) - missing
        total += fields
        documents += 1
        agreeing_documents += not differences
        if listing and differences:
            print(os.path.relpath(path, root))
            for difference in differences[:8]:
                print("    " + difference)
print("%s: %d documents with entries; fields agreeing %d/%d (%.1f %%); documents agreeing on every field %d/%d "
      "(%.1f %%)" % ("feedstream feed --recover" if recover else "feedstream feed", documents, agreed, total,
                    100.0 * agreed / max(total, 1), agreeing_documents, documents,
                    100.0 * agreeing_documents / max(documents, 1)))
PYTHON
