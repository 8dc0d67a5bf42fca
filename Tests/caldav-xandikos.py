"""Xandikos for the tests (Tests/caldav-server.sh start xandikos): one user behind HTTP Basic auth.

Xandikos has no authentication of its own (it expects a reverse proxy in front), so this serves its
application the way `xandikos` itself does (aiohttp: HTTP/1.1, keep-alive) behind a middleware that
refuses a missing or wrong password with 401 and a WWW-Authenticate header, as a proxy would.

    caldav-xandikos.py FOLDER USER PORT [CERTIFICATE KEY]

FOLDER holds `password` (read here, so that it is never on a command line) and receives `data/` (the
Git stores: the principal /USER/, its task list /USER/calendars/tasks/) and `port` (written once the
server listens on 127.0.0.1 at PORT, or, for 0, a port the system chose). With CERTIFICATE and KEY it
speaks HTTPS.
"""

import asyncio
import base64
import hmac
import logging
import os
import socket
import ssl
import sys

from aiohttp import web
from xandikos.store import STORE_TYPE_CALENDAR
from xandikos.web import WELLKNOWN_DAV_PATHS, XandikosApp, XandikosBackend


def make_backend(folder, user):
    backend = XandikosBackend(os.path.join(folder, "data"))
    principal = "/%s/" % user
    os.makedirs(backend.path, exist_ok=True)
    if backend.get_resource(principal) is None:
        # The principal's calendar home (/USER/calendars/) comes with it.
        backend.create_principal(principal)
        tasks = backend.create_collection("/%s/calendars/tasks" % user)
        tasks.store.set_type(STORE_TYPE_CALENDAR)
        tasks.store.set_displayname("Tasks")
    backend._mark_as_principal(principal)
    return backend, principal


def basic_auth(user, password):
    expected = b"Basic " + base64.b64encode(("%s:%s" % (user, password)).encode("utf-8"))

    @web.middleware
    async def middleware(request, handler):
        # Discovery's first step answers without a password, as Radicale's does.
        if request.path not in WELLKNOWN_DAV_PATHS:
            given = request.headers.get("Authorization", "").encode("utf-8")
            if not hmac.compare_digest(given, expected):
                # The body is read first: a client still sending it would otherwise see the
                # connection reset rather than the answer.
                await request.read()
                return web.Response(status=401, text="password required\n",
                                    headers={"WWW-Authenticate": 'Basic realm="xandikos"'})
        return await handler(request)

    return middleware


def main():
    folder, user = sys.argv[1], sys.argv[2]
    with open(os.path.join(folder, "password"), encoding="utf-8") as file:
        password = file.read().strip()
    logging.basicConfig(level=logging.WARNING)
    backend, principal = make_backend(folder, user)
    dav = XandikosApp(backend, current_user_principal=principal)

    async def handle(request):
        return await dav.aiohttp_handler(request, "/")

    async def well_known(request):
        raise web.HTTPFound("/")

    app = web.Application(middlewares=[basic_auth(user, password)], client_max_size=200 * 1024 * 1024)
    for path in WELLKNOWN_DAV_PATHS:
        app.router.add_route("*", path, well_known)
    app.router.add_route("*", "/{path_info:.*}", handle)

    context = None
    if len(sys.argv) > 5:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(sys.argv[4], sys.argv[5])

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", int(sys.argv[3])))
    listener.listen(128)
    port = listener.getsockname()[1]

    async def announce(app):
        # Renamed into place, so that the script polling for it never reads half a number.
        with open(os.path.join(folder, "port.new"), "w", encoding="utf-8") as file:
            file.write("%d\n" % port)
        os.rename(os.path.join(folder, "port.new"), os.path.join(folder, "port"))

    app.on_startup.append(announce)
    web.run_app(app, sock=listener, ssl_context=context, print=None, access_log=None)


if __name__ == "__main__":
    main()
