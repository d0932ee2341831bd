#!/usr/bin/env python3
"""Floods the `http` example with each lock-out attack and times a legitimate client meanwhile.

    cargo build --example http --features metrics
    python3 scripts/http-attack.py --bin target/debug/examples/http

For each attack a fresh server is started (its `listening on` line is awaited), the attack is
put in place from --attackers loopback addresses (127.0.0.2, 127.0.0.3, ...; each within its
shares, together past the server's caps), and then a legitimate MCP client from another one
(--client) does `initialize`, `notifications/initialized` and `tools/list`, retrying on a
refusal until it is served or `--give-up` seconds have passed. The table says how long it
waited each time, and after how many tries. The attacks:

  initialize       --initializes bare `initialize` requests (no `notifications/initialized`),
                   then more of them, as fast as 16 connections go, while the client is timed
  sessions         --sessions finished sessions, opened and left idle
  sse              --sessions finished sessions, each with its SSE stream (`GET /mcp`) held open
  metrics          --connections keep-alive connections, each polling `GET /metrics` once a
                   second, reopened (at most once a second) when the server closes it
  trickle-headers  --connections connections sending a request's headers at 100 bytes/s,
                   each one reopened (at most once a second) when the server closes it
  trickle-body     the same, with whole headers and then a 1 MB body at 100 bytes/s

Everything is bounded: the counts by the flags, each attack by --give-up times --tries, and
the file descriptors by the soft limit (--connections is lowered to fit, with a warning).
Only the Python standard library is used; Linux answers all of 127.0.0.0/8 on loopback.
"""

import argparse
import http.client
import json
import resource
import socket
import subprocess
import sys
import threading
import time

INIT = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "http-attack", "version": "1"},
        },
    }
).encode()
HEADERS = {
    "Content-Type": "application/json",
    "Accept": "application/json, text/event-stream",
}


class Refused(Exception):
    """An answer the client may retry after."""


def start_server(binary, extra):
    """Starts the example; returns (process, host, port) once it says where it listens."""
    server = subprocess.Popen(
        [binary, *extra], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    line = server.stdout.readline().strip()
    if not line.startswith("listening on http://"):
        server.kill()
        sys.exit(f"http-attack: the server printed {line!r}, not its address")
    host, port = line.removeprefix("listening on http://").removesuffix("/mcp").rsplit(":", 1)
    return server, host, int(port)


def sse_result(response, want_id):
    """The JSON-RPC message with id `want_id` from an SSE (or JSON) answer; reads no further."""
    if response.getheader("Content-Type", "").startswith("application/json"):
        return json.loads(response.read())
    for _ in range(10_000):
        line = response.fp.readline()
        if not line:
            break
        if line.startswith(b"data:"):
            data = line[5:].strip()
            if data:
                message = json.loads(data)
                if message.get("id") == want_id:
                    return message
    raise Refused(f"no answer to request {want_id}")


def post(host, port, source, timeout, body, session=None):
    conn = http.client.HTTPConnection(host, port, timeout=timeout, source_address=(source, 0))
    headers = dict(HEADERS)
    if session:
        headers["Mcp-Session-Id"] = session
        headers["MCP-Protocol-Version"] = "2025-11-25"
    conn.request("POST", "/mcp", body=body, headers=headers)
    return conn, conn.getresponse()


def legit_client(host, port, source, timeout):
    """One MCP handshake and tools/list; raises Refused (or OSError) when not served."""
    conn, response = post(host, port, source, timeout, INIT)
    try:
        if response.status != 200:
            raise Refused(f"initialize: {response.status}")
        session = response.getheader("Mcp-Session-Id")
        if "result" not in sse_result(response, 1):
            raise Refused("initialize: no result")
    finally:
        conn.close()
    note = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode()
    conn, response = post(host, port, source, timeout, note, session)
    response.read()
    conn.close()
    if response.status != 202:
        raise Refused(f"notifications/initialized: {response.status}")
    listing = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).encode()
    conn, response = post(host, port, source, timeout, listing, session)
    try:
        if response.status != 200:
            raise Refused(f"tools/list: {response.status}")
        tools = sse_result(response, 2)["result"]["tools"]
    finally:
        conn.close()
    if not any(t["name"] == "subtract" for t in tools):
        raise Refused("tools/list without `subtract`")
    # Close the session so that the client holds nothing between tries.
    conn = http.client.HTTPConnection(host, port, timeout=timeout, source_address=(source, 0))
    conn.request("DELETE", "/mcp", headers={"Mcp-Session-Id": session})
    conn.getresponse().read()
    conn.close()


def time_legit(host, port, source, give_up):
    """Seconds until a legitimate client is served (None: not within give_up), tries, last error."""
    start = time.monotonic()
    tries, last = 0, ""
    while True:
        left = give_up - (time.monotonic() - start)
        if left <= 0:
            return None, tries, last
        tries += 1
        try:
            legit_client(host, port, source, max(left, 0.1))
            return time.monotonic() - start, tries, ""
        except (Refused, OSError, http.client.HTTPException, ValueError, KeyError) as e:
            last = str(e) or type(e).__name__
            time.sleep(0.2)


