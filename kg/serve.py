"""A read-only SPARQL 1.1 Protocol endpoint over an export at /sparql, and the interactive map at /.

The store is opened once; each request runs its query on it (pyoxigraph is safe to share between threads) and
pyoxigraph serialises the answer in the media type the client accepts. Updates are refused, and so is SERVICE,
which would make the server fetch other URLs.
"""

from __future__ import annotations

import re
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyoxigraph as ox

from kg.sparql import QueryError, execute
from kg.store import export_file, is_store, one_line, open_store, source_of

SPARQL_PATH = "/sparql"
MAX_BODY = 1 << 20  # a query is text: a larger body is refused
# Media type -> format, the default first.
RESULT_TYPES = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "application/xml": ox.QueryResultsFormat.XML,
    "text/csv": ox.QueryResultsFormat.CSV,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
}
GRAPH_TYPES = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/ld+json": ox.RdfFormat.JSON_LD,
}
# What may hold a keyword's letters without being one: strings, IRIs, escaped characters, comments.
NOT_KEYWORDS = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''
                          r'|<[^<>"{}|^`\\\s]*>|\\.|#[^\n]*')
# The prologue once IRIs are blanked out: PREFIX declarations and BASE.
PROLOGUE = re.compile(r"\s*(?:(?:PREFIX\s+[^\s:]*:|BASE)\s*)*", re.IGNORECASE)
UPDATE = re.compile(r"(?:INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD|WITH)\b", re.IGNORECASE)
SERVICE = re.compile(r"\bSERVICE\b", re.IGNORECASE)
READ_ONLY = "this endpoint is read-only: updates are refused"


def _keywords(text: str) -> str:
    return NOT_KEYWORDS.sub(" ", text)


def negotiate(accept: str | None, offered: dict[str, object]) -> object | None:
    """The offered format the Accept header prefers (the first offered when any will do), or None."""
    default = next(iter(offered.values()))
    ranges = []
    for index, part in enumerate((accept or "*/*").split(",")):
        media, *params = (p.strip() for p in part.split(";"))
        quality = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if media and quality > 0:
            ranges.append((-quality, index, media.lower()))
    for _, _, media in sorted(ranges):
        if media == "*/*":
            return default
        if media.endswith("/*"):
            for name, fmt in offered.items():
                if name.startswith(media[:-1]):
                    return fmt
        elif media in offered:
            return offered[media]
    return None


class Endpoint(ThreadingHTTPServer):
    """The HTTP server: the store, and the map file served at / (None when there is none)."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], store: ox.Store, map_file: Path | None) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)
        self.store = store
        self.map_file = map_file

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{f'[{host}]' if ':' in host else host}:{port}{SPARQL_PATH}"

    def handle_error(self, request: object, client_address: tuple) -> None:
        """One line instead of a traceback; a client that went away is no error at all."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError):
            print(f"kg: warning: request from {client_address[0]} failed: {one_line(repr(error))}", file=sys.stderr)


class Handler(BaseHTTPRequestHandler):
    server: Endpoint
    server_version = "kg"

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the server says where it listens, not every request."""

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path == "/":
            self._map()
        elif url.path == SPARQL_PATH:
            self._answer(parse_qs(url.query, keep_blank_values=True))
        else:
            self._text(404, f"not found: {url.path}; the SPARQL endpoint is {SPARQL_PATH}, the map /")

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        if url.path != SPARQL_PATH:
            self._text(404, f"not found: {url.path}; the SPARQL endpoint is {SPARQL_PATH}")
            return
        media = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if media == "application/sparql-update":
            self._text(403, READ_ONLY)
            return
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if length < 0:
            self._text(400, "a POST needs a Content-Length")
            return
        if length > MAX_BODY:
            self._text(413, f"the request is {length} bytes; a query may be at most {MAX_BODY}")
            return
        try:
            body = self.rfile.read(length).decode("utf-8")
        except UnicodeDecodeError:
            self._text(400, "the request is not UTF-8")
            return
        params = parse_qs(url.query, keep_blank_values=True)
        if media == "application/x-www-form-urlencoded":
            params.update(parse_qs(body, keep_blank_values=True))
        elif media == "application/sparql-query":
            params["query"] = [body]
        else:
            self._text(415, "POST a query as application/x-www-form-urlencoded (query=...) or application/sparql-query")
            return
        self._answer(params)

    def _answer(self, params: dict[str, list[str]]) -> None:
        if "update" in params:
            self._text(403, READ_ONLY)
            return
        queries = params.get("query", [])
        if len(queries) != 1:
            self._text(400, f"give one query parameter, not {len(queries)}")
            return
        text = queries[0]
        keywords = _keywords(text)
        if SERVICE.search(keywords):
            self._text(403, "SERVICE is refused: this endpoint answers from its own data only")
            return
        try:
            result = execute(self.server.store, text)
        except QueryError as error:
            if UPDATE.match(keywords, PROLOGUE.match(keywords).end()):
                self._text(403, READ_ONLY)
            else:
                self._text(400, str(error))
            return
        offered = GRAPH_TYPES if isinstance(result, ox.QueryTriples) else RESULT_TYPES
        fmt = negotiate(self.headers.get("Accept"), offered)
        if fmt is None:
            self._text(406, f"cannot answer in {self.headers.get('Accept')}; this answer comes as {', '.join(offered)}")
            return
        try:
            body = result.serialize(format=fmt)
        except Exception as error:  # pyoxigraph evaluates while it serialises: evaluation errors surface here
            self._text(500, one_line(f"query failed: {error}"))
            return
        self._send(200, fmt.media_type, body)

    def _map(self) -> None:
        path = self.server.map_file
        if path is None or not path.is_file():
            self._text(404, f"no map (kg.html) beside this export; the SPARQL endpoint is {SPARQL_PATH}")
            return
        self._send(200, "text/html; charset=utf-8", path.read_bytes())

    def _text(self, status: int, message: str) -> None:
        self._send(status, "text/plain; charset=utf-8", (one_line(message) + "\n").encode("utf-8"))

    def _send(self, status: int, media_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", media_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)


def map_file(export: Path) -> Path | None:
    """The map of an export: kg.html in its folder (for a store folder, the folder it was loaded from)."""
    export = Path(export)
    if is_store(export):
        source = source_of(export)
        return source.parent / "kg.html" if source else None
    return export_file(export).parent / "kg.html"


def make_server(export: Path, host: str = "127.0.0.1", port: int = 7878) -> Endpoint:
    """The endpoint over `export` (an RDF file, export folder or store folder), bound but not yet serving.

    Raises kg.store.ExportError when the export cannot be read, OSError when the address cannot be bound.
    """
    store = open_store(export)
    return Endpoint((host, port), store, map_file(export))
