"""`kg serve`: the SPARQL 1.1 Protocol endpoint over the seed build, queried as SPARQL clients query it.

Each server is a `kg serve` process on a free port of 127.0.0.1 (`--port 0`; it prints the address it got), and
every wait on it has a time limit, so a server that hangs fails the test instead of blocking the run.
"""

from __future__ import annotations

import csv
import io
import json
import re
import select
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from rdflib import Graph, URIRef
from rdflib.plugins.stores.sparqlstore import SPARQLStore
from SPARQLWrapper import CSV, JSON, POST, TURTLE, XML, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import QueryBadFormed

from kg.sparql import run_query
from kg.store import load

KG = Path(sys.executable).with_name("kg")
ROOT = Path(__file__).resolve().parents[1]
QUERY = ROOT / "queries" / "top-datasets.rq"
TIMEOUT = 60  # seconds for the server to start, answer or stop
ANNOUNCED = re.compile(r"serving (.+) at (http://127\.0\.0\.1:\d+/sparql)\n")


def _out(seed_build) -> Path:
    return seed_build.paths["jsonl"][0].parent


@contextmanager
def serving(export: Path, *args: str) -> Iterator[tuple[subprocess.Popen, str]]:
    """A `kg serve` process on a free port, with the URL it announced; killed at the end if still running."""
    proc = subprocess.Popen([str(KG), "serve", str(export), "--port", "0", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], TIMEOUT)
        assert ready, f"kg serve said nothing in {TIMEOUT} s"
        line = proc.stderr.readline()
        match = ANNOUNCED.fullmatch(line)
        assert match, f"not the announcement: {line!r}"
        assert match.group(1) == str(export)
        yield proc, match.group(2)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=TIMEOUT)


@pytest.fixture(scope="module")
def endpoint(seed_build) -> Iterator[str]:
    with serving(_out(seed_build)) as (_, url):
        yield url


def http(url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, str, bytes]:
    """(status, content type, body) of a request, whatever the status."""
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read()


def get(url: str, query: str, accept: str | None = None) -> tuple[int, str, bytes]:
    return http(f"{url}?{urllib.parse.urlencode({'query': query})}", headers={"Accept": accept} if accept else {})


def expected_rows(seed_build, query: Path | str = QUERY) -> list[list[str]]:
    """The answer of `kg query`, as CSV rows: what the endpoint must give too."""
    return list(csv.reader(io.StringIO(run_query(_out(seed_build), query, "csv"))))


def wrapper(url: str, fmt: str, query: str) -> SPARQLWrapper:
    client = SPARQLWrapper(url, returnFormat=fmt)
    client.setQuery(query)
    client.setTimeout(TIMEOUT)
    return client


# --- answers, through the clients SPARQL users have --------------------------------------------------------------


def test_sparqlwrapper_json(endpoint: str, seed_build) -> None:
    expected = expected_rows(seed_build)
    results = wrapper(endpoint, JSON, QUERY.read_text(encoding="utf-8")).query().convert()
    assert results["head"]["vars"] == expected[0]
    rows = [[b[v]["value"] for v in results["head"]["vars"]] for b in results["results"]["bindings"]]
    assert rows == expected[1:] and rows
    assert results["results"]["bindings"][0]["papers"]["datatype"] == "http://www.w3.org/2001/XMLSchema#integer"


def test_sparqlwrapper_xml_by_post(endpoint: str, seed_build) -> None:
    client = wrapper(endpoint, XML, QUERY.read_text(encoding="utf-8"))
    client.setMethod(POST)
    document = client.query().convert()
    names = [v.getAttribute("name") for v in document.getElementsByTagName("variable")]
    rows = [[next(b for b in result.getElementsByTagName("binding") if b.getAttribute("name") == name)
             .firstChild.firstChild.data for name in names]
            for result in document.getElementsByTagName("result")]
    assert [names, *rows] == expected_rows(seed_build)


def test_sparqlwrapper_csv(endpoint: str, seed_build) -> None:
    body = wrapper(endpoint, CSV, QUERY.read_text(encoding="utf-8")).query().convert()
    assert list(csv.reader(io.StringIO(body.decode("utf-8")))) == expected_rows(seed_build)


def test_tsv_and_sparql_query_post(endpoint: str, seed_build) -> None:
    status, media, body = http(endpoint, QUERY.read_bytes(), {"Content-Type": "application/sparql-query",
                                                              "Accept": "text/tab-separated-values"})
    assert status == 200 and media.startswith("text/tab-separated-values")
    header, *rows = body.decode("utf-8").splitlines()
    assert header == "?dataset\t?papers"
    assert len(rows) == len(expected_rows(seed_build)) - 1


def test_rdflib_sparqlstore_select(endpoint: str, seed_build) -> None:
    graph = Graph(store=SPARQLStore(endpoint))
    result = graph.query("SELECT ?id ?title WHERE { ?p a kgo:Paper ; dcterms:identifier ?id ; dcterms:title ?title }"
                         " ORDER BY ?id")
    rows = [[str(row.id), str(row.title)] for row in result]
    assert rows and rows == expected_rows(seed_build, "SELECT ?id ?title WHERE { ?p a kgo:Paper ; "
                                          "dcterms:identifier ?id ; dcterms:title ?title } ORDER BY ?id")[1:]


