"""The interactive map in a real browser, opened from disk with every network request refused.

Hand-made graphs first, then the maps of real builds: the seed papers and the ICML 2019 and WACV 2024 corpora
(../shared/corpora/*.jsonl.gz, built once per session, see corpus_builds; skipped without ../shared).
Needs Debian's chromium at /usr/bin/chromium: skipped without it on a developer's machine, failed without it in CI.
Screenshots (each map at overview and zoomed on its largest community) and the time each real map took to be
ready go to $KG_SCREENSHOTS when set, else to a folder under pytest's tmp path.
"""

from __future__ import annotations

import os
import time
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
READY_WITHIN_MS = 5_000  # a whole conference opens as a readable map within this, from the start of the load
DIMMED = "#e3e5e8"  # the colour of a node outside the selection (map.js)

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
    """A page opened from a file, with what it asked of the network, said on the console and tried to show, and
    how long it took to be ready: `ready_ms` from the start of the navigation (the page's own clock), `wall_ms`
    from the test's call to open it."""

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
        started = time.perf_counter()
        self.page.goto(self.url)
        self.page.wait_for_function("() => window.kgMap && window.kgMap.ready", timeout=READY_TIMEOUT_MS, polling=50)
        self.wall_ms = (time.perf_counter() - started) * 1000
        self.ready_ms = self.js("() => kgMap.readyAt")

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

    def centre_on(self, node: str, ratio: float = 0.02) -> dict:
        """Zoom in on the node (so closely that no other node covers it) and return where it is on the page."""
        self.js("""([id, ratio]) => {
            const data = kgMap.renderer.getNodeDisplayData(id);
            kgMap.renderer.getCamera().setState({x: data.x, y: data.y, ratio: ratio, angle: 0});
        }""", [node, ratio])
        self.page.wait_for_timeout(150)  # the next frame draws the new view
        return self.js("id => kgMap.nodeOnPage(id)", node)

    def click_node(self, node: str) -> None:
        """A real mouse click where the node is drawn."""
        point = self.centre_on(node)
        assert self.js("p => document.elementFromPoint(p.x, p.y).tagName", point) == "CANVAS"
        self.page.mouse.click(point["x"], point["y"])

    def panel_text(self) -> str:
        return self.js("() => document.getElementById('kg-panel-body').textContent")

    def in_free_view(self, node: str) -> bool:
        """Whether the node is drawn inside the canvas, right of the legend and left of the details panel."""
        return self.js("""id => {
            const at = kgMap.nodeOnPage(id);
            const canvas = document.getElementById('kg-network').getBoundingClientRect();
            const legend = document.getElementById('kg-legend').getBoundingClientRect();
            const panel = document.getElementById('kg-panel');
            const right = panel.hidden ? canvas.right : panel.getBoundingClientRect().left;
            return at.x > legend.right && at.x < right && at.y > canvas.top && at.y < canvas.bottom;
        }""", node)

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


def drawn(kg: Opened) -> dict:
    """Each node in the renderer's graph with its position, and whether the renderer holds display data for it."""
    return kg.js("""() => Object.fromEntries(kgMap.graph.mapNodes((id, a) =>
        [id, [a.x, a.y, !!kgMap.renderer.getNodeDisplayData(id)]]))""")


def drawn_colours(kg: Opened) -> dict:
    """The colour each node is drawn in now."""
    return kg.js("() => Object.fromEntries(kgMap.graph.mapNodes(id =>"
                 " [id, kgMap.renderer.getNodeDisplayData(id).color]))")


def test_map_loads_offline_with_every_node_where_the_build_put_it(opened, screenshots: Path) -> None:
    graph = sample_graph()
    kg = opened(graph)
    data = kg.js("() => kgMap.data.nodes")
    positions = {n["id"]: [n["x"], n["y"], True] for n in data}
    assert sorted(positions) == sorted(graph.nodes)
    assert drawn(kg) == positions, "every node is drawn, at the position in the data"
    assert kg.js("() => kgMap.graph.size") == graph.number_of_edges()
    assert kg.js("() => document.querySelectorAll('#kg-types input[type=checkbox]').length") == 5
    assert kg.js("() => document.getElementById('kg-summary').textContent") == "Showing all 7 nodes."
    legend = kg.js("() => document.getElementById('kg-legend').textContent")
    for name in ("Paper", "Method", "Task", "Dataset", "Metric", "proposes", "evaluated on", "Communities",
                 "Venues", "ICML 2025", "Years", "2025", "community 1"):
        assert name in legend
    camera = kg.js("() => kgMap.renderer.getCamera().getState()")
    kg.page.wait_for_timeout(300)
    assert kg.js("() => kgMap.renderer.getCamera().getState()") == camera, "nothing moves once the map is ready"
    assert all(kg.in_free_view(node) for node in graph.nodes), "the map opens with every node in view"
    kg.page.screenshot(path=str(screenshots / "map.png"))
    kg.assert_quiet()


