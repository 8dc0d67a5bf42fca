"""A hostile CalDAV server for the sync tests (Tests/caldav-server.sh start hostile): Python's
standard library only. Every path's first segment picks what it does wrong; each such folder
answers as a task list holding one task, item.ics:

    /ok/                  a sane list (the baseline: the harness itself works)
    /malformed-xml/       PROPFIND and REPORT answer 207 with XML cut off inside a tag
    /huge/                PROPFIND and REPORT answer 207 with 100 MiB (exactly) of <response>
                          elements, and GET of item.ics 100 MiB of iCalendar (one SUMMARY, folded),
                          streamed, Content-Length given
    /control-characters/  SUMMARY holds ESC [2J, BEL, a C1 CSI (U+009B), a NUL and U+202E; in a
                          REPORT's calendar-data they are written raw, which XML 1.0 forbids
                          (a sync-collection REPORT answers ETags only, every other one with data)
    /long-summary/        a SUMMARY of 1 MiB, folded every 75 octets as RFC 5545 says
    /folded/              folds in awkward places: inside a UTF-8 sequence, with a tab, inside
                          the property name, and an empty continuation line
    /invalid-utf8/        SUMMARY holds bytes that are not UTF-8 (raw in REPORT too)
    /server-error/        every request: 500
    /unauthorized/        every request: 401 and WWW-Authenticate, whatever the password
    /stall/               accepts the request and never answers (until the client gives up)
    /slow-writes/         a sane list whose PUT takes 1.2 s to answer (a busy server: a client that
                          queues many writes on a few connections waits long for one)
    /mixed/               three members: item.ics (sane), control.ics (the to-do of
                          /control-characters/) and broken.ics, whose GET answers 500; sync-collection
                          answers well, calendar-multiget writes control.ics raw (XML that does not
                          read), as Radicale does
    /elsewhere-home/      not a task list: its calendar-home-set is on another machine over plain
                          http (http://127.0.0.2:PORT/…, where nothing listens)
    /elsewhere-member/    a task list whose listing names item.ics and, with its data, a member on
                          another machine (http://127.0.0.2:PORT/elsewhere-member/evil.ics)
    /flaky-writes/        a sane list whose first PUT of each resource answers 500 (Xandikos does, two
                          commits at once: FileLocked); the next one 201
    /applied-then-failed/ a list that keeps what is written to it, and answers each resource's first
                          PUT, first changing PUT and DELETE 500 after applying it (a gateway that
                          gave up on a server that did the work); a write whose condition fails
                          answers 412, as RFC 9110 says
    /bad-port-home/       not a task list: its calendar-home-set is http://127.0.0.1:99999/home/, a port
                          past 65535
    /other-port-home/     not a task list: its calendar-home-set is on this machine on another port over
                          plain http (http://127.0.0.1:1/home/, where nothing listens)
    /elsewhere-secure-home/  not a task list: its calendar-home-set is /ok/ on another host name of
                          this server (//localhost:PORT/ok/: https when the server is)
    /deep-xml/            PROPFIND and REPORT answer 207 with elements nested 100,000 deep (600 KB)
    /refused-removals/    a sane list whose DELETE answers 403 Forbidden
    /no-sync-token/       a sane list, but a sync-collection REPORT that asks what changed since a
                          token answers 207 naming nothing and holding no sync-token (RFC 6578
                          requires one)

Any password is taken elsewhere; a request without one is answered 401. PUT answers 201 and DELETE 204, keeping nothing
(but in /applied-then-failed/). PROPFIND on /
names / as the principal and the calendar home, whose Depth 1 lists the folders above.

    hostile-caldav.py FOLDER USER PORT [CERTIFICATE KEY]

writes FOLDER/port once it listens on 127.0.0.1 at PORT (for 0, a port the system chose).
"""

import http.server
import os
import ssl
import sys
import time
import zlib
from xml.sax.saxutils import escape

MIB = 1024 * 1024
HUGE = 100 * MIB


