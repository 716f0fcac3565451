/* The knowledge graph map: sigma.js draws the graph (WebGL) at the positions computed at build time; this script
 * adds the community names, legend and filters, search, selection and the details panel.
 * Every data value comes from the JSON block #kg-data and reaches the page only through textContent, DOM
 * properties or sigma's canvas text; no markup is ever built from data. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var details = data.details;

  var ROLE_TITLES = {
    proposes: "Proposes",
    uses: "Uses",
    compares: "Compares with",
    evaluates: "Evaluates",
    addresses: "Addresses",
    evaluated_on: "Evaluated on",
    reports: "Reports",
    shares: "Shares concepts with"
  };
  var CONCEPT_ROLE_TITLES = {
    proposes: "Proposed by",
    uses: "Used by",
    compares: "Compared with in",
    evaluates: "Evaluated by",
    addresses: "Addressed by",
    evaluated_on: "Evaluated on it",
    reports: "Reported by"
  };
  var MAX_MATCHES = 30;
  var LIST_PAGE = 50;
  var TOOLTIP_AUTHORS = 3;
  var DIM_NODE = "#e3e5e8";
  var DIM_BORDER = "#cfd3d8";
  var FORCED_LABELS = 40; // a selection with more neighbours labels them as room allows
  var COMMUNITY_LABEL_RATIO = 0.22; // community names show while the camera is zoomed out beyond this
  var FOCUS_MIN_RATIO = 0.04;
  var FONT = "system-ui, 'Segoe UI', Helvetica, Arial, sans-serif";
  var LABEL_LENGTH = 38;

  var typeColour = {};
  data.types.forEach(function (t) { typeColour[t.type] = t.color; });
  var roleColour = {};
  data.roles.forEach(function (r) { roleColour[r.role] = r.color; });
  var communityById = {};
  data.communities.forEach(function (c) { communityById[c.id] = c; });

  var container = document.getElementById("kg-network");
  var status = document.getElementById("kg-status");
  var panel = document.getElementById("kg-panel");
  var panelBody = document.getElementById("kg-panel-body");
  var tooltip = document.getElementById("kg-tooltip");

  // What the filters hide, by key; and what that leaves out of the drawing.
  var hidden = { types: {}, roles: {}, communities: {}, venues: {}, years: {} };
  var hiddenNodes = new Set();
  var hiddenEdges = new Set();
  var selected = null;
  var neighbours = new Set();
  var checkboxes = { types: {}, roles: {}, communities: {}, venues: {}, years: {} };

  var kgMap = {
    data: data,
    ready: false,
    readyAt: null,
    graph: null,
    renderer: null,
    search: search,
    focusNode: focusNode,
    select: select,
    clearSelection: clearSelection,
    selectedNode: function () { return selected; },
    highlightedNodes: highlightedNodes,
    showDetails: showDetails,
    hideDetails: hideDetails,
    setTypeVisible: function (key, visible) { setVisible("types", key, visible); },
    setRoleVisible: function (key, visible) { setVisible("roles", key, visible); },
    setCommunityVisible: function (key, visible) { setVisible("communities", key, visible); },
    setVenueVisible: function (key, visible) { setVisible("venues", key, visible); },
    setYearVisible: function (key, visible) { setVisible("years", key, visible); },
    showOnlyCommunity: showOnlyCommunity,
    resetFilters: resetFilters,
    hiddenNodes: function () { return Array.from(hiddenNodes).sort(); },
    hiddenEdges: function () { return Array.from(hiddenEdges).sort(); },
    visibleNodes: visibleNodes,
    focusCommunity: focusCommunity,
    nodeOnPage: nodeOnPage,
    overview: overview,
    shownCommunityLabels: shownCommunityLabels
  };
  window.kgMap = kgMap;

  /* ---------- small DOM helpers: text only ---------- */

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function safeUrl(value) {
    if (typeof value !== "string" || !value) return null;
    try {
      var url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch (e) {
      return null;
    }
  }

  function linkOrText(value) {
    var href = safeUrl(value);
    if (!href) return el("span", value);
    var a = el("a", value);
    a.href = href;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }

  function nodeLink(id, label) {
    if (!id || !details[id]) return el("span", label);
    var button = el("button", label, "kg-node-link");
    button.type = "button";
    button.addEventListener("click", function () { focusNode(id); });
    return button;
  }

  function tint(hex, amount) {
    var channels = [1, 3, 5].map(function (i) { return parseInt(hex.slice(i, i + 2), 16); });
    return "#" + channels.map(function (c) {
      var mixed = Math.round(c + (255 - c) * amount);
      return (mixed < 16 ? "0" : "") + mixed.toString(16);
    }).join("");
  }

  /* ---------- the graph ---------- */

  // A small map has room for larger nodes.
  var SIZE_SCALE = Math.min(2.2, Math.max(1, Math.sqrt(2000 / Math.max(data.nodes.length, 1))));
  var graph = new graphology.Graph({ type: "directed", multi: false, allowSelfLoops: false });
  data.nodes.forEach(function (n) {
    var isPaper = n.type === "Paper";
    graph.addNode(n.id, {
      x: n.x,
      y: n.y,
      size: n.size * SIZE_SCALE,
      label: n.label,
      kind: n.type,
      community: n.community,
      type: isPaper ? "paper" : "concept",
      color: isPaper ? n.color : tint(n.color, 0.55),
      borderColor: n.color
    });
  });
  data.edges.forEach(function (e) {
    graph.addDirectedEdgeWithKey(e.id, e.source, e.target, {
      roles: e.roles,
      size: e.size,
      color: e.color,
      baseSize: e.size
    });
  });
  kgMap.graph = graph;

  /* ---------- filters ---------- */

  function rolesShown(roles) {
    for (var i = 0; i < roles.length; i++) if (!hidden.roles[roles[i]]) return true;
    return false;
  }

  function paperPasses(id) {
    var d = details[id];
    var community = graph.getNodeAttribute(id, "community");
    return !hidden.communities[community] && !hidden.venues[d.venue] && !hidden.years[String(d.year)];
  }

  // A paper shows when its type, community, venue and year do; a concept when its type does and a paper that
  // passes the filters links it through a role that shows (or when no paper links it at all).
  function applyFilters() {
    hiddenNodes.clear();
    hiddenEdges.clear();
    var passes = {};
    graph.forEachNode(function (node, attrs) {
      if (attrs.kind === "Paper") passes[node] = paperPasses(node);
    });
    graph.forEachNode(function (node, attrs) {
      if (attrs.kind === "Paper") {
        if (hidden.types.Paper || !passes[node]) hiddenNodes.add(node);
        return;
      }
      if (hidden.types[attrs.kind]) {
        hiddenNodes.add(node);
        return;
      }
      var linked = false;
      var reached = false;
      graph.forEachInEdge(node, function (edge, edgeAttrs, source) {
        linked = true;
        if (!reached && passes[source] && rolesShown(edgeAttrs.roles)) reached = true;
      });
      if (linked && !reached) hiddenNodes.add(node);
    });
    graph.forEachEdge(function (edge, attrs, source, target) {
      if (hiddenNodes.has(source) || hiddenNodes.has(target) || !rolesShown(attrs.roles)) hiddenEdges.add(edge);
    });
    if (selected !== null && hiddenNodes.has(selected)) {
      selected = null;
      neighbours = new Set();
      hideDetails();
    }
    if (renderer) renderer.refresh();
  }

  function setVisible(kind, key, visible) {
    key = String(key);
    if (visible) delete hidden[kind][key]; else hidden[kind][key] = true;
    var box = checkboxes[kind][key];
    if (box) box.checked = !!visible;
    applyFilters();
  }

  function setMany(kind, keys, visible) {
    keys.forEach(function (key) {
      key = String(key);
      if (visible) delete hidden[kind][key]; else hidden[kind][key] = true;
      if (checkboxes[kind][key]) checkboxes[kind][key].checked = !!visible;
    });
  }

  function showOnlyCommunity(id) {
    setMany("communities", data.communities.map(function (c) { return c.id; }), false);
    setMany("communities", [id], true);
    applyFilters();
  }

  function resetFilters() {
    ["types", "roles", "communities", "venues", "years"].forEach(function (kind) {
      setMany(kind, Object.keys(hidden[kind]), true);
    });
    applyFilters();
  }

  function visibleNodes() {
    return graph.filterNodes(function (node) { return !hiddenNodes.has(node); }).sort();
  }

  /* ---------- drawing ---------- */

  // Labels drawn with a white halo, so they read over nodes and edges; a label that would overlap one drawn
  // before it in the same frame is left out (sigma offers the largest node of each grid cell first), except for
  // the selection's. Long titles are cut at a word, in full in the tooltip and the panel.
  var drawnLabels = [];

  function shortLabel(text) {
    if (text.length <= LABEL_LENGTH) return text;
    var cut = text.slice(0, LABEL_LENGTH - 1);
    var space = cut.lastIndexOf(" ");
    return (space > LABEL_LENGTH / 2 ? cut.slice(0, space) : cut) + "\u2026";
  }

  function drawLabel(context, node, settings) {
    if (!node.label) return;
    var size = settings.labelSize;
    var text = node.key === selected ? node.label : shortLabel(node.label);
    context.font = settings.labelWeight + " " + size + "px " + settings.labelFont;
    var x = node.x + node.size + 3;
    var y = node.y + size / 3;
    var box = { x: x - 2, y: y - size, w: context.measureText(text).width + 4, h: size + 4 };
    var mustShow = node.key === selected || neighbours.has(node.key);
    var overlaps = drawnLabels.some(function (other) {
      return box.x < other.x + other.w && box.x + box.w > other.x && box.y < other.y + other.h && box.y + box.h > other.y;
    });
    if (overlaps && !mustShow) return;
    drawnLabels.push(box);
    context.lineJoin = "round";
    context.lineWidth = 3;
    context.strokeStyle = "rgba(255,255,255,0.92)";
    context.strokeText(text, x, y);
    context.fillStyle = "#1f2328";
    context.fillText(text, x, y);
  }

  function nodeReducer(node, attrs) {
    var shown = Object.assign({}, attrs);
    if (hiddenNodes.has(node)) {
      shown.hidden = true;
      return shown;
    }
    if (selected !== null) {
      if (node === selected) {
        shown.highlighted = true;
        shown.forceLabel = true;
        shown.zIndex = 2;
      } else if (neighbours.has(node)) {
        shown.forceLabel = neighbours.size <= FORCED_LABELS;
        shown.zIndex = 1;
      } else {
        shown.color = DIM_NODE;
        shown.borderColor = DIM_BORDER;
        shown.label = "";
        shown.zIndex = 0;
      }
    }
    return shown;
  }

  function edgeReducer(edge, attrs) {
    var shown = Object.assign({}, attrs);
    if (hiddenEdges.has(edge)) {
      shown.hidden = true;
      return shown;
    }
    if (selected !== null) {
      if (graph.source(edge) === selected || graph.target(edge) === selected) {
        shown.color = roleColour[attrs.roles[0]] || "#777777";
        shown.size = attrs.baseSize + 1;
        shown.zIndex = 1;
      } else {
        shown.hidden = true;
      }
    }
    return shown;
  }

  var renderer = null;
  try {
    renderer = new Sigma(graph, container, {
      nodeProgramClasses: {
        paper: Sigma.rendering.NodeCircleProgram,
        concept: Sigma.rendering.createNodeBorderProgram({
          borders: [
            { size: { value: 0.32 }, color: { attribute: "borderColor" } },
            { size: { fill: true }, color: { attribute: "color" } }
          ]
        })
      },
      defaultEdgeType: "line",
      defaultDrawNodeLabel: drawLabel,
      labelFont: FONT,
      labelSize: 12,
      labelWeight: "500",
      labelDensity: 0.7,
      labelGridCellSize: 120,
      labelRenderedSizeThreshold: data.view.labelThreshold,
      minEdgeThickness: 0.6,
      zoomToSizeRatioFunction: function (ratio) { return Math.pow(ratio, 0.4); },
      zIndex: true,
      enableCameraRotation: false,
      minCameraRatio: 0.01,
      maxCameraRatio: 3,
      stagePadding: 40,
      hideEdgesOnMove: data.edges.length > 30000,
      nodeReducer: nodeReducer,
      edgeReducer: edgeReducer
    });
  } catch (error) {
    status.textContent = "This map needs WebGL, which this browser does not offer.";
    kgMap.error = String(error);
    return;
  }
  kgMap.renderer = renderer;
  var camera = renderer.getCamera();

  /* ---------- community names at overview zoom ---------- */

  var labelLayer = document.getElementById("kg-community-labels");
  var largest = data.communities.reduce(function (most, c) { return Math.max(most, c.papers); }, 1);
  var communityLabels = data.communities.slice().sort(function (a, b) {
    return b.papers - a.papers || a.id - b.id;
  }).map(function (c) {
    var label = el("div", c.name, "kg-community-label");
    label.style.fontSize = Math.round(11 + 5 * Math.sqrt(c.papers / largest)) + "px";
    label.style.borderColor = c.color;
    label.setAttribute("data-community", String(c.id));
    labelLayer.appendChild(label);
    return { community: c, element: label, width: label.offsetWidth, height: label.offsetHeight };
  });

  function communityHasPapers(id) {
    if (hidden.communities[String(id)] || hidden.types.Paper) return false;
    return true;
  }

  function placeCommunityLabels() {
    var ratio = camera.getState().ratio;
    var width = container.clientWidth;
    var height = container.clientHeight;
    var placed = [];
    var atOverview = ratio >= COMMUNITY_LABEL_RATIO && data.communities.length > 1;
    communityLabels.forEach(function (item) {
      var label = item.element;
      if (!atOverview || !communityHasPapers(item.community.id)) {
        label.hidden = true;
        return;
      }
      var at = renderer.graphToViewport({ x: item.community.x, y: item.community.y });
      var box = { x: at.x - item.width / 2, y: at.y - item.height / 2, w: item.width, h: item.height };
      var outside = box.x < 0 || box.y < 0 || box.x + box.w > width || box.y + box.h > height;
      var collides = placed.some(function (other) {
        return box.x < other.x + other.w + 4 && box.x + box.w + 4 > other.x &&
          box.y < other.y + other.h + 2 && box.y + box.h + 2 > other.y;
      });
      if (outside || collides) {
        label.hidden = true;
        return;
      }
      placed.push(box);
      label.hidden = false;
      label.style.transform = "translate(" + Math.round(box.x) + "px," + Math.round(box.y) + "px)";
    });
    labelLayer.classList.toggle("kg-faded", selected !== null);
  }

  function shownCommunityLabels() {
    return communityLabels.filter(function (item) { return !item.element.hidden; }).map(function (item) {
      return item.community.id;
    });
  }

  renderer.on("beforeRender", function () { drawnLabels = []; });
  renderer.on("afterRender", placeCommunityLabels);

  /* ---------- camera ---------- */

  function nodeOnPage(id) {
    var at = renderer.graphToViewport(graph.getNodeAttributes(id));
    var box = container.getBoundingClientRect();
    return { x: box.left + at.x, y: box.top + at.y };
  }

  // The part of the canvas that the legend (left) and the details panel (right) leave free.
  function freeArea() {
    var width = container.clientWidth;
    var legend = document.getElementById("kg-legend");
    var left = Math.min(legend.offsetLeft + legend.offsetWidth + 8, width / 3);
    var right = panel.hidden ? width : width - Math.min(panel.offsetWidth, width / 2);
    return { left: left, right: Math.max(right, left + 100) };
  }

  // The camera state that shows the graph points `points` around `centre`, with `centre` in the middle of the
  // free part of the canvas.
  function cameraFor(centre, points, maxRatio) {
    var state = camera.getState();
    var dims = renderer.getDimensions();
    var free = freeArea();
    var origin = renderer.graphToViewport(centre);
    var reachX = 0;
    var reachY = 0;
    points.forEach(function (p) {
      var at = renderer.graphToViewport(p);
      reachX = Math.max(reachX, Math.abs(at.x - origin.x));
      reachY = Math.max(reachY, Math.abs(at.y - origin.y));
    });
    var need = Math.max((2 * reachX + 120) / (free.right - free.left), (2 * reachY + 100) / dims.height);
    var ratio = Math.min(Math.max(state.ratio * need, FOCUS_MIN_RATIO), maxRatio);
    var framed = renderer.viewportToFramedGraph(origin);
    var target = { x: framed.x, y: framed.y, ratio: ratio, angle: 0 };
    var moved = renderer.viewportToFramedGraph({ x: dims.width - (free.left + free.right) / 2, y: dims.height / 2 },
      { cameraState: target });
    target.x = moved.x;
    target.y = moved.y;
    return target;
  }

  // The whole graph in the free part of the canvas.
  function overviewCamera() {
    var xs = [];
    var ys = [];
    graph.forEachNode(function (node, attrs) {
      xs.push(attrs.x);
      ys.push(attrs.y);
    });
    if (!xs.length) return camera.getState();
    var minX = Math.min.apply(null, xs), maxX = Math.max.apply(null, xs);
    var minY = Math.min.apply(null, ys), maxY = Math.max.apply(null, ys);
    var corners = [{ x: minX, y: minY }, { x: maxX, y: maxY }];
    return cameraFor({ x: (minX + maxX) / 2, y: (minY + maxY) / 2 }, corners, 3);
  }

  function focusCommunity(id) {
    var points = [];
    graph.forEachNode(function (node, attrs) {
      if (attrs.kind === "Paper" && attrs.community === id && !hiddenNodes.has(node)) points.push(attrs);
    });
    if (!points.length) return Promise.resolve(false);
    var c = communityById[id];
    return camera.animate(cameraFor({ x: c.x, y: c.y }, points, 1), { duration: 500 }).then(function () {
      return true;
    });
  }

  function overview(duration) {
    if (!duration) {
      camera.setState(overviewCamera());
      return Promise.resolve(true);
    }
    return camera.animate(overviewCamera(), { duration: duration }).then(function () { return true; });
  }

  /* ---------- selection ---------- */

  function select(id) {
    if (!graph.hasNode(id)) return false;
    selected = id;
    neighbours = new Set(graph.neighbors(id).filter(function (n) { return !hiddenNodes.has(n); }));
    renderer.refresh();
    return true;
  }

  function clearSelection() {
    if (selected === null) return;
    selected = null;
    neighbours = new Set();
    renderer.refresh();
  }

  function highlightedNodes() {
    if (selected === null) return [];
    return [selected].concat(Array.from(neighbours)).sort();
  }

  function reveal(id) {
    if (!hiddenNodes.has(id)) return;
    var kind = graph.getNodeAttribute(id, "kind");
    if (hidden.types[kind]) setVisible("types", kind, true);
    if (hiddenNodes.has(id)) resetFilters();
  }

  function focusNode(id) {
    if (!details[id] || !graph.hasNode(id)) return false;
    reveal(id);
    select(id);
    showDetails(id);
    var points = [graph.getNodeAttributes(id)];
    neighbours.forEach(function (n) { points.push(graph.getNodeAttributes(n)); });
    var target = cameraFor(graph.getNodeAttributes(id), points, Math.max(camera.getState().ratio, 0.2));
    camera.animate(target, { duration: 500, easing: "quadraticInOut" });
    return true;
  }

  renderer.on("clickNode", function (event) {
    select(event.node);
    showDetails(event.node);
  });
  renderer.on("clickStage", function () {
    clearSelection();
    hideDetails();
  });

  /* ---------- tooltip ---------- */

  function tooltipText(id) {
    var d = details[id];
    if (d.type === "Paper") {
      var byline = d.authors.slice(0, TOOLTIP_AUTHORS).join(", ") + (d.authors.length > TOOLTIP_AUTHORS ? " et al." : "");
      var when = [d.venue, d.year !== null && String(d.venue).indexOf(String(d.year)) === -1 ? String(d.year) : ""]
        .filter(Boolean).join(" ");
      return [d.title || d.label, byline, when].filter(Boolean).join("\n");
    }
    return d.type + ": " + d.label + "\nused by " + d.paper_count + (d.paper_count === 1 ? " paper" : " papers");
  }

  renderer.on("enterNode", function (event) {
    tooltip.textContent = tooltipText(event.node);
    var at = renderer.graphToViewport(graph.getNodeAttributes(event.node));
    var x = Math.min(at.x + 14, container.clientWidth - 380);
    tooltip.style.transform = "translate(" + Math.max(0, Math.round(x)) + "px," + Math.round(at.y + 14) + "px)";
    tooltip.hidden = false;
  });
  renderer.on("leaveNode", function () { tooltip.hidden = true; });

  /* ---------- summary and legend ---------- */

  function renderSummary() {
    var box = document.getElementById("kg-summary");
    data.summary.lines.forEach(function (line) { box.appendChild(el("p", line)); });
  }

  var FILTER_ATTRIBUTES = { types: "type", roles: "role", communities: "community", venues: "venue", years: "year" };

  function checkRow(kind, key, checked) {
    var row = el("label", null, "kg-row");
    var box = document.createElement("input");
    box.type = "checkbox";
    box.checked = checked;
    box.value = String(key);
    box.setAttribute("data-" + FILTER_ATTRIBUTES[kind], String(key));
    box.addEventListener("change", function () { setVisible(kind, key, box.checked); });
    checkboxes[kind][String(key)] = box;
    row.appendChild(box);
    return row;
  }

  function renderLegend() {
    var types = document.getElementById("kg-types");
    data.types.forEach(function (t) {
      var row = checkRow("types", t.type, true);
      var swatch = el("span", null, t.type === "Paper" ? "kg-swatch kg-swatch-paper" : "kg-swatch kg-swatch-concept");
      if (t.type !== "Paper") {
        swatch.style.borderColor = t.color;
        swatch.style.backgroundColor = tint(t.color, 0.55);
      }
      row.appendChild(swatch);
      row.appendChild(el("span", t.type === "Paper" ? "Paper (colour of its community)" : t.type));
      row.appendChild(el("span", "(" + t.count + ")", "kg-count"));
      types.appendChild(row);
    });
    var roles = document.getElementById("kg-roles");
    data.roles.forEach(function (r) {
      if (!r.count) return;
      var row = checkRow("roles", r.role, true);
      var line = el("span", null, r.role === "shares" ? "kg-line kg-line-thin" : "kg-line");
      line.style.borderTopColor = r.color;
      row.appendChild(line);
      row.appendChild(el("span", r.role === "shares" ? "shares concepts (paper to paper)" : r.role.replace("_", " ")));
      row.appendChild(el("span", "(" + r.count + ")", "kg-count"));
      roles.appendChild(row);
    });
    renderValues("venues", data.venues, "kg-venues", "kg-venue-filter", "(no venue)");
    renderValues("years", data.years, "kg-years", "kg-year-filter", "(no year)");
    if (data.communities.length > 1) {
      document.getElementById("kg-community-filter").hidden = false;
      var list = document.getElementById("kg-communities");
      data.communities.forEach(function (c) {
        var row = checkRow("communities", c.id, true);
        row.classList.add("kg-community-row");
        var swatch = el("span", null, "kg-swatch kg-swatch-paper");
        swatch.style.backgroundColor = c.color;
        row.appendChild(swatch);
        var name = el("button", c.name, "kg-node-link kg-community-name");
        name.type = "button";
        name.title = "Zoom to this community";
        name.addEventListener("click", function (event) {
          event.preventDefault();
          focusCommunity(c.id);
        });
        row.appendChild(name);
        row.appendChild(el("span", "(" + c.papers + ")", "kg-count"));
        list.appendChild(row);
      });
      document.getElementById("kg-communities-all").addEventListener("click", function () {
        setMany("communities", data.communities.map(function (c) { return c.id; }), true);
        applyFilters();
      });
      document.getElementById("kg-communities-none").addEventListener("click", function () {
        setMany("communities", data.communities.map(function (c) { return c.id; }), false);
        applyFilters();
      });
    }
  }

  function renderValues(kind, values, listId, sectionId, emptyName) {
    if (!values.length) return;
    document.getElementById(sectionId).hidden = false;
    var list = document.getElementById(listId);
    values.forEach(function (v) {
      var row = checkRow(kind, v.value === null ? "null" : v.value, true);
      row.appendChild(el("span", v.value === null || v.value === "" ? emptyName : String(v.value)));
      row.appendChild(el("span", "(" + v.count + ")", "kg-count"));
      list.appendChild(row);
    });
  }

  /* ---------- search ---------- */

  var index = Object.keys(details).sort().map(function (id) {
    var d = details[id];
    var names = [d.label, d.title || ""].concat(d.aliases || []);
    return { id: id, text: names.join("\n").toLowerCase(), labelLower: (d.label || "").toLowerCase() };
  });

  function search(query) {
    var q = String(query || "").trim().toLowerCase();
    if (!q) return [];
    var found = index.filter(function (entry) { return entry.text.indexOf(q) !== -1; });
    function rank(entry) {
      if (entry.labelLower === q) return 0;
      if (entry.labelLower.indexOf(q) === 0) return 1;
      if (entry.labelLower.indexOf(q) !== -1) return 2;
      return 3;
    }
    found.sort(function (a, b) {
      return rank(a) - rank(b) || (a.labelLower < b.labelLower ? -1 : a.labelLower > b.labelLower ? 1 : 0) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    });
    return found.map(function (entry) { return entry.id; });
  }

  var searchInput = document.getElementById("kg-search");
  var matchList = document.getElementById("kg-matches");
  var matchCount = document.getElementById("kg-match-count");
  var currentMatches = [];

  function renderMatches() {
    currentMatches = search(searchInput.value);
    clear(matchList);
    if (!searchInput.value.trim()) {
      matchCount.textContent = "";
      matchList.hidden = true;
      return;
    }
    var n = currentMatches.length;
    matchCount.textContent = n === 0 ? "No match" : n === 1 ? "1 match" :
      n > MAX_MATCHES ? n + " matches, first " + MAX_MATCHES + " listed" : n + " matches";
    currentMatches.slice(0, MAX_MATCHES).forEach(function (id) {
      var d = details[id];
      var item = el("li");
      var button = el("button");
      button.type = "button";
      button.setAttribute("data-id", id);
      var badge = el("span", d.type, "kg-badge");
      badge.style.backgroundColor = typeColour[d.type] || "#777777";
      button.appendChild(badge);
      button.appendChild(el("span", d.label || id));
      button.addEventListener("click", function () { chooseMatch(id); });
      item.appendChild(button);
      matchList.appendChild(item);
    });
    matchList.hidden = n === 0;
  }

  function chooseMatch(id) {
    matchList.hidden = true;
    focusNode(id);
  }

  searchInput.addEventListener("input", renderMatches);
  searchInput.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && currentMatches.length) {
      event.preventDefault();
      chooseMatch(currentMatches[0]);
    } else if (event.key === "Escape") {
      matchList.hidden = true;
    } else if (event.key === "ArrowDown" && !matchList.hidden) {
      var first = matchList.querySelector("button");
      if (first) { event.preventDefault(); first.focus(); }
    }
  });
  searchInput.addEventListener("focus", function () { if (currentMatches.length) matchList.hidden = false; });
  document.addEventListener("click", function (event) {
    if (!document.getElementById("kg-search-box").contains(event.target)) matchList.hidden = true;
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && event.target === document.body) {
      clearSelection();
      hideDetails();
    }
  });

  /* ---------- details panel ---------- */

  document.getElementById("kg-panel-close").addEventListener("click", function () {
    clearSelection();
    hideDetails();
  });

  function hideDetails() {
    panel.hidden = true;
    clear(panelBody);
    panelBody.removeAttribute("data-node");
  }

  function showDetails(id) {
    var d = details[id];
    if (!d) return;
    clear(panelBody);
    panelBody.setAttribute("data-node", id);
    var badge = el("span", d.type, "kg-badge");
    badge.style.backgroundColor = typeColour[d.type] || "#777777";
    panelBody.appendChild(badge);
    if (d.type === "Paper") renderPaper(d); else renderConcept(d);
    panel.hidden = false;
    panel.scrollTop = 0;
  }

  function renderPaper(d) {
    panelBody.appendChild(el("h2", d.title || d.label));
    if (d.authors.length) panelBody.appendChild(el("p", d.authors.join(", "), "kg-meta"));
    var when = [d.venue, d.year !== null && String(d.venue).indexOf(String(d.year)) === -1 ? String(d.year) : ""]
      .filter(Boolean).join(", ");
    if (when) panelBody.appendChild(el("p", when, "kg-meta"));
    if (d.community) panelBody.appendChild(el("p", "Community: " + d.community, "kg-meta"));

    var proposed = d.concepts.filter(function (g) { return g.role === "proposes"; });
    var others = d.concepts.filter(function (g) { return g.role !== "proposes"; });
    panelBody.appendChild(el("h3", "What it proposes"));
    if (proposed.length) panelBody.appendChild(conceptList(proposed[0].items));
    else panelBody.appendChild(el("p", "No proposed method found.", "kg-muted"));

    panelBody.appendChild(el("h3", "Links"));
    var links = el("ul");
    [["Paper", d.url], ["Code", d.code]].forEach(function (pair) {
      var li = el("li", pair[0] + ": ");
      if (pair[1]) li.appendChild(linkOrText(pair[1])); else li.appendChild(el("span", "none", "kg-muted"));
      links.appendChild(li);
    });
    panelBody.appendChild(links);

    panelBody.appendChild(el("h3", "Concepts"));
    if (!others.length) panelBody.appendChild(el("p", "No other concept found.", "kg-muted"));
    others.forEach(function (group) {
      panelBody.appendChild(el("h4", ROLE_TITLES[group.role] || group.role));
      panelBody.appendChild(conceptList(group.items));
    });

    if (d.related.length) {
      panelBody.appendChild(el("h3", "Related papers"));
      var rel = el("ul");
      d.related.forEach(function (r) {
        var li = el("li");
        li.appendChild(nodeLink(r.id, r.label));
        if (r.shared.length) li.appendChild(el("span", " \u00b7 shares " + r.shared.slice(0, 4).join(", "), "kg-muted"));
        rel.appendChild(li);
      });
      panelBody.appendChild(rel);
    }

    if (d.abstract) {
      var box = el("details");
      box.appendChild(el("summary", "Abstract"));
      box.appendChild(el("p", d.abstract));
      panelBody.appendChild(box);
    }
  }

  function conceptList(items) {
    var list = el("ul");
    items.forEach(function (item) {
      var li = el("li");
      li.appendChild(nodeLink(item.id, item.label));
      li.appendChild(el("span", " \u00b7 " + item.type + ", confidence " + item.confidence.toFixed(2), "kg-muted"));
      item.evidence.forEach(function (sentence) { li.appendChild(el("p", sentence, "kg-evidence")); });
      list.appendChild(li);
    });
    return list;
  }

  // Long lists (a concept used by hundreds of papers) grow on demand, a page of items at a time.
  function appendPapers(list, items, start) {
    items.slice(start, start + LIST_PAGE).forEach(function (item) {
      var li = el("li");
      li.appendChild(nodeLink(item.id, item.label));
      list.appendChild(li);
    });
    var rest = items.length - start - LIST_PAGE;
    if (rest > 0) {
      var more = el("button", "Show " + Math.min(rest, LIST_PAGE) + " more of " + rest, "kg-node-link");
      more.type = "button";
      more.addEventListener("click", function () {
        list.removeChild(more.parentNode);
        appendPapers(list, items, start + LIST_PAGE);
      });
      var li = el("li", null, "kg-more");
      li.appendChild(more);
      list.appendChild(li);
    }
  }

  function renderConcept(d) {
    panelBody.appendChild(el("h2", d.label));
    if (d.aliases.length) panelBody.appendChild(el("p", "Also: " + d.aliases.join(", "), "kg-meta"));
    panelBody.appendChild(el("p", "Used by " + d.paper_count + (d.paper_count === 1 ? " paper" : " papers"), "kg-meta"));
    if (d.community) panelBody.appendChild(el("p", "Community: " + d.community, "kg-meta"));
    panelBody.appendChild(el("h3", "Papers"));
    d.papers.forEach(function (group) {
      panelBody.appendChild(el("h4", (CONCEPT_ROLE_TITLES[group.role] || group.role) + " (" + group.items.length + ")"));
      var list = el("ul");
      panelBody.appendChild(list);
      appendPapers(list, group.items, 0);
    });
    if (d.papers_not_shown) {
      panelBody.appendChild(el("p", d.papers_not_shown + " more papers are not on this map.", "kg-muted"));
    }
  }

  /* ---------- start ---------- */

  renderSummary();
  renderLegend();
  communityLabels.forEach(function (item) {
    item.width = item.element.offsetWidth;
    item.height = item.element.offsetHeight;
  });
  overview(0);
  renderer.refresh();
  placeCommunityLabels();
  requestAnimationFrame(function () {
    status.hidden = true;
    kgMap.ready = true;
    kgMap.readyAt = performance.now();
  });
})();
