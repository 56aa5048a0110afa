#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server (Debian's `postgresql`, installed when missing) in a temporary directory,
# listening only on a Unix socket there, exports its URL as FEEDSTREAM_TEST_POSTGRES_URL, runs the command given as
# arguments, and stops the server and removes the directory at the end, however the command ends.
# The server runs as the `postgres` user when started as root (initdb refuses root).
set -euo pipefail

bindir=""
find_bindir() {
    bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
    [ -n "$bindir" ] && [ -x "$bindir/initdb" ]
}

if ! find_bindir; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        echo "with-postgres: installing postgresql" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql >&2
        find_bindir || { echo "with-postgres: no initdb after installing postgresql" >&2; exit 1; }
    else
        echo "with-postgres: install PostgreSQL's server, then retry" >&2
        exit 1
    fi
fi

dir="$(mktemp -d /tmp/feedstream-pg.XXXXXX)"
as_owner=()
user="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
    as_owner=(runuser -u postgres --)
    user="postgres"
    chown postgres "$dir"
fi

stop() {
    "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U "$user" --auth=trust >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
# No TCP at all: only the socket in the temporary directory, so nothing outside this machine can reach it.
options="-c listen_addresses='' -k $dir -c max_connections=200 -c fsync=off"
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$options" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
# What the fleet's chaos test runs to restart the server mid-run, as an operator's restart or a fail-over does.
cat >"$dir/restart" <<RESTART
#!/usr/bin/env bash
exec ${as_owner[*]} "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -m fast -o "$options" restart >/dev/null 2>&1 </dev/null
RESTART
chmod +x "$dir/restart"
export FEEDSTREAM_TEST_POSTGRES_RESTART="$dir/restart"
"${as_owner[@]}" "$bindir/createdb" -h "$dir" -U "$user" feedstream_test

export FEEDSTREAM_TEST_POSTGRES_URL="postgres://$user@localhost/feedstream_test?host=$dir"
echo "with-postgres: $FEEDSTREAM_TEST_POSTGRES_URL" >&2
"$@"