def test_search_finds_by_alias_title_and_label_and_focuses(opened) -> None:
    kg = opened()
    kg.page.fill("#kg-search", "gcNs")
    assert kg.page.inner_text("#kg-matches") == "Method\ngraph convolutional network"
    kg.page.press("#kg-search", "Enter")
    kg.page.wait_for_timeout(900)  # the camera's animation
    gcn = "concept:graph-convolutional-network"
    assert kg.js("() => kgMap.selectedNode()") == gcn
    assert kg.js("() => document.getElementById('kg-panel').hidden") is False
    assert kg.js("() => document.querySelector('#kg-panel-body h2').textContent") == "graph convolutional network"
    assert kg.in_free_view(gcn), "the node sits in the free part of the canvas, not under the panel"
    kg.page.fill("#kg-search", "GRAPH NETS FOR")
    assert kg.js("() => kgMap.search('graph nets for')") == ["paper:p1"]
    assert "Graph nets for molecules" in kg.page.inner_text("#kg-matches")
    kg.page.fill("#kg-search", "no such thing")
    assert kg.page.inner_text("#kg-match-count") == "No match"
    kg.assert_quiet()


def test_unticking_a_type_hides_its_nodes_and_their_edges(opened) -> None:
    kg = opened()
    edges = kg.js("() => Object.fromEntries(kgMap.graph.mapEdges((e, a, s, t) => [e, s + ' ' + t]))")
    kg.page.uncheck("#kg-types input[data-type=Dataset]")
    assert kg.js("() => kgMap.hiddenNodes()") == ["concept:qm9"]
    assert sorted(edges[e] for e in kg.js("() => kgMap.hiddenEdges()")) == [
        "paper:p1 concept:qm9", "paper:p2 concept:qm9"]
    assert kg.js("() => kgMap.renderer.getNodeDisplayData('concept:qm9').hidden") is True
    kg.page.uncheck("#kg-types input[data-type=Paper]")
    assert len(kg.js("() => kgMap.hiddenEdges()")) == len(edges)
    assert "concept:graphnet" in kg.js("() => kgMap.visibleNodes()"), "concepts stay when papers are hidden"
    kg.page.check("#kg-types input[data-type=Dataset]")
    kg.page.check("#kg-types input[data-type=Paper]")
    assert kg.js("() => kgMap.hiddenNodes()") == [] and kg.js("() => kgMap.hiddenEdges()") == []
    kg.assert_quiet()


def test_community_role_venue_and_year_filters(opened) -> None:
    kg = opened()
    kg.page.click("#kg-communities-none")
    assert kg.js("() => kgMap.visibleNodes()") == [], "no community: no paper, and no concept they link"
    kg.page.check("#kg-communities input[data-community='0']")
    assert kg.js("() => kgMap.visibleNodes()") == [
        "concept:graph-convolutional-network", "concept:graphnet", "concept:qm9", "paper:p1"]
    assert kg.js("() => kgMap.shownCommunityLabels()") in ([], [0])
    kg.page.click("#kg-communities-all")
    kg.page.uncheck("#kg-roles input[data-role=evaluated_on]")
    assert kg.js("() => kgMap.hiddenNodes()") == ["concept:qm9"], "a dataset only evaluated on leaves with the role"
    kg.page.check("#kg-roles input[data-role=evaluated_on]")
    kg.page.uncheck("#kg-venues input[data-venue='ICML 2025']")
    assert "paper:p1" in kg.js("() => kgMap.hiddenNodes()") and "paper:p2" not in kg.js("() => kgMap.hiddenNodes()")
    kg.page.check("#kg-venues input[data-venue='ICML 2025']")
    kg.page.uncheck("#kg-years input[data-year='null']")
    assert "paper:p2" in kg.js("() => kgMap.hiddenNodes()") and "paper:p1" not in kg.js("() => kgMap.hiddenNodes()")
    kg.js("() => kgMap.focusNode('paper:p2')")
    assert "paper:p2" not in kg.js("() => kgMap.hiddenNodes()"), "finding a hidden node shows it"
    assert kg.js("() => kgMap.selectedNode()") == "paper:p2"
    kg.assert_quiet()


