#!/usr/bin/env bash
# Fails when the sources use an API newer than the Apple platforms Package.swift declares — what no build here can
# catch, since nothing builds for Apple on Linux and the Linux compiler checks no macOS/iOS availability.
#
#   scripts/check-platform-availability.sh            # prints one line per use past the platforms; exit 1 if any
#   scripts/check-platform-availability.sh --table    # also prints how many versioned names were read, and where
#
# How: the toolchain ships the standard library's modules (Swift, _Concurrency, _StringProcessing,
# Synchronization, …) as .swiftinterface files whose declarations keep their Apple availability,
# `@available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)`, on Linux too. The script reads every such
# declaration (a type by its name, a function by its name and first argument label, `sleep(for:`; members inherit
# their extension's or type's availability) and keeps, per name, the oldest availability of its overloads (an
# overload without one counts as always there), so a name is only reported when every declaration of it is newer
# than the platforms. Foundation on Linux ships no interface and no Apple availability, so the few Foundation names
# newer than the platforms' floor that the sources could reach for are listed below by hand, from Apple's
# documentation. Then every name used in Sources/ (comments and string literals dropped) is looked up, except
# names the package declares itself and uses inside `@available`/`#available` blocks (within the 3 lines above).
#
# It is a lexical check, not a type check: a name shared by an old and a new API counts as old (the check can miss,
# it does not cry wolf), and a member called through an inferred type is matched by its name alone.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "check-platform-availability: python3 is required" >&2; exit 2; }
swift_bin="$(readlink -f "$(command -v swift)")"
interfaces="$(dirname "$swift_bin")/../lib/swift_static/linux"
[ -d "$interfaces" ] || interfaces="$(dirname "$swift_bin")/../lib/swift/linux"

python3 - "$interfaces" "${1:-}" <<'PYTHON'
import os, re, sys

interfaces, mode = sys.argv[1], sys.argv[2]
PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS")

def version(text):
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))

def show(number):
    return ".".join(map(str, number if number[2] else number[:2]))

# The declared platforms: `.macOS(.v13)`, `.iOS("16.4")`.
package = open("Package.swift").read()
declared = {}
for name in PLATFORMS:
    match = re.search(r"\." + name + r"\((?:\.v(\d+(?:_\d+)*)|\"([\d.]+)\")\)", package)
    if not match:
        sys.exit(f"check-platform-availability: Package.swift declares no {name} version")
    declared[name] = version((match.group(1) or "").replace("_", ".") or match.group(2))

AVAILABLE = re.compile(r"@available\(([^)]*)\)")
INTRODUCED = re.compile(r"\b(macOS|iOS|tvOS|watchOS) (\d+(?:\.\d+)*)")
DECLARATION = re.compile(
    r"\b(?:(func)\s+([A-Za-z_]\w*)\s*(?:<[^(]*>)?\s*\(\s*([A-Za-z_]\w*)?|"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)|(extension)\s+([\w.]+))")

def availability(attributes):
    """The introduced versions of `@available` attributes, or None when none names an Apple platform."""
    found = {}
    for attribute in attributes:
        if "unavailable" in attribute or "deprecated" in attribute and "introduced" not in attribute:
            continue
        for platform, number in INTRODUCED.findall(attribute):
            found[platform] = version(number)
    return found or None

# name -> the oldest availability among its declarations (None: one declaration has none, always there).
table = {}
def record(key, found):
    if key in table and table[key] is None:
        return
    if found is None or key not in table:
        table[key] = found
        return
    # Keep, per platform, the older of the two.
    table[key] = {p: min(table[key].get(p, v), v) for p, v in found.items()}

def read_interface(path):
    pending, scopes, depth = [], [], 0
    for line in open(path, encoding="utf-8", errors="replace"):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        pending += AVAILABLE.findall(stripped)
        declaration = DECLARATION.search(stripped)
        inherited = next((scope for _, scope in reversed(scopes) if scope), None)
        if declaration:
            own = availability(pending)
            found = own or inherited
            if declaration.group(1):
                label = declaration.group(3) or "_"
                record(f"{declaration.group(2)}({label}:", found)
            elif declaration.group(4) and depth == 0:
                # Top-level types only: a nested one (`Unicode.UTF8.ValidationError`) is named through its
                # parent, and its bare name is some other module's type as often as not.
                record(declaration.group(4), found)
            opens = stripped.count("{") - stripped.count("}")
            if opens > 0 and not declaration.group(1):
                scopes.append((depth, found))
            pending = []
        elif stripped and not stripped.startswith("@"):
            pending = []
        depth += stripped.count("{") - stripped.count("}")
        while scopes and scopes[-1][0] >= depth:
            scopes.pop()