class InitializeFlood:
    """Bare initialize requests from the attackers' addresses, on 16 keep-alive connections."""

    def __init__(self, host, port, sources, first, most):
        self.host, self.port, self.sources = host, port, sources
        self.first, self.most = first, most
        self.sent = 0
        self.statuses = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.filled = threading.Event()

    def worker(self, source):
        conn = None
        while not self.stop.is_set():
            with self.lock:
                if self.sent >= self.most:
                    return
                self.sent += 1
                if self.sent >= self.first:
                    self.filled.set()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(
                        self.host, self.port, timeout=10, source_address=(source, 0)
                    )
                conn.request("POST", "/mcp", body=INIT, headers=HEADERS)
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                status = "error"
                if conn is not None:
                    conn.close()
                conn = None
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
        if conn is not None:
            conn.close()

    def start(self):
        self.threads = [
            threading.Thread(target=self.worker, args=(self.sources[i % len(self.sources)],), daemon=True)
            for i in range(16)
        ]
        for t in self.threads:
            t.start()
        self.filled.wait(timeout=120)

    def finish(self):
        self.stop.set()
        for t in self.threads:
            t.join(timeout=15)
        counts = ", ".join(f"{k}: {v}" for k, v in sorted(self.statuses.items(), key=str))
        return f"{self.sent} initialize sent ({counts})"


class Slots:
    """`count` connections from the attackers' addresses, each looked at once a second
    (`tick`), and reopened (at most once a second) when the server closes it."""

    def __init__(self, host, port, sources, count):
        self.addr, self.sources, self.count = (host, port), sources, count
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.opened = self.closed_by_server = self.refused_429 = 0

    def open(self, i):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((self.sources[i % len(self.sources)], 0))
        s.setblocking(False)
        s.connect_ex(self.addr)
        self.opened += 1
        return {"sock": s, "sent_head": False, "got": b"", "waiting": False}

    def closed(self, got):
        """Whether the server closed the connection (`got` is what it sent last, b"" for the
        end): a 429 closes it too."""
        if got.startswith(b"HTTP/1.1 429"):
            self.refused_429 += 1
            return True
        return not got

    def run(self):
        slots = [None] * self.count
        rounds = 0
        while not self.stop.is_set():
            started = time.monotonic()
            for i in range(self.count):
                try:
                    if slots[i] is None:
                        slots[i] = self.open(i)
                    elif not self.tick(slots[i]):
                        raise ConnectionResetError
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    if slots[i] is not None:
                        slots[i]["sock"].close()
                        self.closed_by_server += 1
                    slots[i] = None
            rounds += 1
            if self.in_place(slots, rounds):
                self.ready.set()
            self.stop.wait(max(0.0, 1.0 - (time.monotonic() - started)))
        for slot in slots:
            if slot is not None:
                slot["sock"].close()

    def start(self):
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        self.ready.wait(timeout=120)

    def finish(self):
        self.stop.set()
        self.thread.join(timeout=30)
        return (
            f"{self.count} slots, {self.opened} connections opened, "
            f"{self.closed_by_server} closed by the server ({self.refused_429} with 429)"
        )


class Trickle(Slots):
    """Connections sending a request's headers (or, with `body`, its body) at 100 bytes/s."""

    def __init__(self, host, port, sources, count, body):
        super().__init__(host, port, sources, count)
        self.body = body

    def tick(self, slot):
        s = slot["sock"]
        try:
            got = s.recv(4096)
        except (BlockingIOError, InterruptedError):
            got = None
        if got is not None:
            # Anything from the server (a 429, or the close) ends the connection.
            self.closed(got)
            return False
        if self.body:
            head = (
                b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Accept: application/json, text/event-stream\r\nContent-Length: 1000000\r\n\r\n"
            )
            piece = b" " * 100
        else:
            head, piece = b"POST /mcp HTTP/1.1\r\n", b"X-Trickle: " + b"a" * 87 + b"\r\n"
        s.send(piece if slot["sent_head"] else head)
        slot["sent_head"] = True
        return True

    def in_place(self, slots, rounds):
        # Once every connection has sent its first bytes (a burst of connects overflows the
        # accept queue, and a dropped SYN is sent again a second or more later), or after 30 s.
        sent = sum(1 for slot in slots if slot is not None and slot["sent_head"])
        return sent == self.count or rounds >= 30


def open_session(host, port, source):
    """A finished session from `source` (initialize, then notifications/initialized): its id,
    or the status that refused it."""
    conn, response = post(host, port, source, 10, INIT)
    try:
        session = response.getheader("Mcp-Session-Id")
        if response.status != 200 or not session:
            return None, response.status
        sse_result(response, 1)
    finally:
        conn.close()
    note = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode()
    conn, response = post(host, port, source, 10, note, session)
    response.read()
    conn.close()
    return (session, 202) if response.status == 202 else (None, response.status)


