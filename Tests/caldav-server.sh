#!/bin/sh
# A private CalDAV server for the sync tests and the benchmark: one folder under /tmp holds its data,
# configuration, log and (with --https) its certificates; it listens on 127.0.0.1 only, on a port the
# system chose, with ONE user and a password of its own; no shared system service.
#
#   caldav-server.sh start radicale|xandikos|hostile [--https]
#       starts a server and prints one line:  FOLDER URL USER PASSWORD CAFILE
#       URL:     the task list's collection (a VTODO calendar), ending in a slash; the server's root is
#                its origin. Radicale: /USER/tasks/ (calendar home /USER/); Xandikos:
#                /USER/calendars/tasks/ (home /USER/calendars/); hostile: the root, / (see
#                Tests/hostile-caldav.py for its paths).
#       CAFILE:  with --https, the PEM of a private CA that signed the server's certificate (for
#                127.0.0.1 and localhost); clients trust it through SSL_CERT_FILE=CAFILE. Else `-`.
#   caldav-server.sh halt FOLDER
#       kills the server at once, as a crash would, keeping FOLDER (its data, password, certificates)
#       and its port, which refuses connections until `resume`
#   caldav-server.sh resume FOLDER
#       starts again a server that `halt` stopped, on the same port (with the same URL)
#   caldav-server.sh stop FOLDER
#       kills the server and removes FOLDER.
#
# Radicale checks the password itself (htpasswd, plain). Xandikos has no authentication: it runs
# behind the Basic-auth wrapper Tests/caldav-xandikos.py. Both refuse a wrong password with 401 and
# WWW-Authenticate. /.well-known/caldav answers without a password and points at the root, where
# current-user-principal, then calendar-home-set, lead to the task list.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# Debian's Python, where Debian's radicale and xandikos live (a python3 earlier in PATH, such as a
# pyenv shim, would not find them).
python=/usr/bin/python3
user=alice

# Waits until FILE exists and holds a line matching PATTERN, or the server's process has gone, or 180 s
# have passed (a cold start on two cores that a whole test run keeps busy: 60 s was once too few);
# prints the matching line, else leaves why in $folder/why.
wait_for() {
    file=$1 pattern=$2 pid=$3 deadline=$(($(date +%s) + 180))
    while :; do
        if [ -f "$file" ] && found=$(grep -m 1 -E "$pattern" "$file"); then
            echo "$found"
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "its process ($pid) ended" >"$folder/why"
            return 1
        fi
        if [ "$(date +%s)" -ge "$deadline" ]; then
            echo "nothing matched /$pattern/ in $file within 180 s" >"$folder/why"
            return 1
        fi
        sleep 0.01
    done
}

# A private CA and a certificate it signed for 127.0.0.1 and localhost (P-256 keys: fast to make).
make_certificates() {
    openssl req -x509 -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 7 \
        -subj "/CN=tasks test CA" -addext "basicConstraints=critical,CA:TRUE" \
        -addext "keyUsage=critical,keyCertSign,cRLSign" \
        -keyout "$folder/ca.key" -out "$folder/ca.pem" 2>/dev/null
    openssl req -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -subj "/CN=localhost" \
        -keyout "$folder/server.key" -out "$folder/server.csr" 2>/dev/null
    printf '%s\n' "subjectAltName=IP:127.0.0.1,DNS:localhost" "extendedKeyUsage=serverAuth" \
        "basicConstraints=critical,CA:FALSE" >"$folder/server.ext"
    openssl x509 -req -in "$folder/server.csr" -CA "$folder/ca.pem" -CAkey "$folder/ca.key" \
        -CAcreateserial -days 7 -extfile "$folder/server.ext" -out "$folder/server.pem" 2>/dev/null
}

fail() {
    echo "caldav-server.sh: $kind did not start: $(cat "$folder/why" 2>/dev/null)" >&2
    cat "$folder/server.log" >&2 2>/dev/null || true
    [ -f "$folder/pid" ] && kill -9 "$(cat "$folder/pid")" 2>/dev/null || true
    [ "$command" = start ] && rm -rf "$folder"
    exit 1
}