read = 0
for module in sorted(os.listdir(interfaces)):
    folder = os.path.join(interfaces, module)
    if not module.endswith(".swiftmodule") or not os.path.isdir(folder):
        continue
    for name in os.listdir(folder):
        if name.endswith(".swiftinterface") and not name.endswith(".private.swiftinterface"):
            read_interface(os.path.join(folder, name))
            read += 1

# Foundation names newer than any platform this package has declared, from Apple's documentation (Linux's
# Foundation carries no Apple availability). Add a name here when the sources start using one.
FOUNDATION = {
    "withLock(_:": "macOS 13, iOS 16, tvOS 16, watchOS 9",  # NSLocking.withLock
    "appending(path:": "macOS 13, iOS 16, tvOS 16, watchOS 9",  # URL.appending(path:)
    "appending(component:": "macOS 13, iOS 16, tvOS 16, watchOS 9",
    "init(filePath:": "macOS 13, iOS 16, tvOS 16, watchOS 9",  # URL(filePath:)
    "formatted(date:": "macOS 12, iOS 15, tvOS 15, watchOS 8",
    "AttributedString": "macOS 12, iOS 15, tvOS 15, watchOS 8",
    "URLSessionWebSocketTask": "macOS 10.15, iOS 13, tvOS 13, watchOS 6",
    "bytes(for:": "macOS 12, iOS 15, tvOS 15, watchOS 8",  # URLSession.bytes(for:)
    "data(for:": "macOS 12, iOS 15, tvOS 15, watchOS 8",  # URLSession.data(for:)
    "NWPathMonitor": "macOS 10.14, iOS 12, tvOS 12, watchOS 5",
}
for key, text in FOUNDATION.items():
    table[key] = {p: version(v) for p, v in INTRODUCED.findall(text)}
versioned = {key: found for key, found in table.items() if found}

# The sources, comments and string literals dropped (a rough lexer: good enough for names).
def code_lines(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'"""(.*?)"""', lambda m: '""' + "\n" * m.group(1).count("\n"), text, flags=re.S)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
        lines.append(line.split("//")[0])
    return lines

sources = []
for root, _, files in os.walk("Sources"):
    for name in files:
        if name.endswith(".swift"):
            path = os.path.join(root, name)
            sources.append((path, code_lines(open(path, encoding="utf-8").read())))

# Names the package declares itself are its own, whatever the toolchain has by that name.
own = set()
for _, lines in sources:
    for line in lines:
        for declaration in DECLARATION.finditer(line):
            if declaration.group(1):
                own.add(f"{declaration.group(2)}({declaration.group(3) or '_'}:")
            elif declaration.group(4):
                own.add(declaration.group(4))

# A type name; a call with its first label (none: `_`); a call by trailing closure alone (`lock.withLock {`).
USE = re.compile(
    r"\b([A-Z]\w*)\b|\b([a-z_]\w*)\s*\(\s*(?:([A-Za-z_]\w*)(?:\s+\w+)?\s*:)?|\.([a-z_]\w*)\s*\{")
failures = 0
for path, lines in sorted(sources):
    for number, line in enumerate(lines, 1):
        guarded = any("available(" in earlier for earlier in lines[max(0, number - 4):number])
        if guarded:
            continue
        for use in USE.finditer(line):
            if use.group(4):
                key = f"{use.group(4)}(_:"
            else:
                key = use.group(1) or f"{use.group(2)}({use.group(3) or '_'}:"
            found = versioned.get(key)
            if not found or key in own:
                continue
            newer = [f"{p} {show(v)}" for p, v in found.items() if p in declared and v > declared[p]]
            if newer:
                failures += 1
                print(f"{path}:{number}: {key.rstrip(':(')} needs {', '.join(newer)} (declared: "
                      + ", ".join(f"{p} {show(declared[p])}" for p in PLATFORMS) + ")")

if mode == "--table":
    print(f"{read} interfaces from {interfaces}; {len(versioned)} versioned names, {len(FOUNDATION)} of Foundation's")
if failures:
    print(f"FAIL: {failures} uses of APIs newer than the declared platforms (raise them or mark with @available)")
    sys.exit(1)
print("PASS: no API newer than " + ", ".join(f"{p} {show(declared[p])}" for p in PLATFORMS))
PYTHON
