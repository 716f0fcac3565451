/* The knowledge graph map: legend, type filters, search and the details panel.
 * Every data value comes from the JSON block #kg-data and reaches the page only through
 * textContent, DOM properties or vis-network's canvas text; no markup is ever built from data. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var details = data.details;
  var typeColour = {};
  data.types.forEach(function (t) { typeColour[t.type] = t.color; });
  var roleColour = {};
  data.roles.forEach(function (r) { roleColour[r.role] = r.color; });

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

  var nodes = new vis.DataSet(data.nodes);
  var edges = new vis.DataSet(data.edges);
  var container = document.getElementById("kg-network");
  // The data is set only once the layout handlers below are in place.
  var network = new vis.Network(container, {}, data.options);
  var hiddenTypes = {};
  var status = document.getElementById("kg-status");
  var panel = document.getElementById("kg-panel");
  var panelBody = document.getElementById("kg-panel-body");

  var kgMap = {
    data: data,
    nodes: nodes,
    edges: edges,
    network: network,
    ready: false,
    focusNode: focusNode,
    showDetails: showDetails,
    hideDetails: hideDetails,
    setTypeVisible: setTypeVisible,
    search: search
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

  /* ---------- summary and legend ---------- */

  function renderSummary() {
    var box = document.getElementById("kg-summary");
    data.summary.lines.forEach(function (line) { box.appendChild(el("p", line)); });
  }

  function renderLegend() {
    var types = document.getElementById("kg-types");
    data.types.forEach(function (t) {
      var row = el("label", null, "kg-type-row");
      var box = document.createElement("input");
      box.type = "checkbox";
      box.checked = true;
      box.value = t.type;
      box.setAttribute("data-type", t.type);
      box.addEventListener("change", function () { setTypeVisible(t.type, box.checked); });
      var swatch = el("span", null, "kg-swatch kg-shape-" + t.shape);
      swatch.style.backgroundColor = t.color;
      swatch.style.borderBottomColor = t.color;
      row.appendChild(box);
      row.appendChild(swatch);
      row.appendChild(el("span", t.type));
      row.appendChild(el("span", "(" + t.count + ")", "kg-count"));
      types.appendChild(row);
    });
    var roles = document.getElementById("kg-roles");
    data.roles.forEach(function (r) {
      var row = el("div", null, "kg-role-row");
      var line = el("span", null, r.role === "shares" ? "kg-line kg-line-dashed" : "kg-line");
      line.style.borderTopColor = r.color;
      row.appendChild(line);
      row.appendChild(el("span", r.role === "shares" ? "shares concepts (paper to paper)" : r.role.replace("_", " ")));
      roles.appendChild(row);
    });
  }

  /* ---------- type filters ---------- */

  function setTypeVisible(type, visible) {
    if (visible) delete hiddenTypes[type]; else hiddenTypes[type] = true;
    var box = document.querySelector("#kg-types input[data-type='" + CSS.escape(type) + "']");
    if (box) box.checked = visible;
    var nodeUpdates = [];
    nodes.forEach(function (n) {
      var hidden = !!hiddenTypes[details[n.id].type];
      if (!!n.hidden !== hidden) nodeUpdates.push({ id: n.id, hidden: hidden });
    });
    nodes.update(nodeUpdates);
    var edgeUpdates = [];
    edges.forEach(function (e) {
      var hidden = !!hiddenTypes[details[e.from].type] || !!hiddenTypes[details[e.to].type];
      if (!!e.hidden !== hidden) edgeUpdates.push({ id: e.id, hidden: hidden });
    });
    edges.update(edgeUpdates);
    var selected = network.getSelectedNodes();
    if (selected.length && hiddenTypes[details[selected[0]].type]) {
      network.unselectAll();
      hideDetails();
    }
  }

  /* ---------- search ---------- */

  var index = Object.keys(details).sort().map(function (id) {
    var d = details[id];
    var names = [d.label, d.title || ""].concat(d.aliases || []);
    return { id: id, label: (d.label || id), text: names.join("\n").toLowerCase(), labelLower: (d.label || "").toLowerCase() };
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
      return rank(a) - rank(b) || (a.labelLower < b.labelLower ? -1 : a.labelLower > b.labelLower ? 1 : 0);
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

  /* ---------- focus and selection ---------- */

  function focusNode(id) {
    if (!details[id]) return false;
    if (hiddenTypes[details[id].type]) setTypeVisible(details[id].type, true);
    network.selectNodes([id]);
    showDetails(id);
    // Centre the node in the part of the canvas the panel leaves free.
    var offsetX = panel.hidden ? 0 : -Math.min(panel.offsetWidth, container.clientWidth / 2) / 2;
    network.focus(id, {
      scale: Math.max(network.getScale(), 1.2),
      offset: { x: offsetX, y: 0 },
      animation: { duration: 500, easingFunction: "easeInOutQuad" }
    });
    return true;
  }

  network.on("click", function (params) {
    if (params.nodes.length) showDetails(params.nodes[0]);
    else hideDetails();
  });

  /* ---------- details panel ---------- */

  document.getElementById("kg-panel-close").addEventListener("click", function () {
    network.unselectAll();
    hideDetails();
  });

  function hideDetails() {
    panel.hidden = true;
    clear(panelBody);
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

  /* ---------- layout: stabilise, then hold still ---------- */

  network.on("stabilizationProgress", function (params) {
    status.textContent = "Laying out the graph\u2026 " + Math.round(100 * params.iterations / params.total) + "%";
  });
  network.once("stabilizationIterationsDone", function () {
    network.setOptions({ physics: { enabled: false } });
    status.textContent = "";
    status.hidden = true;
    kgMap.ready = true;
  });
  renderSummary();
  renderLegend();
  network.setData({ nodes: nodes, edges: edges });
  if (!data.options.physics || data.options.physics.enabled === false || !data.nodes.length) {
    status.hidden = true;
    kgMap.ready = true;
  }
})();