def test_clicking_a_paper_highlights_its_neighbours_and_shows_its_evidence(opened, screenshots: Path) -> None:
    graph = sample_graph()
    kg = opened(graph)
    kg.click_node("paper:p1")
    assert kg.js("() => kgMap.selectedNode()") == "paper:p1"
    neighbours = sorted({"paper:p1", *graph.successors("paper:p1"), *graph.predecessors("paper:p1")})
    assert kg.js("() => kgMap.highlightedNodes()") == neighbours
    colours = drawn_colours(kg)
    assert {n for n, c in colours.items() if c == DIMMED} == set(graph.nodes) - set(neighbours), "the rest is dimmed"
    text = kg.panel_text()
    for expected in ("Graph nets for molecules", "Ada Lovelace, Alan Turing", "ICML 2025", "What it proposes",
                     "GraphNet", "We propose GraphNet.", "It beats GCN on QM9.", "Compares with", "Evaluated on"):
        assert expected in text
    links = kg.js("() => Array.from(document.querySelectorAll('#kg-panel a')).map(a => a.href)")
    assert links == ["https://example.org/p1", "https://github.com/example/p1"]
    kg.page.wait_for_timeout(300)
    kg.page.screenshot(path=str(screenshots / "map-panel-paper.png"))
    kg.page.click("#kg-panel-body button.kg-node-link >> text=QM9")
    assert kg.js("() => kgMap.selectedNode()") == "concept:qm9"
    text = kg.panel_text()
    assert "Used by 2 papers" in text and "Evaluated on it (2)" in text
    kg.page.click("#kg-panel-close")
    assert kg.js("() => document.getElementById('kg-panel').hidden") is True
    assert kg.js("() => kgMap.selectedNode()") is None
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
    kg.page.click("#kg-panel-close")
    point = kg.centre_on("paper:p2")
    kg.page.mouse.move(point["x"] - 60, point["y"] - 60)
    kg.page.mouse.move(point["x"] + 1, point["y"] + 1, steps=4)
    kg.page.wait_for_function("() => !document.getElementById('kg-tooltip').hidden", timeout=10_000)
    tooltip = kg.js("() => ({text: document.getElementById('kg-tooltip').textContent,"
                    " tags: document.querySelectorAll('#kg-tooltip *').length})")
    assert "<svg onload=alert(1)>" in tooltip["text"] and HOSTILE_AUTHOR in tooltip["text"]
    assert tooltip["tags"] == 0, "plain text, no element"
    kg.page.fill("#kg-search", "<svg")
    assert "<svg onload=alert(1)>" in kg.page.inner_text("#kg-matches")
    added = kg.js("() => window.__kgAdded")
    assert [a["tag"] for a in added if a["tag"] in ("script", "img", "svg", "iframe", "object", "embed")] == [
        "script", "script", "script"], "only the page's own three scripts"
    assert not [a for a in added if a["handlers"]]
    assert kg.js("() => document.querySelectorAll('#kg-panel b, #kg-panel img, #kg-panel svg, #kg-panel script,"
                 " #kg-matches svg, #kg-community-labels *:not(.kg-community-label)').length") == 0
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
    assert kg.js("() => kgMap.graph.order") == 300
    summary = kg.js("() => document.getElementById('kg-summary').textContent")
    assert "Showing 300 of 3,000 nodes" in summary and "used by a single paper" in summary
    assert kg.js("() => kgMap.shownCommunityLabels().length") > 1, "community names at overview zoom"
    kg.page.screenshot(path=str(screenshots / "map-large.png"))
    kg.assert_quiet()


def test_a_map_of_5000_nodes_is_ready_within_5_s(opened, screenshots: Path) -> None:
    import random

    from test_export_html import big_graph

    graph = big_graph(papers=2600, concepts=3400, seed=11)
    rng = random.Random(11)
    for node in sorted(graph.nodes):  # positions as a build's layout gives them
        graph.nodes[node]["x"], graph.nodes[node]["y"] = round(rng.uniform(-3000, 3000), 2), round(
            rng.uniform(-2000, 2000), 2)
    kg = opened(graph)
    assert kg.ready_ms < READY_WITHIN_MS, f"ready after {kg.ready_ms:.0f} ms"
    assert kg.js("() => kgMap.graph.order") == html.DEFAULT_MAX_NODES < graph.number_of_nodes()
    papers = {n for n, d in graph.nodes(data=True) if d["type"] == "Paper"}
    assert papers <= set(kg.js("() => kgMap.graph.nodes()")), "every paper is drawn"
    assert all(shown for *_, shown in drawn(kg).values())
    kg.page.screenshot(path=str(screenshots / "map-5000.png"))
    kg.assert_quiet()


