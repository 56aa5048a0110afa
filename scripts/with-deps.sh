#!/usr/bin/env bash
# Installs the system libraries FeedStream links against (libxml2, yajl, SQLite for GRDB; zlib for the Linux transport
# and the tests' loopback servers, which serve gzip; pkg-config) when they are missing,
# then runs the command given as arguments, e.g. `scripts/with-deps.sh swift test`.
set -euo pipefail

have_libs() {
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libxml-2.0 yajl zlib sqlite3
}

if ! have_libs; then
    case "$(uname -s)" in
    Linux)
        if command -v apt-get >/dev/null 2>&1; then
            sudo=""
            if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
            echo "with-deps: installing libxml2-dev libyajl-dev zlib1g-dev libsqlite3-dev pkg-config" >&2
            $sudo apt-get update -qq
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libxml2-dev libyajl-dev zlib1g-dev libsqlite3-dev pkg-config >&2
        else
            echo "with-deps: install libxml2 and yajl development packages and pkg-config, then retry" >&2
            exit 1
        fi
        ;;
    Darwin)
        command -v brew >/dev/null 2>&1 || { echo "with-deps: Homebrew is required on macOS" >&2; exit 1; }
        brew install libxml2 yajl sqlite pkg-config >&2
        export PKG_CONFIG_PATH="$(brew --prefix libxml2)/lib/pkgconfig:${PKG_CONFIG_PATH:-}"
        ;;
    *)
        echo "with-deps: unsupported system $(uname -s)" >&2
        exit 1
        ;;
    esac
fi

if [ "$#" -gt 0 ]; then
    exec "$@"
fi