class Sessions:
    """`count` finished sessions from the attackers' addresses, left idle, each with its SSE
    stream held open when `streams`."""

    def __init__(self, host, port, sources, count, streams):
        self.host, self.port, self.sources = host, port, sources
        self.count, self.streams = count, streams
        self.statuses = {}
        self.held = []
        self.lock = threading.Lock()

    def worker(self, source, count):
        for _ in range(count):
            try:
                session, status = open_session(self.host, self.port, source)
                if session and self.streams:
                    s = socket.create_connection((self.host, self.port), 10, (source, 0))
                    s.sendall(
                        f"GET /mcp HTTP/1.1\r\nHost: {self.host}\r\n"
                        "Accept: text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n"
                        f"Mcp-Session-Id: {session}\r\n\r\n".encode()
                    )
                    head = s.recv(4096)
                    status = "stream" if head.startswith(b"HTTP/1.1 200") else head[:12].decode()
                    with self.lock:
                        self.held.append(s)
            except (OSError, http.client.HTTPException, ValueError) as e:
                status = type(e).__name__
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1

    def start(self):
        n = len(self.sources)
        threads = [
            threading.Thread(
                target=self.worker, args=(src, self.count // n + (i < self.count % n)), daemon=True
            )
            for i, src in enumerate(self.sources)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)

    def finish(self):
        for s in self.held:
            s.close()
        counts = ", ".join(f"{k}: {v}" for k, v in sorted(self.statuses.items(), key=str))
        return f"{self.count} sessions opened ({counts})"


class MetricsPoll(Slots):
    """Keep-alive connections polling `GET /metrics` once a second (a poll waits for the answer
    to the last)."""

    REQUEST = b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    def __init__(self, host, port, sources, count):
        super().__init__(host, port, sources, count)
        self.polls = 0

    @staticmethod
    def answered(got):
        """Whether `got` holds a whole answer (headers and a body of its Content-Length)."""
        head, blank, body = got.partition(b"\r\n\r\n")
        if not blank:
            return False
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                return len(body) >= int(line.split(b":")[1])
        return True

    def tick(self, slot):
        s = slot["sock"]
        try:
            got = s.recv(65536)
            if self.closed(got):
                return False
            slot["got"] += got
        except (BlockingIOError, InterruptedError):
            pass
        if slot["waiting"] and self.answered(slot["got"]):
            slot["waiting"], slot["got"] = False, b""
            self.polls += 1
        if not slot["waiting"]:
            s.send(self.REQUEST)
            slot["waiting"] = True
        return True

    def in_place(self, slots, rounds):
        # Past the server's default header timeout (10 s), which polling once a second outlasts.
        return rounds >= 12

    def finish(self):
        return f"{super().finish()}, {self.polls} polls"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the built `http` example")
    parser.add_argument(
        "--attacks",
        default="initialize,sessions,sse,metrics,trickle-headers,trickle-body",
        help="comma-separated",
    )
    parser.add_argument("--initializes", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--connections", type=int, default=1152)
    parser.add_argument("--attackers", type=int, default=9, help="addresses, from 127.0.0.2")
    parser.add_argument("--client", default="127.0.1.1")
    parser.add_argument("--give-up", type=float, default=30.0, help="seconds a client waits")
    parser.add_argument("--tries", type=int, default=3, help="clients timed per attack")
    parser.add_argument("server_args", nargs="*", help="after --: flags for the server")
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    sources = [f"127.0.0.{2 + i}" for i in range(args.attackers)]
    want = max(args.connections, args.sessions) + 128
    if soft < want:
        soft = min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    if args.connections + 128 > soft:
        args.connections = max(1, soft - 128)
        print(f"http-attack: only {soft} file descriptors: {args.connections} connections")

    rows = []
    for attack in args.attacks.split(","):
        server, host, port = start_server(args.bin, args.server_args)
        try:
            if attack == "initialize":
                most = args.initializes * 100
                flood = InitializeFlood(host, port, sources, args.initializes, most)
            elif attack in ("sessions", "sse"):
                flood = Sessions(host, port, sources, args.sessions, attack == "sse")
            elif attack == "metrics":
                flood = MetricsPoll(host, port, sources, args.connections)
            elif attack in ("trickle-headers", "trickle-body"):
                flood = Trickle(host, port, sources, args.connections, attack == "trickle-body")
            else:
                sys.exit(f"http-attack: unknown attack {attack!r}")
            flood.start()
            waits = [time_legit(host, port, args.client, args.give_up) for _ in range(args.tries)]
            load = flood.finish()
        finally:
            server.kill()
            server.wait()
        rows.append((attack, waits, load))

    print()
    print(f"{'attack':<16} {'legitimate client served after (s)':<40} attacker")
    for attack, waits, load in rows:
        shown = []
        for seconds, tries, last in waits:
            if seconds is None:
                shown.append(f">{args.give_up:.0f} ({last})")
            else:
                shown.append(f"{seconds:.2f}" + (f" ({tries} tries)" if tries > 1 else ""))
        print(f"{attack:<16} {', '.join(shown):<40} {load}")


if __name__ == "__main__":
    main()