def calendar(summary_line):
    return (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tasks tests//hostile//EN\r\nBEGIN:VTODO\r\n"
            b"UID:hostile-item\r\nDTSTAMP:20261125T120000Z\r\n" + summary_line +
            b"END:VTODO\r\nEND:VCALENDAR\r\n")


def folded(line):
    """Folds a content line every 75 octets (a space starts each continuation)."""
    parts = [line[i:i + 75] for i in range(0, len(line), 75)]
    return b"\r\n ".join(parts) + b"\r\n"


BODIES = {
    "ok": calendar(b"SUMMARY:Buy milk\r\n"),
    "malformed-xml": calendar(b"SUMMARY:Buy milk\r\n"),
    "control-characters": calendar("SUMMARY:\x1b[2Jclear\x07bell\u009bcsi\x00nul\u202eevil\r\n".encode("utf-8")),
    "long-summary": calendar(folded(b"SUMMARY:" + b"x" * MIB)),
    # "é" is C3 A9: the fold falls between its two bytes.
    "folded": calendar(b"SUM\r\n MARY:caf\xc3\r\n \xa9 au\r\n\tlait\r\n \r\n"),
    "invalid-utf8": calendar(b"SUMMARY:bad \xff\xfe \xc0\xaf \x80 end\r\n"),
    "slow-writes": calendar(b"SUMMARY:Buy milk\r\n"),
    "elsewhere-member": calendar(b"SUMMARY:Buy milk\r\n"),
    "flaky-writes": calendar(b"SUMMARY:Buy milk\r\n"),
    "no-sync-token": calendar(b"SUMMARY:Buy milk\r\n"),
    "refused-removals": calendar(b"SUMMARY:Buy milk\r\n"),
}
FAILED_ONCE = set()  # the paths /flaky-writes/ refused a PUT of already, and /applied-then-failed/ failed a write of
KEPT = {"item.ics": calendar(b"SUMMARY:Buy milk\r\n")}  # /applied-then-failed/'s members, by name
EVIL = calendar(b"SUMMARY:Evil\r\n").replace(b"UID:hostile-item", b"UID:hostile-evil")
FOLDERS = list(BODIES) + ["huge", "server-error", "unauthorized", "stall", "mixed", "elsewhere-home",
                          "elsewhere-member", "elsewhere-secure-home", "applied-then-failed", "bad-port-home", "other-port-home",
                          "deep-xml"]
DEEP = 100_000
MIXED = {"item.ics": BODIES["ok"], "control.ics": BODIES["control-characters"], "broken.ics": BODIES["ok"]}


def multistatus(responses):
    return (b'<?xml version="1.0" encoding="utf-8"?>\n'
            b'<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" '
            b'xmlns:cs="http://calendarserver.org/ns/">' + b"".join(responses) + b"</d:multistatus>\n")


def response(href, props):
    return (b"<d:response><d:href>" + href.encode() + b"</d:href><d:propstat><d:prop>" + props +
            b"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")


def collection_props(name):
    return ("<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
            "<d:displayname>%s</d:displayname>"
            '<c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>'
            "<cs:getctag>\"1\"</cs:getctag><d:sync-token>http://hostile/sync/1</d:sync-token>"
            "<d:current-user-principal><d:href>/</d:href></d:current-user-principal>"
            "<c:calendar-home-set><d:href>/</d:href></c:calendar-home-set>" % escape(name)).encode()


def etag(body):
    """"1" for every member but those written to /applied-then-failed/, whose tag follows their data."""
    return '"1"' if body in BODIES.values() else '"%08x"' % zlib.crc32(body)


