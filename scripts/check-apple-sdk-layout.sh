#!/usr/bin/env bash
# Checks, on Linux, that CLibXML2 (and XMLStream over it) compiles from an Apple SDK's libxml2 layout alone: the
# headers only under SDKROOT/usr/include/libxml2/libxml, no pkg-config, no -I into the SDK's libxml2 folder.
#
#   scripts/check-apple-sdk-layout.sh        (after `swift build`, which provides StreamCore's module)
#
# The fake SDK is made in a temporary folder from the installed headers (/usr/include/libxml2, copied verbatim).
# An Apple SDK (Xcode 11.4 and later) also ships that folder as a Clang module, `libxml2`, which the SDK builds by
# itself; the fake SDK stands in for it with a module map over the same folder and that module built beforehand
# (`swiftc -emit-pcm`). The -I into the fake SDK's libxml2 folder is given to that step only: it plays the part of
# however Apple's module resolves its headers' <libxml/...> includes, which cannot be reproduced here. Everything
# FeedStream compiles then sees only SDKROOT/usr/include (what -isysroot gives on Apple platforms) and the module.
#
# Three checks, each printing PASS or FAIL:
#   1. Without the SDK's module, shim.h cannot compile from that layout (the reason the module is needed).
#   2. With it, shim.h compiles as C, and libxml2 comes from the fake SDK (the dependency list names no other copy).
#   3. With it, the XMLStream sources type-check against CLibXML2 in Swift 6 mode.
set -euo pipefail
cd "$(dirname "$0")/.."

sdk="$(mktemp -d)"
trap 'rm -rf "$sdk"' EXIT
include="$sdk/usr/include"
mkdir -p "$include/libxml2"
cp -R /usr/include/libxml2/libxml "$include/libxml2/"
failures=0
check() { # NAME STATUS: prints the result of one check
    if [ "$2" -eq 0 ]; then echo "PASS: $1"; else echo "FAIL: $1"; failures=$((failures + 1)); fi
}

# 1. The plain layout, no module: libxml2's headers include each other as <libxml/...>, which nothing resolves.
if clang -fsyntax-only -fmodules -fmodules-cache-path="$sdk/cache1" -isystem "$include" -x c \
    Sources/CLibXML2/shim.h >"$sdk/plain.log" 2>&1; then
    check "the plain SDK layout without the libxml2 module does not compile (it did)" 1
else
    grep -q "libxml/xmlversion.h' file not found\|module 'libxml2' not found" "$sdk/plain.log"
    check "the plain SDK layout without the libxml2 module does not compile ($(grep -m1 -o "error: .*" "$sdk/plain.log"))" $?
fi

# The SDK's module: a module map over its libxml2 folder, built beforehand (see above for the one -I).
cat >"$include/libxml2/module.modulemap" <<'EOF'
module libxml2 [system] {
    umbrella "libxml"
    export *
    module * { export * }
    link "xml2"
}
EOF
swiftc -emit-pcm -swift-version 6 -module-name libxml2 "$include/libxml2/module.modulemap" -o "$sdk/libxml2.pcm" \
    -Xcc -isystem -Xcc "$include" -Xcc -I -Xcc "$include/libxml2" 2>"$sdk/pcm.log"
module=(-Xcc -fmodule-file=libxml2="$sdk/libxml2.pcm")

# 2. shim.h as C, from SDKROOT/usr/include and the module only (built again for clang's own configuration).
clang -c -x c -fmodules -Xclang -emit-module -fmodule-name=libxml2 "$include/libxml2/module.modulemap" \
    -isystem "$include" -I "$include/libxml2" -Wno-everything -o "$sdk/libxml2-c.pcm"
status=0
clang -fsyntax-only -fmodules -isystem "$include" -fmodule-file=libxml2="$sdk/libxml2-c.pcm" -x c \
    Sources/CLibXML2/shim.h -MD -MF "$sdk/shim.d" || status=$?
libxml_files="$(tr ' \\' '\n\n' <"$sdk/shim.d" | grep libxml || true)"
if [ "$status" -ne 0 ] || ! grep -q "^$include/libxml2/" <<<"$libxml_files" \
    || grep -v "^$include/" <<<"$libxml_files" | grep -q .; then
    status=1
fi
check "shim.h compiles from the SDK layout and the SDK's libxml2 module alone" "$status"

# 3. XMLStream's Swift sources over CLibXML2, as SwiftPM compiles them (Swift 6, package access), type-checked.
status=0
modules=".build/debug/Modules"
[ -d "$modules" ] || modules=".build/debug"
# SwiftPM names the package after its folder (the root package's identity): `package` access needs the same name.
package_name="$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | tr -c '[:alnum:]_\n' '_')"
find Sources/XMLStream -name '*.swift' -print0 | xargs -0 swiftc -typecheck -parse-as-library -swift-version 6 \
    -module-name XMLStream -package-name "$package_name" -I "$modules" -I Sources/CLibXML2 \
    -Xcc -isystem -Xcc "$include" "${module[@]}" || status=$?
check "XMLStream type-checks against CLibXML2 from the SDK layout" "$status"

[ "$failures" -eq 0 ] && echo "apple-sdk-layout: all checks passed" || { echo "apple-sdk-layout: $failures failed"; exit 1; }