# Kills the server at once, as a crash would; returns once it is gone (a zombie left unreaped by a
# container's first process counts as gone).
kill_server() {
    [ -f "$folder/pid" ] || return 0
    pid=$(cat "$folder/pid")
    rm -f "$folder/pid"
    if kill -9 "$pid" 2>/dev/null; then
        deadline=$(($(date +%s) + 10))
        while kill -0 "$pid" 2>/dev/null && ! grep -qs '^[0-9]* ([^)]*) Z' "/proc/$pid/stat" &&
            [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.01; done
    fi
}

# Holds the halted server's port, bound but not listening: a connection to it is refused, and no
# other server is given it (another test's server once was, and a sync meant to find this one down
# reached that one instead; then `resume` found the port taken). SO_REUSEADDR: the connections the
# server had are left waiting (TIME_WAIT) on that port.
hold_port() {
    rm -f "$folder/held"
    "$python" -c '
import socket, sys, time
held = socket.socket()
held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
held.bind(("127.0.0.1", int(sys.argv[1])))
open(sys.argv[2], "w").write("held\n")
time.sleep(3600)
' "$(cat "$folder/port")" "$folder/held" >"$folder/holder.log" 2>&1 &
    echo $! >"$folder/holder"
    if ! wait_for "$folder/held" "^held$" "$!" >/dev/null; then
        echo "caldav-server.sh: could not hold port $(cat "$folder/port"): $(cat "$folder/holder.log")" >&2
        exit 1
    fi
}

# Lets the port go, for the server to take again.
release_port() {
    [ -f "$folder/holder" ] || return 0
    pid=$(cat "$folder/holder")
    rm -f "$folder/holder"
    kill -9 "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null && ! grep -qs '^[0-9]* ([^)]*) Z' "/proc/$pid/stat"; do sleep 0.01; done
}

# Starts the server of $folder (its kind and scheme in files there) on port $1 (0: one the system
# chooses), waits until it listens, and leaves its port in $folder/port.
launch() {
    kind=$(cat "$folder/kind")
    rm -f "$folder/port"
    case "$kind" in
    radicale)
        sed -i "s/^hosts = .*/hosts = 127.0.0.1:$1/" "$folder/config"
        : >"$folder/server.log"
        # --config replaces the system's and the user's configuration files.
        "$python" -m radicale --config "$folder/config" >>"$folder/server.log" 2>&1 &
        echo $! >"$folder/pid"
        line=$(wait_for "$folder/server.log" "Listening on '\\[127\.0\.0\.1\\]:[0-9]+'" "$!") || fail
        wait_for "$folder/server.log" "Radicale server ready" "$(cat "$folder/pid")" >/dev/null || fail
        echo "$line" | sed -E "s/.*127\.0\.0\.1\\]:([0-9]+).*/\1/" >"$folder/port"
        ;;
    xandikos|hostile)
        script="$here/caldav-xandikos.py"
        [ "$kind" = hostile ] && script="$here/hostile-caldav.py"
        if [ -f "$folder/server.pem" ]; then
            "$python" "$script" "$folder" "$user" "$1" "$folder/server.pem" "$folder/server.key" >"$folder/server.log" 2>&1 &
        else
            "$python" "$script" "$folder" "$user" "$1" >"$folder/server.log" 2>&1 &
        fi
        echo $! >"$folder/pid"
        wait_for "$folder/port" "^[0-9]+$" "$!" >/dev/null || fail
        ;;
    esac
}

command=${1:-}
case "$command" in
start)
    kind=${2:-}
    https=no
    [ "${3:-}" = --https ] && https=yes
    case "$kind" in radicale|xandikos|hostile) ;; *)
        echo "usage: caldav-server.sh start radicale|xandikos|hostile [--https]" >&2; exit 2 ;;
    esac
    folder=$(mktemp -d /tmp/tasks-caldav-XXXXXX)
    echo "$kind" >"$folder/kind"
    password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    (umask 077 && printf '%s\n' "$password" >"$folder/password")
    scheme=http cafile=-
    if [ "$https" = yes ]; then
        make_certificates || fail
        scheme=https cafile="$folder/ca.pem"
    fi
    case "$kind" in
    radicale)
        path="/$user/tasks/"
        printf '%s:%s\n' "$user" "$password" >"$folder/users"
        # The task list is made on disk, as MKCALENDAR would make it: a calendar of VTODOs only.
        mkdir -p "$folder/collections/collection-root/$user/tasks"
        printf '%s' '{"C:supported-calendar-component-set": "VTODO", "D:displayname": "Tasks", "tag": "VCALENDAR"}' \
            >"$folder/collections/collection-root/$user/tasks/.Radicale.props"
        ssl=False
        [ "$https" = yes ] && ssl=True
        # No delay after a wrong password (Radicale waits 1 s by default): the tests try one on purpose.
        cat >"$folder/config" <<CONF
[server]
hosts = 127.0.0.1:0
ssl = $ssl
certificate = $folder/server.pem
key = $folder/server.key
[auth]
type = htpasswd
htpasswd_filename = $folder/users
htpasswd_encryption = plain
delay = 0
[rights]
type = owner_only
[storage]
filesystem_folder = $folder/collections
[web]
type = none
[logging]
level = info
CONF
        ;;
    xandikos) path="/$user/calendars/tasks/" ;;
    hostile) path=/ ;;
    esac
    launch 0
    echo "$folder $scheme://127.0.0.1:$(cat "$folder/port")$path $user $password $cafile"
    ;;
halt)
    folder=${2:?caldav-server.sh halt FOLDER}
    kill_server
    hold_port
    ;;
resume)
    folder=${2:?caldav-server.sh resume FOLDER}
    # Xandikos killed in the middle of a write leaves its Git index or branch locked (index.lock,
    # refs/heads/master.lock), and answers every later write with 500 until the lock is removed, as
    # whoever restarts it after a crash has to.
    [ -d "$folder/data" ] && find "$folder/data" -path '*/.git/*' -name '*.lock' -type f -delete
    release_port
    launch "$(cat "$folder/port")"
    ;;
stop)
    folder=${2:?caldav-server.sh stop FOLDER}
    kill_server
    release_port
    rm -rf "$folder"
    ;;
*)
    echo "usage: caldav-server.sh start radicale|xandikos|hostile [--https] | halt FOLDER | resume FOLDER | stop FOLDER" >&2
    exit 2
    ;;
esac