def test_ask_in_json_by_default(endpoint: str) -> None:
    status, media, body = get(endpoint, "ASK { ?p kgo:proposes ?m }")
    assert status == 200 and media == "application/sparql-results+json"
    assert json.loads(body) == {"head": {}, "boolean": True}


def test_construct_as_turtle_and_n_triples(endpoint: str, seed_build) -> None:
    query = "CONSTRUCT { ?p a kgo:Paper } WHERE { ?p a kgo:Paper }"
    papers = len(expected_rows(seed_build, "SELECT ?p WHERE { ?p a kgo:Paper }")) - 1
    turtle = wrapper(endpoint, TURTLE, query).query().convert()
    assert len(Graph().parse(data=turtle, format="turtle")) == papers
    status, media, body = get(endpoint, query, "application/n-triples")
    assert status == 200 and media == "application/n-triples"
    graph = Graph().parse(data=body.decode("utf-8"), format="nt")
    assert len(graph) == papers and all(isinstance(s, URIRef) for s in graph.subjects())


def test_accept_with_weights(endpoint: str) -> None:
    status, media, _ = get(endpoint, "ASK {}", "text/csv;q=0.5, application/sparql-results+xml, */*;q=0.1")
    assert status == 200 and media == "application/sparql-results+xml"
    status, media, body = get(endpoint, "ASK {}", "image/png")
    assert status == 406 and media.startswith("text/plain") and b"application/sparql-results+json" in body


# --- what it refuses ---------------------------------------------------------------------------------------------

INSERT = "INSERT DATA { <http://example.org/a> <http://example.org/b> <http://example.org/c> }"


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (urllib.parse.urlencode({"update": INSERT}).encode(), "application/x-www-form-urlencoded"),
        (INSERT.encode(), "application/sparql-update"),
        (urllib.parse.urlencode({"query": f"PREFIX ex: <http://example.org/> # an update\n{INSERT}"}).encode(),
         "application/x-www-form-urlencoded"),
        (b"DELETE WHERE { ?s ?p ?o }", "application/sparql-query"),
    ],
    ids=["form-update", "sparql-update", "update-as-query", "delete-as-query"],
)
def test_updates_are_refused(endpoint: str, body: bytes, content_type: str) -> None:
    status, media, answer = http(endpoint, body, {"Content-Type": content_type})
    assert status == 403 and media.startswith("text/plain")
    assert answer.decode("utf-8") == "this endpoint is read-only: updates are refused\n"
    status, _, answer = get(endpoint, "ASK { <http://example.org/a> ?p ?o }")
    assert status == 200 and json.loads(answer)["boolean"] is False


def test_malformed_query_gets_400_with_a_one_line_message(endpoint: str) -> None:
    status, media, body = get(endpoint, "SELECT ?x WHERE { ?x")
    text = body.decode("utf-8")
    assert status == 400 and media.startswith("text/plain")
    assert text.startswith("invalid query: error at 1:") and text.count("\n") == 1
    with pytest.raises(QueryBadFormed, match="invalid query"):
        wrapper(endpoint, JSON, "SELECT ?x WHERE { ?x nope:thing ?y }").query()


def test_service_is_refused(endpoint: str) -> None:
    status, _, body = get(endpoint, "SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }")
    assert status == 403 and b"SERVICE" in body
    status, _, _ = get(endpoint, 'SELECT ?s WHERE { ?s ?p "SERVICE" } LIMIT 1')  # only the keyword is refused
    assert status == 200


def test_bad_requests(endpoint: str) -> None:
    assert http(endpoint)[0] == 400  # no query
    assert http(endpoint, b"query=ASK{}", {"Content-Type": "text/plain"})[0] == 415
    assert http(endpoint.replace("/sparql", "/nothing"))[0] == 404


# --- the map, a store folder, stopping ---------------------------------------------------------------------------


def test_the_map_at_the_root(endpoint: str, seed_build) -> None:
    status, media, body = http(endpoint.replace("/sparql", "/"))
    assert status == 200 and media == "text/html; charset=utf-8"
    assert body == (_out(seed_build) / "kg.html").read_bytes()


def test_serves_a_store_folder_with_the_map_of_its_export(tmp_path: Path, seed_build) -> None:
    store = tmp_path / "store"
    load(_out(seed_build), store)
    with serving(store) as (_, url):
        assert list(csv.reader(io.StringIO(get(url, QUERY.read_text(encoding="utf-8"), "text/csv")[2].decode())))\
            == expected_rows(seed_build)
        assert http(url.replace("/sparql", "/"))[2] == (_out(seed_build) / "kg.html").read_bytes()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_it_without_a_traceback(seed_build, signum: int) -> None:
    with serving(_out(seed_build)) as (proc, url):
        assert get(url, "ASK {}")[0] == 200
        proc.send_signal(signum)
        _, stderr = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 130
    assert stderr == "kg: stopped serving\n"


def test_a_missing_export_or_a_taken_port_is_one_line(tmp_path: Path, seed_build) -> None:
    result = subprocess.run([str(KG), "serve", str(tmp_path / "nothing")], capture_output=True, text=True,
                            timeout=TIMEOUT)
    assert result.returncode == 3 and result.stderr.startswith("kg: error: export not found")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = subprocess.run([str(KG), "serve", str(_out(seed_build)), "--port", port], capture_output=True,
                                text=True, timeout=TIMEOUT)
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"kg: error: cannot listen on 127.0.0.1:{port}: ")
