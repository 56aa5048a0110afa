#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server (Debian's `postgresql`, installed when missing) in a temporary directory,
# runs the command given as arguments, and stops the server and removes the directory at the end, however the
# command ends. The server runs as the `postgres` user when started as root (initdb refuses root).
#
# It listens on a Unix socket in that directory, where anyone local is trusted (FEEDSTREAM_TEST_POSTGRES_URL), and
# on 127.0.0.1 at a free port with TLS only, as a managed PostgreSQL that requires TLS does: pg_hba.conf has
# `hostssl` lines and no `host` line, so a connection without TLS is refused, and a TLS one must give the password
# of the role feedstream_tls (scram-sha-256). The certificate is self-signed, made here with openssl for the name
# localhost (no IP address in it, so verify-full to 127.0.0.1 fails on the name). Exported for the tests:
#   FEEDSTREAM_TEST_POSTGRES_TLS_URL       postgres://feedstream_tls@localhost:PORT/feedstream_tls (no password)
#   FEEDSTREAM_TEST_POSTGRES_TLS_PASSWORD  that role's password, random for each server
#   FEEDSTREAM_TEST_POSTGRES_TLS_ROOT_CERT the certificate, to verify the server with (sslrootcert=)
set -euo pipefail

bindir=""
find_bindir() {
    bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
    [ -n "$bindir" ] && [ -x "$bindir/initdb" ]
}

if ! find_bindir || ! command -v openssl >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        echo "with-postgres: installing postgresql and openssl" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql openssl >&2
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
    "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/chaos" -m immediate stop >/dev/null 2>&1 || true
    "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U "$user" --auth=trust >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }

# The server's key and self-signed certificate; the server reads the key only if no one else may.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost" \
    -keyout "$dir/server.key" -out "$dir/server.crt" >"$dir/openssl.log" 2>&1 \
    || { cat "$dir/openssl.log" >&2; exit 1; }
chmod 0600 "$dir/server.key"
chmod 0644 "$dir/server.crt"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir/server.key" "$dir/server.crt"; fi
# TCP only on the loopback address, and only with TLS and a password; the socket trusts local users.
cat >"$dir/data/pg_hba.conf" <<'HBA'
local   all all              trust
hostssl all all 127.0.0.1/32 scram-sha-256
HBA

# A free port: one that nothing answers on now (another server started at the same moment may take it: retried).
port=""
for _ in 1 2 3 4 5; do
    candidate=$((20000 + RANDOM % 40000))
    if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then continue; fi
    if "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $candidate -k $dir -c max_connections=200 -c fsync=off -c ssl=on \
            -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key" start >/dev/null; then
        port="$candidate"
        break
    fi
done
[ -n "$port" ] || { cat "$dir/server.log" >&2; exit 1; }
# A second server, its socket only, for the fleet's chaos test alone: it restarts it mid-run, as an operator's
# restart or a fail-over does, which would cut every other test's connections to a shared one.
"${as_owner[@]}" "$bindir/initdb" -D "$dir/chaos" -U "$user" --auth=trust >"$dir/initdb-chaos.log" 2>&1 \
    || { cat "$dir/initdb-chaos.log" >&2; exit 1; }
mkdir -p "$dir/chaos-socket"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir/chaos-socket"; fi
chaos_options="-c listen_addresses='' -k $dir/chaos-socket -c max_connections=100 -c fsync=off"
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/chaos" -l "$dir/chaos.log" -w -o "$chaos_options" start >/dev/null \
    || { cat "$dir/chaos.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/createdb" -h "$dir/chaos-socket" -U "$user" feedstream_chaos
cat >"$dir/restart" <<RESTART
#!/usr/bin/env bash
exec ${as_owner[*]} "$bindir/pg_ctl" -D "$dir/chaos" -l "$dir/chaos.log" -w -m fast -o "$chaos_options" restart \
    >/dev/null 2>&1 </dev/null
RESTART
chmod +x "$dir/restart"
export FEEDSTREAM_TEST_POSTGRES_CHAOS_URL="postgres://$user@localhost/feedstream_chaos?host=$dir/chaos-socket"
export FEEDSTREAM_TEST_POSTGRES_RESTART="$dir/restart"
"${as_owner[@]}" "$bindir/createdb" -h "$dir" -p "$port" -U "$user" feedstream_test

password="$(openssl rand -hex 16)"
"${as_owner[@]}" "$bindir/psql" -q -h "$dir" -p "$port" -U "$user" -d feedstream_test \
    -c "CREATE ROLE feedstream_tls LOGIN PASSWORD '$password'" >/dev/null
"${as_owner[@]}" "$bindir/createdb" -h "$dir" -p "$port" -U "$user" -O feedstream_tls feedstream_tls

export FEEDSTREAM_TEST_POSTGRES_URL="postgres://$user@localhost:$port/feedstream_test?host=$dir"
export FEEDSTREAM_TEST_POSTGRES_TLS_URL="postgres://feedstream_tls@localhost:$port/feedstream_tls"
export FEEDSTREAM_TEST_POSTGRES_TLS_PASSWORD="$password"
export FEEDSTREAM_TEST_POSTGRES_TLS_ROOT_CERT="$dir/server.crt"
echo "with-postgres: $FEEDSTREAM_TEST_POSTGRES_URL and, TLS only, $FEEDSTREAM_TEST_POSTGRES_TLS_URL" >&2
"$@"
