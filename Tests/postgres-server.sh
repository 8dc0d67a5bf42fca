#!/bin/sh
# A private PostgreSQL server for the tests and the benchmark: its own data folder and Unix socket
# in one folder, no TCP port, no shared system service. initdb refuses to run as root, so as root
# the server runs as the `postgres` user (which Debian's package makes).
#
#   postgres-server.sh start [FOLDER]   creates FOLDER (a new one under /tmp when not given), starts the
#                                       server there and prints FOLDER: the socket's folder (PGHOST)
#   postgres-server.sh restart FOLDER   restarts it (clients' connections are cut)
#   postgres-server.sh stop FOLDER      stops it at once and removes FOLDER
#   postgres-server.sh halt FOLDER      stops it at once (-m immediate: no shutdown checkpoint, as a
#                                       crash would), keeping FOLDER
#   postgres-server.sh resume FOLDER    starts again a server that `halt` stopped (it recovers first)
#
# The superuser is `postgres`; local connections are trusted, except for roles that are members of
# `password_login`, which must give their password (SCRAM). fsync is off: the data is thrown away.
set -eu
# The server's programs run as `postgres`, who may not enter the caller's folder (a checkout under
# /root or in a private `mktemp -d` folder): every path here is absolute, so start from the root.
cd /

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "postgres-server.sh: PostgreSQL is not installed (Debian: postgresql)" >&2; exit 1; }

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

command=${1:-}
case "$command" in
start)
    folder=${2:-$(mktemp -d /tmp/tasks-pg-XXXXXX)}
    mkdir -p "$folder"
    if [ "$(id -u)" = 0 ]; then chown postgres "$folder"; fi
    chmod 755 "$folder"
    as_owner "$bindir/initdb" -D "$folder/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync \
        >"$folder/initdb.log" 2>&1 || { cat "$folder/initdb.log" >&2; exit 1; }
    cat >"$folder/data/pg_hba.conf" <<HBA
local all +password_login scram-sha-256
local all all trust
HBA
    cat >>"$folder/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$folder'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
    as_owner "$bindir/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 start >/dev/null ||
        { cat "$folder/server.log" >&2; exit 1; }
    "$bindir/psql" -X -q -w -h "$folder" -U postgres -d postgres -v ON_ERROR_STOP=1 \
        -c "CREATE ROLE password_login NOLOGIN" >/dev/null
    echo "$folder"
    ;;
restart)
    folder=${2:?postgres-server.sh restart FOLDER}
    as_owner "$bindir/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 -m fast restart >/dev/null
    ;;
halt)
    folder=${2:?postgres-server.sh halt FOLDER}
    as_owner "$bindir/pg_ctl" -D "$folder/data" -w -t 60 -m immediate stop >/dev/null
    ;;
resume)
    folder=${2:?postgres-server.sh resume FOLDER}
    as_owner "$bindir/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 start >/dev/null ||
        { cat "$folder/server.log" >&2; exit 1; }
    ;;
stop)
    folder=${2:?postgres-server.sh stop FOLDER}
    if [ -f "$folder/data/postmaster.pid" ]; then
        as_owner "$bindir/pg_ctl" -D "$folder/data" -w -t 60 -m immediate stop >/dev/null || true
    fi
    rm -rf "$folder"
    ;;
*)
    echo "usage: postgres-server.sh start [FOLDER] | restart FOLDER | halt FOLDER | resume FOLDER | stop FOLDER" >&2
    exit 2
    ;;
esac
