"""The interactive map in a real browser, opened from disk with every network request refused.

Hand-made graphs first, then the maps of real builds: the seed papers and the WACV 2024 corpus
(../shared/corpora/wacv2024.jsonl.gz, built once per session, see corpus_builds; skipped without ../shared).
Needs Debian's chromium at /usr/bin/chromium: skipped without it on a developer's machine, failed without it in CI.
Screenshots go to $KG_SCREENSHOTS when set, else to a folder under pytest's tmp path.
"""

from __future__ import annotations

import os
from pathlib import Path

import networkx as nx
import pytest
from corpus_builds import corpus_build, html_max_nodes, out_dir, paper_records
from graph_fixture import HOSTILE_AUTHOR, HOSTILE_TITLE, sample_graph

from kg.export import html
from kg.model import ROLES
from kg.pipeline import BuildResult

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
READY_TIMEOUT_MS = 90_000

# Records every element added to the document, from the first byte on, so a test can tell whether data ever
# became an element of its own (a script, an image, an svg, a frame) or an element with an event handler.
WATCH_ELEMENTS = """
(function () {
window.__kgAdded = [];
var seen = new Set();
new MutationObserver(function (records) {
  records.forEach(function (record) {
    record.addedNodes.forEach(function (node) {
      if (node.nodeType !== 1) return;
      var all = [node].concat(Array.prototype.slice.call(node.querySelectorAll('*')));
      all.forEach(function (el) {
        if (seen.has(el)) return;
        seen.add(el);
        var handlers = Array.prototype.filter.call(el.attributes, function (a) { return /^on/i.test(a.name); });
        window.__kgAdded.push({tag: el.tagName.toLowerCase(), handlers: handlers.length});
      });
    });
  });
}).observe(document, {childList: true, subtree: true});
})();
"""


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ["KG_SCREENSHOTS"]) if os.environ.get("KG_SCREENSHOTS") else (
        tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Opened:
    """A page opened from a file, with what it asked of the network, said on the console and tried to show."""

    def __init__(self, browser, path: Path) -> None:
        self.url = path.resolve().as_uri()
        self.requests: list[str] = []
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.context = browser.new_context(viewport={"width": 1400, "height": 900})
        self.page = self.context.new_page()
        self.page.route("**/*", self._route)
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", self._dialog)
        self.page.add_init_script(script=WATCH_ELEMENTS)
        self.page.goto(self.url)
        self.page.wait_for_function("() => window.kgMap && window.kgMap.ready", timeout=READY_TIMEOUT_MS)

    def _route(self, route) -> None:
        if route.request.url == self.url:
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort()

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def js(self, expression: str, arg=None):
        return self.page.evaluate(expression, arg)

    def click_node(self, node: str) -> None:
        """A real mouse click where the node is drawn, after centring the view on it."""
        self.js("id => kgMap.network.moveTo({position: kgMap.network.getPosition(id), scale: 1.0})", node)
        point = self.js("""id => {
            const dom = kgMap.network.canvasToDOM(kgMap.network.getPosition(id));
            const box = document.getElementById('kg-network').getBoundingClientRect();
            return {x: box.left + dom.x, y: box.top + dom.y};
        }""", node)
        assert self.js("p => document.elementFromPoint(p.x, p.y).tagName", point) == "CANVAS"
        self.page.mouse.click(point["x"], point["y"])

    def panel_text(self) -> str:
        return self.js("() => document.getElementById('kg-panel-body').textContent")

    def assert_quiet(self) -> None:
        left = [u for u in self.requests if u != self.url and not u.startswith("data:")]
        assert left == [] and self.refused == [], "no request leaves the page"
        assert self.errors == [], "no console error"
        assert self.dialogs == [], "no script from the data ran"

    def close(self) -> None:
        self.context.close()


@pytest.fixture()
def opened(browser, tmp_path: Path):
    pages: list[Opened] = []

    def open_graph(graph: nx.MultiDiGraph | None = None, **kwargs) -> Opened:
        path = html.write(graph if graph is not None else sample_graph(), tmp_path / f"kg{len(pages)}.html", **kwargs)
        pages.append(Opened(browser, path))
        return pages[-1]

    yield open_graph
    for page in pages:
        page.close()


def test_map_loads_offline_with_every_node_and_holds_still(opened, screenshots: Path) -> None:
    graph = sample_graph()
    kg = opened(graph)
    assert kg.js("() => kgMap.network.body.data.nodes.length") == graph.number_of_nodes()
    assert kg.js("() => kgMap.network.body.data.edges.length") == graph.number_of_edges()
    assert kg.js("() => kgMap.network.physics.options.enabled") is False, "physics off after stabilisation"
    assert kg.js("() => document.querySelectorAll('#kg-types input[type=checkbox]').length") == 5
    assert kg.js("() => document.getElementById('kg-summary').textContent") == "Showing all 7 nodes."
    legend = kg.js("() => document.getElementById('kg-legend').innerText")
    for name in ("Paper", "Method", "Task", "Dataset", "Metric", "proposes", "evaluated on"):
        assert name in legend
    drawn = kg.js("() => Object.values(kgMap.network.getPositions()).length")
    assert drawn == graph.number_of_nodes()
    kg.page.screenshot(path=str(screenshots / "map.png"))
    kg.assert_quiet()


def test_search_finds_by_alias_title_and_label_and_focuses(opened) -> None:
    kg = opened()
    kg.page.fill("#kg-search", "gcNs")
    assert kg.page.inner_text("#kg-matches") == "Method\ngraph convolutional network"
    kg.page.press("#kg-search", "Enter")
    kg.page.wait_for_timeout(900)  # the focus animation
    gcn = "concept:graph-convolutional-network"
    assert kg.js("() => kgMap.network.getSelectedNodes()") == [gcn]
    assert kg.js("() => document.getElementById('kg-panel').hidden") is False
    assert kg.js("() => document.querySelector('#kg-panel-body h2').textContent") == "graph convolutional network"
    # The focused node sits in the free part of the canvas, not under the panel.
    where = kg.js("""id => {
        const dom = kgMap.network.canvasToDOM(kgMap.network.getPosition(id));
        const width = document.getElementById('kg-network').clientWidth;
        const panel = document.getElementById('kg-panel').offsetWidth;
        return {x: dom.x, free: width - panel};
    }""", gcn)
    assert 0 < where["x"] < where["free"]
    kg.page.fill("#kg-search", "GRAPH NETS FOR")
    assert kg.js("() => kgMap.search('graph nets for')") == ["paper:p1"]
    assert "Graph nets for molecules" in kg.page.inner_text("#kg-matches")
    kg.page.fill("#kg-search", "no such thing")
    assert kg.page.inner_text("#kg-match-count") == "No match"
    kg.assert_quiet()


def test_unticking_a_type_hides_its_nodes_and_their_edges(opened) -> None:
    kg = opened()
    kg.page.uncheck("#kg-types input[data-type=Dataset]")
    hidden = kg.js("() => kgMap.nodes.get({filter: n => n.hidden}).map(n => n.id)")
    assert hidden == ["concept:qm9"]
    hidden_edges = kg.js("() => kgMap.edges.get({filter: e => e.hidden}).map(e => e.from + ' ' + e.to).sort()")
    assert hidden_edges == ["paper:p1 concept:qm9", "paper:p2 concept:qm9"]
    assert "concept:qm9" not in kg.js("() => kgMap.network.body.nodeIndices")
    kg.page.uncheck("#kg-types input[data-type=Paper]")
    assert kg.js("() => kgMap.edges.get({filter: e => !e.hidden}).length") == 0
    kg.page.check("#kg-types input[data-type=Dataset]")
    kg.page.check("#kg-types input[data-type=Paper]")
    assert kg.js("() => kgMap.nodes.get({filter: n => n.hidden}).length") == 0
    kg.assert_quiet()


def test_clicking_a_paper_shows_its_details_and_evidence(opened, screenshots: Path) -> None:
    kg = opened()
    kg.click_node("paper:p1")
    assert kg.js("() => kgMap.network.getSelectedNodes()") == ["paper:p1"]
    text = kg.panel_text()
    for expected in ("Graph nets for molecules", "Ada Lovelace, Alan Turing", "ICML 2025", "What it proposes",
                     "GraphNet", "We propose GraphNet.", "It beats GCN on QM9.", "Compares with", "Evaluated on"):
        assert expected in text
    links = kg.js("() => Array.from(document.querySelectorAll('#kg-panel a')).map(a => a.href)")
    assert links == ["https://example.org/p1", "https://github.com/example/p1"]
    kg.page.wait_for_timeout(300)
    kg.page.screenshot(path=str(screenshots / "map-panel-paper.png"))
    kg.page.click("#kg-panel-body button.kg-node-link >> text=QM9")
    assert kg.js("() => kgMap.network.getSelectedNodes()") == ["concept:qm9"]
    text = kg.panel_text()
    assert "Used by 2 papers" in text and "Evaluated on it (2)" in text
    kg.page.click("#kg-panel-close")
    assert kg.js("() => document.getElementById('kg-panel').hidden") is True
    kg.assert_quiet()


def test_hostile_text_shows_literally_and_nothing_runs(opened, screenshots: Path) -> None:
    kg = opened()
    kg.click_node("paper:p2")
    text = kg.panel_text()
    assert '<script>alert("t")</script>' in text
    assert HOSTILE_TITLE in text
    assert HOSTILE_AUTHOR in text
    assert "We evaluate <b>GCN</b> on QM9 & report MAE." in text
    kg.page.wait_for_timeout(300)
    kg.page.screenshot(path=str(screenshots / "map-panel-hostile.png"))
    # The tooltip is plain text too.
    point = kg.js("""id => {
        const dom = kgMap.network.canvasToDOM(kgMap.network.getPosition(id));
        const box = document.getElementById('kg-network').getBoundingClientRect();
        return {x: box.left + dom.x, y: box.top + dom.y};
    }""", "paper:p2")
    kg.page.mouse.move(point["x"] + 1, point["y"] + 1)
    kg.page.wait_for_function("() => { const t = document.querySelector('.vis-tooltip');"
                              " return t && t.style.visibility !== 'hidden' && t.textContent.length > 0; }")
    tooltip = kg.js("() => ({text: document.querySelector('.vis-tooltip').textContent,"
                    " tags: Array.from(document.querySelectorAll('.vis-tooltip *')).map(e => e.tagName)})")
    assert "<svg onload=alert(1)>" in tooltip["text"]
    assert set(tooltip["tags"]) <= {"BR"}, "plain text: line breaks only"
    kg.page.fill("#kg-search", "<svg")
    assert "<svg onload=alert(1)>" in kg.page.inner_text("#kg-matches")
    added = kg.js("() => window.__kgAdded")
    assert [a["tag"] for a in added if a["tag"] in ("script", "img", "svg", "iframe", "object", "embed")] == [
        "script", "script", "script"], "only the page's own three scripts"
    assert not [a for a in added if a["handlers"]]
    assert kg.js("() => document.querySelectorAll('#kg-panel b, #kg-panel img, #kg-panel svg, #kg-panel script,"
                 " #kg-matches svg').length") == 0
    kg.assert_quiet()


def test_only_web_addresses_become_links(opened) -> None:
    graph = sample_graph()
    graph.nodes["paper:p1"]["code"] = "javascript:alert(1)"
    graph.nodes["paper:p1"]["url"] = "ftp://example.org/p1"
    graph.nodes["paper:p2"]["url"] = "HTTPS://Example.org/p2"
    kg = opened(graph)
    kg.js("id => kgMap.focusNode(id)", "paper:p1")
    assert kg.js("() => document.querySelectorAll('#kg-panel a').length") == 0
    assert "javascript:alert(1)" in kg.panel_text() and "ftp://example.org/p1" in kg.panel_text()
    kg.js("id => kgMap.focusNode(id)", "paper:p2")
    assert kg.js("() => Array.from(document.querySelectorAll('#kg-panel a')).map(a => a.href)") == [
        "https://example.org/p2"]
    kg.assert_quiet()


def test_a_large_corpus_is_trimmed_and_the_page_says_so(opened, screenshots: Path) -> None:
    from test_export_html import big_graph

    kg = opened(big_graph(), max_nodes=300)
    assert kg.js("() => kgMap.network.body.data.nodes.length") == 300
    summary = kg.js("() => document.getElementById('kg-summary').textContent")
    assert "Showing 300 of 3,000 nodes" in summary and "used by a single paper" in summary
    assert kg.js("() => kgMap.network.physics.options.enabled") is False
    kg.page.screenshot(path=str(screenshots / "map-large.png"))
    kg.assert_quiet()


# --- the maps of real builds ----------------------------------------------------------------------------------------

REAL_PAGES = ["seeds", "wacv2024"]


@pytest.fixture(scope="module")
def wacv2024(shared: Path, extractor, tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    return corpus_build(shared, "wacv2024", extractor, tmp_path_factory)


@pytest.fixture(scope="module")
def real_pages(browser):
    """Each real map is opened once (laying out a large one takes seconds) and shared by the tests below."""
    pages: dict[str, tuple[BuildResult, Opened]] = {}
    yield pages
    for _, page in pages.values():
        page.close()


@pytest.fixture(params=REAL_PAGES)
def real_page(request: pytest.FixtureRequest, browser, real_pages) -> tuple[str, BuildResult, Opened]:
    """(name, build, page), with the page back to its first state: no selection, no panel, every type shown."""
    name = request.param
    if name not in real_pages:
        build = request.getfixturevalue("seed_build" if name == "seeds" else name)
        real_pages[name] = (build, Opened(browser, out_dir(build) / "kg.html"))
    build, kg = real_pages[name]
    kg.js("""() => {
        kgMap.network.unselectAll();
        kgMap.hideDetails();
        document.querySelectorAll('#kg-types input[type=checkbox]').forEach(box => {
            if (!box.checked) box.click();
        });
        const search = document.getElementById('kg-search');
        search.value = '';
        search.dispatchEvent(new Event('input'));
    }""")
    return name, build, kg


def on_page(kg: Opened) -> list[str]:
    return kg.js("() => kgMap.nodes.getIds()")


def test_real_map_holds_the_expected_nodes_offline(real_page, screenshots: Path) -> None:
    name, build, kg = real_page
    graph = build.graph
    ids = on_page(kg)
    assert len(ids) == len(set(ids)) == min(graph.number_of_nodes(), html_max_nodes())
    assert set(ids) <= set(graph.nodes)
    assert kg.js("() => kgMap.network.body.data.nodes.length") == len(ids)
    assert len(kg.js("() => kgMap.network.getPositions()")) == len(ids), "every node is drawn"
    assert kg.js("() => kgMap.network.physics.options.enabled") is False
    types = kg.js("() => Object.fromEntries(kgMap.nodes.getIds().map(id => [id, kgMap.data.details[id].type]))")
    assert types == {node: graph.nodes[node]["type"] for node in ids}
    summary = kg.js("() => document.getElementById('kg-summary').textContent")
    if len(ids) == graph.number_of_nodes():
        assert summary == f"Showing all {len(ids):,} nodes."
    else:
        assert f"Showing {len(ids):,} of {graph.number_of_nodes():,} nodes" in summary
        # The most used concepts are the ones kept.
        kept = set(ids)
        counts = {n: d["paper_count"] for n, d in graph.nodes(data=True) if d["type"] != "Paper"}
        assert min(c for n, c in counts.items() if n in kept) >= max(c for n, c in counts.items() if n not in kept)
    kg.page.screenshot(path=str(screenshots / f"{name}-map.png"))
    kg.assert_quiet()


def test_real_map_search_focuses_a_node(real_page) -> None:
    _, build, kg = real_page
    graph = build.graph
    ids = on_page(kg)
    names = [graph.nodes[n]["label"].casefold() for n in ids]
    unique = [n for n, folded in zip(ids, names, strict=True)
              if graph.nodes[n]["type"] != "Paper" and names.count(folded) == 1]
    target = max(unique, key=lambda n: (graph.nodes[n]["paper_count"], n))
    label = graph.nodes[target]["label"]
    kg.page.fill("#kg-search", label.upper())
    assert kg.js("() => kgMap.search(document.getElementById('kg-search').value)")[0] == target
    kg.page.press("#kg-search", "Enter")
    kg.page.wait_for_timeout(900)  # the focus animation
    assert kg.js("() => kgMap.network.getSelectedNodes()") == [target]
    assert kg.js("() => document.querySelector('#kg-panel-body h2').textContent") == label
    where = kg.js("""id => {
        const dom = kgMap.network.canvasToDOM(kgMap.network.getPosition(id));
        const box = document.getElementById('kg-network');
        return {x: dom.x, y: dom.y, free: box.clientWidth - document.getElementById('kg-panel').offsetWidth,
                height: box.clientHeight};
    }""", target)
    assert 0 < where["x"] < where["free"] and 0 < where["y"] < where["height"], "the node is in view"
    kg.assert_quiet()


def test_real_map_hiding_a_type_hides_its_nodes(real_page) -> None:
    _, build, kg = real_page
    graph = build.graph
    ids = on_page(kg)
    for node_type in ("Dataset", "Method"):
        of_type = sorted(n for n in ids if graph.nodes[n]["type"] == node_type)
        assert of_type
        kg.page.uncheck(f"#kg-types input[data-type={node_type}]")
        assert sorted(kg.js("() => kgMap.nodes.get({filter: n => n.hidden}).map(n => n.id)")) == of_type
        drawn = set(kg.js("() => kgMap.network.body.nodeIndices"))
        assert drawn == set(ids) - set(of_type)
        left = kg.js("() => kgMap.edges.get({filter: e => !e.hidden}).map(e => [e.from, e.to])")
        assert left and all(u in drawn and v in drawn for u, v in left)
        kg.page.check(f"#kg-types input[data-type={node_type}]")
        assert kg.js("() => kgMap.nodes.get({filter: n => n.hidden}).length") == 0
    kg.assert_quiet()


def test_real_map_clicking_a_paper_shows_its_evidence(real_page, screenshots: Path) -> None:
    name, build, kg = real_page
    kept = set(on_page(kg))
    records = {f"paper:{r['id']}": r for r in paper_records(build)}

    def richness(node: str) -> tuple[int, int, str]:
        record = records[node]
        return sum(1 for lst, _ in ROLES.values() if record[lst]), bool(record["proposed"]), node

    paper = max((n for n in kept if n in records), key=richness)
    record = records[paper]
    expected = sorted(sentence for lst, _ in ROLES.values() for item in record[lst]
                      for sentence in dict.fromkeys(e["sentence"] for e in item["evidence"]))
    assert expected
    kg.click_node(paper)
    assert kg.js("() => kgMap.network.getSelectedNodes()") == [paper]
    assert kg.js("() => document.getElementById('kg-panel').hidden") is False
    assert kg.js("() => document.querySelector('#kg-panel-body h2').textContent") == record["title"]
    shown = kg.js("() => Array.from(document.querySelectorAll('#kg-panel-body .kg-evidence')).map(p => p.textContent)")
    assert sorted(shown) == expected
    text = kg.panel_text()
    for lst, _ in ROLES.values():
        for item in record[lst]:
            assert item["label"] in text
    kg.page.wait_for_timeout(300)
    kg.page.screenshot(path=str(screenshots / f"{name}-panel-paper.png"))
    kg.assert_quiet()