def item_props(body, with_data):
    props = b'<d:getetag>' + etag(body).encode() + b'</d:getetag><d:getcontenttype>text/calendar; charset=utf-8</d:getcontenttype>'
    if with_data:
        # Escaped as XML text, every other byte as it is: what XML forbids stays forbidden.
        data = body.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b">", b"&gt;")
        props += b"<c:calendar-data>" + data + b"</c:calendar-data>"
    return props


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "hostile-caldav"

    def log_message(self, format, *args):
        pass

    def folder(self):
        return self.path.split("?")[0].strip("/").split("/")[0]

    def send(self, status, body=b"", content_type="application/xml; charset=utf-8", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream(self, status, head, unit, pad, tail, content_type):
        """Sends head, unit as many times as fit, pad bytes up to HUGE, then tail: HUGE bytes in all."""
        count = (HUGE - len(head) - len(tail)) // len(unit)
        padding = pad * (HUGE - len(head) - len(tail) - count * len(unit))
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(HUGE))
        self.end_headers()
        try:
            self.wfile.write(head)
            per_block = max(1, (64 * 1024) // len(unit))
            block = unit * per_block
            left = count
            while left >= per_block:
                self.wfile.write(block)
                left -= per_block
            self.wfile.write(unit * left + padding + tail)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            self.close_connection = True

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def common(self):
        """Answers what every method of a folder answers alike; False when the method goes on."""
        self.body = self.read_body()
        folder = self.folder()
        if folder == "server-error":
            self.send(500, b"internal error\n", "text/plain")
        elif folder == "unauthorized" or "Authorization" not in self.headers:
            self.send(401, b"password required\n", "text/plain",
                      headers=[("WWW-Authenticate", 'Basic realm="hostile"')])
        elif folder == "stall":
            # Never answers; the process ends when the test stops the server.
            while True:
                time.sleep(3600)
        elif folder != "" and folder not in FOLDERS:
            self.send(404, b"no such folder\n", "text/plain")
        else:
            return False
        return True

    def listing(self, report):
        """A PROPFIND's answer, or a REPORT's: a sync-collection's with ETags, any other with data."""
        folder = self.folder()
        depth = self.headers.get("Depth", "0")
        with_data = report and b"sync-collection" not in self.body
        if folder == "":
            responses = [response("/", collection_props("hostile"))]
            if depth != "0":
                responses += [response("/%s/" % name, collection_props(name)) for name in FOLDERS]
            return self.send(207, multistatus(responses))
        if folder == "huge":
            unit = response("/huge/item.ics", item_props(b"", False))
            return self.stream(207, multistatus([])[:-len(b"</d:multistatus>\n")], unit, b" ",
                               b"</d:multistatus>\n", "application/xml; charset=utf-8")
        if folder == "deep-xml":
            return self.send(207, multistatus([b"<d:x>" * DEEP + b"</d:x>" * DEEP]))
        if folder == "no-sync-token" and b"sync-collection" in self.body and b"<d:sync-token></d:sync-token>" not in self.body:
            return self.send(207, multistatus([]))
        if folder in ("elsewhere-home", "elsewhere-secure-home", "bad-port-home", "other-port-home"):
            elsewhere = "http://127.0.0.1:99999/home/" if folder == "bad-port-home" else \
                "http://127.0.0.1:1/home/" if folder == "other-port-home" else \
                ("http://127.0.0.2:%d/elsewhere-home/" if folder == "elsewhere-home" else "//localhost:%d/ok/") \
                % self.server.server_address[1]
            props = ("<d:resourcetype><d:collection/></d:resourcetype><c:calendar-home-set><d:href>%s</d:href>"
                     "</c:calendar-home-set>" % elsewhere).encode()
            return self.send(207, multistatus([response("/%s/" % folder, props)]))
        members = MIXED if folder == "mixed" else KEPT if folder == "applied-then-failed" else {"item.ics": BODIES[folder]}
        responses = [response("/%s/" % folder, collection_props(folder))] if not report else []
        if report or depth != "0":
            responses += [response("/%s/%s" % (folder, name), item_props(body, with_data)) for name, body in members.items()]
            if folder == "elsewhere-member":
                evil = "http://127.0.0.2:%d/elsewhere-member/evil.ics" % self.server.server_address[1]
                responses.append(response(evil, item_props(EVIL, with_data)))
        document = multistatus(responses)
        if folder == "malformed-xml":
            document = document[:len(document) // 2] + b"<d:respo"
        elif report and not with_data:
            document = document.replace(b"</d:multistatus>", b"<d:sync-token>http://hostile/sync/1</d:sync-token></d:multistatus>")
        self.send(207, document)

    def do_PROPFIND(self):
        if not self.common():
            self.listing(report=False)

    def do_REPORT(self):
        if not self.common():
            self.listing(report=True)

    def do_GET(self):
        if self.common():
            return
        folder = self.folder()
        if folder == "huge":
            head = calendar(b"")[:-len(b"END:VTODO\r\nEND:VCALENDAR\r\n")] + b"SUMMARY:"
            return self.stream(200, head, b"x" * 74 + b"\r\n ", b"x", b"\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
                               "text/calendar; charset=utf-8")
        if folder == "" or not self.path.endswith(".ics"):
            return self.send(200, b"hostile\n", "text/plain")
        if folder == "mixed":
            name = self.path.split("?")[0].rsplit("/", 1)[-1]
            if name not in MIXED or name == "broken.ics":
                return self.send(500 if name in MIXED else 404, b"cannot\n", "text/plain")
            return self.send(200, MIXED[name], "text/calendar; charset=utf-8", headers=[("ETag", '"1"')])
        if folder == "applied-then-failed":
            name = self.path.split("?")[0].rsplit("/", 1)[-1]
            if name not in KEPT:
                return self.send(404, b"no such member\n", "text/plain")
            return self.send(200, KEPT[name], "text/calendar; charset=utf-8", headers=[("ETag", etag(KEPT[name]))])
        # One member, as listed: any other name is not there (it was answered with that member,
        # which a real server never does).
        if self.path.split("?")[0].rsplit("/", 1)[-1] != "item.ics":
            return self.send(404, b"no such member\n", "text/plain")
        self.send(200, BODIES[folder], "text/calendar; charset=utf-8", headers=[("ETag", '"1"')])

    def applied_then_failed(self, body):
        """A write to /applied-then-failed/: body, or None to remove. Its condition checked, then applied."""
        name = self.path.split("?")[0].rsplit("/", 1)[-1]
        held = KEPT.get(name)
        if (self.headers.get("If-None-Match") == "*" and held is not None) or \
                ("If-Match" in self.headers and (held is None or etag(held) != self.headers["If-Match"])):
            return self.send(412, b"precondition failed\n", "text/plain")
        if body is None:
            KEPT.pop(name, None)
        else:
            KEPT[name] = body
        kind = (self.command, "If-Match" in self.headers, self.path)  # a new member, a change, a removal
        if kind not in FAILED_ONCE:
            FAILED_ONCE.add(kind)
            return self.send(500, b"gateway gave up\n", "text/plain")
        self.send(204 if body is None or held is not None else 201,
                  headers=[] if body is None else [("ETag", etag(body))], content_type="text/plain")

    def do_PUT(self):
        if not self.common():
            if self.folder() == "applied-then-failed":
                return self.applied_then_failed(self.body)
            if self.folder() == "slow-writes":
                time.sleep(1.2)
            if self.folder() == "flaky-writes" and self.path not in FAILED_ONCE:
                FAILED_ONCE.add(self.path)
                return self.send(500, b"FileLocked\n", "text/plain")
            self.send(201, headers=[("ETag", '"2"')], content_type="text/plain")

    def do_DELETE(self):
        if not self.common():
            if self.folder() == "applied-then-failed":
                return self.applied_then_failed(None)
            if self.folder() == "refused-removals":
                return self.send(403, b"removals are not allowed here\n", "text/plain")
            self.send(204, content_type="text/plain")

    def do_OPTIONS(self):
        if not self.common():
            self.send(200, content_type="text/plain",
                      headers=[("DAV", "1, 2, 3, calendar-access"),
                               ("Allow", "OPTIONS, GET, PUT, DELETE, PROPFIND, REPORT")])


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def main():
    folder = sys.argv[1]
    server = Server(("127.0.0.1", int(sys.argv[3])), Handler)
    if len(sys.argv) > 5:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(sys.argv[4], sys.argv[5])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    with open(os.path.join(folder, "port.new"), "w", encoding="utf-8") as file:
        file.write("%d\n" % server.server_address[1])
    os.rename(os.path.join(folder, "port.new"), os.path.join(folder, "port"))
    server.serve_forever()


if __name__ == "__main__":
    main()