# --- the maps of real builds ----------------------------------------------------------------------------------------

REAL_PAGES = ["seeds", "icml2019", "wacv2024"]


@pytest.fixture(scope="module")
def icml2019(shared: Path, extractor, tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    return corpus_build(shared, "icml2019", extractor, tmp_path_factory)


@pytest.fixture(scope="module")
def wacv2024(shared: Path, extractor, tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    return corpus_build(shared, "wacv2024", extractor, tmp_path_factory)


@pytest.fixture(scope="module")
def real_pages(browser, screenshots: Path):
    """Each real map is opened once and shared by the tests below; the time each took to be ready is written to
    ready-times.txt beside the screenshots."""
    pages: dict[str, tuple[BuildResult, Opened]] = {}
    yield pages
    lines = [f"{name}: {page.js('() => kgMap.graph.order')} nodes, ready {page.ready_ms:.0f} ms after the start of "
             f"the load ({page.wall_ms:.0f} ms from the call to open it)" for name, (_, page) in pages.items()]
    (screenshots / "ready-times.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for _, page in pages.values():
        page.close()


@pytest.fixture(params=REAL_PAGES)
def real_page(request: pytest.FixtureRequest, browser, real_pages) -> tuple[str, BuildResult, Opened]:
    """(name, build, page), with the page back to its first state: no selection, no panel, every filter off, the
    whole map in view."""
    name = request.param
    if name not in real_pages:
        build = request.getfixturevalue("seed_build" if name == "seeds" else name)
        real_pages[name] = (build, Opened(browser, out_dir(build) / "kg.html"))
    build, kg = real_pages[name]
    kg.js("""() => {
        kgMap.clearSelection();
        kgMap.hideDetails();
        kgMap.resetFilters();
        const search = document.getElementById('kg-search');
        search.value = '';
        search.dispatchEvent(new Event('input'));
        kgMap.overview();
    }""")
    kg.page.wait_for_timeout(100)
    return name, build, kg


def on_page(kg: Opened) -> list[str]:
    return kg.js("() => kgMap.graph.nodes()")


def largest_community(kg: Opened) -> int:
    return kg.js("() => kgMap.data.communities.filter(c => c.id >= 0).sort((a, b) => b.papers - a.papers"
                 " || a.id - b.id)[0].id")


def test_real_map_is_ready_at_once_with_every_paper(real_page, screenshots: Path) -> None:
    name, build, kg = real_page
    graph = build.graph
    assert kg.ready_ms < READY_WITHIN_MS, f"{name} was ready after {kg.ready_ms:.0f} ms"
    ids = on_page(kg)
    assert len(ids) == len(set(ids)) == min(graph.number_of_nodes(), html_max_nodes())
    papers = {n for n, d in graph.nodes(data=True) if d["type"] == "Paper"}
    assert papers <= set(ids), "every paper is on the map"
    shared = {n for n, d in graph.nodes(data=True) if d["type"] != "Paper" and d["paper_count"] >= 2}
    assert shared <= set(ids), "and every concept used by two papers or more"
    assert drawn(kg) == {n: [graph.nodes[n]["x"], graph.nodes[n]["y"], True] for n in ids}, (
        "every node is drawn where the build's layout put it")
    types = kg.js("() => Object.fromEntries(kgMap.graph.mapNodes((id, a) => [id, a.kind]))")
    assert types == {node: graph.nodes[node]["type"] for node in ids}
    summary = kg.js("() => document.getElementById('kg-summary').textContent")
    if len(ids) == graph.number_of_nodes():
        assert summary.startswith(f"Showing all {len(ids):,} nodes.")
    else:
        assert f"Showing {len(ids):,} of {graph.number_of_nodes():,} nodes" in summary
    if len(graph.graph["communities"]) > 1:
        shown = kg.js("() => kgMap.shownCommunityLabels()")
        assert len(shown) > 3, "community names at overview zoom"
        names = kg.js("() => Array.from(document.querySelectorAll('.kg-community-label:not([hidden])'))"
                      ".map(e => e.textContent)")
        assert {c["name"] for c in graph.graph["communities"] if c["id"] in shown} <= set(names)
    kg.page.screenshot(path=str(screenshots / f"{name}-overview.png"))
    kg.assert_quiet()


def test_real_map_search_finds_and_centres_a_node(real_page) -> None:
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
    assert kg.page.inner_text("#kg-matches button >> nth=0").endswith(label)
    kg.page.press("#kg-search", "Enter")
    kg.page.wait_for_timeout(900)  # the camera's animation
    assert kg.js("() => kgMap.selectedNode()") == target
    assert kg.js("() => document.querySelector('#kg-panel-body h2').textContent") == label
    assert kg.in_free_view(target), "the node is in view, beside the panel"
    centre = kg.js("""id => {
        const at = kgMap.nodeOnPage(id);
        const canvas = document.getElementById('kg-network').getBoundingClientRect();
        return Math.abs(at.y - (canvas.top + canvas.bottom) / 2);
    }""", target)
    assert centre < 2, "and centred"
    paper = next(n for n in ids if graph.nodes[n]["type"] == "Paper" and graph.nodes[n]["title"])
    assert paper in kg.js("t => kgMap.search(t)", graph.nodes[paper]["title"]), "papers are found by title"
    kg.assert_quiet()


def test_real_map_community_filter_hides_the_other_communities(real_page, screenshots: Path) -> None:
    name, build, kg = real_page
    graph = build.graph
    if kg.js("() => kgMap.data.communities.length") < 2:
        assert kg.js("() => document.getElementById('kg-community-filter').hidden") is True
        pytest.skip(f"the map of {name} has one community")
    community = largest_community(kg)
    kg.page.click("#kg-communities-none")
    kg.page.check(f"#kg-communities input[data-community='{community}']")
    visible = set(kg.js("() => kgMap.visibleNodes()"))
    ids = set(on_page(kg))
    members = {n for n in ids if graph.nodes[n]["type"] == "Paper" and graph.nodes[n]["community"] == community}
    assert {n for n in visible if graph.nodes[n]["type"] == "Paper"} == members
    linked = {c for p in members for c in graph.successors(p) if graph.nodes[c]["type"] != "Paper"} & ids
    assert {n for n in visible if graph.nodes[n]["type"] != "Paper"} == linked
    assert kg.js("() => kgMap.shownCommunityLabels()") in ([], [community])
    kg.page.click("#kg-communities-all")
    assert kg.js("() => kgMap.hiddenNodes()") == []
    kg.page.click(f"#kg-communities input[data-community='{community}'] ~ button.kg-community-name")
    kg.page.wait_for_timeout(800)  # the camera's animation
    assert all(kg.in_free_view(n) for n in sorted(members)), "its name zooms to the community"
    kg.page.screenshot(path=str(screenshots / f"{name}-community.png"))
    kg.assert_quiet()


def test_real_map_hiding_a_type_hides_its_nodes(real_page) -> None:
    _, build, kg = real_page
    graph = build.graph
    ids = on_page(kg)
    for node_type in ("Dataset", "Method"):
        of_type = sorted(n for n in ids if graph.nodes[n]["type"] == node_type)
        assert of_type
        kg.page.uncheck(f"#kg-types input[data-type={node_type}]")
        assert kg.js("() => kgMap.hiddenNodes()") == of_type
        shown = set(kg.js("() => kgMap.visibleNodes()"))
        assert shown == set(ids) - set(of_type)
        hidden_edges = set(kg.js("() => kgMap.hiddenEdges()"))
        ends = kg.js("() => kgMap.graph.mapEdges((e, a, s, t) => [e, s, t])")
        assert {e for e, u, v in ends if u not in shown or v not in shown} == hidden_edges
        kg.page.check(f"#kg-types input[data-type={node_type}]")
        assert kg.js("() => kgMap.hiddenNodes()") == []
    kg.assert_quiet()


def test_real_map_clicking_a_paper_highlights_its_neighbours(real_page, screenshots: Path) -> None:
    name, build, kg = real_page
    graph = build.graph
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
    assert kg.js("() => kgMap.selectedNode()") == paper
    neighbours = sorted(({paper} | set(graph.successors(paper)) | set(graph.predecessors(paper))) & kept)
    assert kg.js("() => kgMap.highlightedNodes()") == neighbours
    colours = drawn_colours(kg)
    assert {n for n, c in colours.items() if c == DIMMED} == kept - set(neighbours), "the rest is dimmed"
    shown_edges = kg.js("() => kgMap.graph.filterEdges(e => !kgMap.renderer.getEdgeDisplayData(e).hidden)"
                        ".map(e => [kgMap.graph.source(e), kgMap.graph.target(e)])")
    assert shown_edges and all(paper in ends for ends in shown_edges), "only the selection's links are drawn"
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
