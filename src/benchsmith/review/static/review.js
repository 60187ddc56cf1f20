// benchsmith review page. Every piece of benchmark or corpus text is put in as a text node, never as HTML.
"use strict";

const token = new URLSearchParams(location.search).get("token");
const state = { summary: null, visible: [], pos: 0, item: null, mode: "view" };
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

async function api(path, body) {
  const headers = {};
  if (token) headers["X-Review-Token"] = token;
  const init = { headers, credentials: "same-origin" };
  if (body !== undefined) {
    init.method = "POST";
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) {
    const error = new Error(data.error || `HTTP ${response.status}`);
    error.reasons = data.reasons || [];
    throw error;
  }
  return data;
}

function say(text, kind) {
  const box = $("message");
  box.textContent = text || "";
  box.className = kind || "";
}

// -- filters and position ------------------------------------------------------------------------

function fillSelect(select, values) {
  const keep = select.value;
  for (const option of [...select.options]) if (option.dataset.dynamic) option.remove();
  for (const value of values) {
    const option = el("option", { value }, value);
    option.dataset.dynamic = "1";
    select.appendChild(option);
  }
  select.value = keep;
}

function matches(row) {
  const type = $("f-type").value, flag = $("f-flag").value, status = $("f-status").value, who = $("f-reviewer").value;
  if (type && !row.labels.includes(type)) return false;
  if (flag === "__any" && !row.flags.length) return false;
  if (flag === "__error" && !row.errors.length) return false;
  if (flag === "__none" && row.flags.length) return false;
  if (flag && !flag.startsWith("__") && !row.flags.includes(flag)) return false;
  if (who && !row.reviewers.includes(who)) return false;
  if (status.startsWith("mine:")) {
    const want = status.slice(5);
    const mine = row.mine === "stale" ? "undecided" : row.mine;
    if (mine !== want) return false;
  } else if (status === "edited") {
    if (!row.edited) return false;
  } else if (status && row.status !== status) return false;
  return true;
}

function applyFilters(keepItemId) {
  const rows = state.summary.items;
  state.visible = rows.filter(matches).map((r) => r.index);
  const at = state.visible.indexOf(rows.findIndex((r) => r.item_id === keepItemId));
  state.pos = at >= 0 ? at : 0;
}

function renderProgress() {
  const p = state.summary.progress;
  const share = p.total ? (100 * p.mine) / p.total : 0;
  $("progress-fill").style.width = `${share.toFixed(1)}%`;
  $("progress-text").textContent =
    `${p.mine} / ${p.total} decided by you · ${p.accepted || 0} accepted · ${p.rejected || 0} rejected` +
    (p.disputed ? ` · ${p.disputed} disputed` : "");
  const shown = state.visible.length;
  $("position").textContent = shown ? `item ${state.pos + 1} of ${shown}` + (shown < p.total ? ` (filtered from ${p.total})` : "")
    : "no item matches the filters";
}

async function loadSummary() {
  state.summary = await api("/api/summary");
  const s = state.summary;
  $("bench-name").textContent = s.benchmark;
  $("bench-kind").textContent = `${s.kind} · ${s.generator}`;
  $("reviewer").textContent = s.reviewer;
  fillSelect($("f-type"), [...new Set(s.items.flatMap((r) => r.labels))].sort());
  fillSelect($("f-flag"), [...new Set(s.items.flatMap((r) => r.flags))].sort());
  fillSelect($("f-reviewer"), [...new Set(s.items.flatMap((r) => r.reviewers))].sort());
}

// -- one item --------------------------------------------------------------------------------------

function chip(text, cls) {
  return el("span", { class: `chip ${cls || ""}` }, text);
}

function renderQA(item) {
  const box = $("qa");
  box.replaceChildren();
  if (item.turns && item.turns.length) {
    const list = el("ol", { class: "turns" });
    for (const t of item.turns) {
      const labels = el("div", { class: "turn-labels" }, chip(t.answerability || ""), chip(t.multi_turn || ""),
        ...(t.question_types || []).map((q) => chip(q)));
      list.appendChild(el("li", {},
        el("div", { class: "user" }, el("span", { class: "who" }, "user"), t.user || ""),
        t.rewrite && t.rewrite !== t.user ? el("div", { class: "rewrite muted" }, "standalone: ", t.rewrite) : null,
        el("div", { class: "agent" }, el("span", { class: "who" }, "agent"), t.response || ""), labels));
    }
    box.appendChild(list);
    return;
  }
  const answer = Array.isArray(item.answer) ? item.answer.join(" | ") : (item.answer ?? "");
  box.appendChild(el("div", { class: "question" }, el("span", { class: "label" }, "Question"), item.question ?? ""));
  box.appendChild(el("div", { class: "answer" }, el("span", { class: "label" }, "Answer"), answer));
  if (item.details && item.details.length) {
    box.appendChild(el("div", { class: "details" }, el("span", { class: "label" }, "How the answer was reached"),
      el("ol", {}, ...item.details.map((d) => el("li", {}, d)))));
  }
}

function renderIssues(item) {
  const list = $("issues");
  list.replaceChildren();
  if (!item.issues.length) list.appendChild(el("li", { class: "ok" }, "no validator flags"));
  for (const i of item.issues) {
    list.appendChild(el("li", { class: i.severity }, el("strong", {}, i.code), ` (${i.severity}, ${i.validator}) `, i.message));
  }
}

const FIGURES = [
  ["question_words", "question words"], ["longest_copied_span", "longest span copied from evidence (words)"],
  ["content_overlap", "content words found in evidence"], ["wording_overlap", "wording shared with evidence"],
  ["gold_ranks", "BM25 rank of each gold document"], ["single_document_answerable", "one document answers it"],
];

function renderDifficulty(item) {
  const table = $("difficulty");
  table.replaceChildren();
  for (const [key, label] of FIGURES) {
    let value = item.difficulty[key];
    if (value === null || value === undefined) value = "n/a";
    else if (typeof value === "object") value = Object.entries(value).map(([d, r]) => `${d}: ${r ?? "not in top 10"}`).join(", ");
    else value = String(value);
    table.appendChild(el("tr", {}, el("th", {}, label), el("td", {}, value)));
  }
}

function renderDecisions(item) {
  const list = $("decisions");
  list.replaceChildren();
  if (!item.decisions.length) list.appendChild(el("li", { class: "muted" }, "no decision yet"));
  for (const d of item.decisions) {
    list.appendChild(el("li", {}, el("strong", {}, d.reviewer), ` ${d.action}ed`, d.reason ? ` (${d.reason})` : "",
      d.current ? "" : " — before a later edit, so it no longer counts", el("span", { class: "muted" }, ` ${d.time}`)));
  }
  if (item.edited_by.length) list.appendChild(el("li", { class: "muted" }, `edited by ${item.edited_by.join(", ")}`));
}

// The answer's words in the documents are shown in bold, so a reviewer sees at once where it comes from.
function answerTerms(item) {
  const answers = Array.isArray(item.answer) ? item.answer : [item.answer];
  return answers.filter((a) => typeof a === "string" && a.trim().length > 1 &&
    !["yes", "no", "insufficient information", "insufficient information."].includes(a.trim().toLowerCase()));
}

function highlighted(text, ev, terms) {
  const inAnswer = new Uint8Array(text.length);
  const lower = text.toLowerCase();
  for (const term of terms) {
    const t = term.trim().toLowerCase();
    for (let at = lower.indexOf(t); at >= 0; at = lower.indexOf(t, at + t.length)) inAnswer.fill(1, at, at + t.length);
  }
  const nodes = [];
  let start = 0;
  const kind = (i) => (i >= ev.start && i < ev.end ? 2 : 0) + inAnswer[i];
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && kind(i) === kind(start)) continue;
    const piece = text.slice(start, i), k = kind(start);
    let node = k & 1 ? el("strong", { class: "answer-hit" }, piece) : document.createTextNode(piece);
    if (k & 2) node = el("mark", { class: ev.found ? "" : "moved" }, node);
    nodes.push(node);
    start = i;
  }
  return nodes;
}

function renderEvidence(item) {
  const box = $("evidence");
  box.replaceChildren(el("h2", {}, `Evidence (${item.evidence.length})`));
  if (!item.evidence.length) box.appendChild(el("p", { class: "muted" }, "this item cites no evidence (e.g. an unanswerable question)"));
  item.evidence.forEach((ev, n) => {
    const doc = item.documents[ev.doc_id];
    const head = el("div", { class: "doc-head" }, el("strong", {}, `${n + 1}. ${doc ? doc.title || ev.doc_id : ev.doc_id}`),
      el("span", { class: "muted mono" }, ` ${ev.doc_id} · ${ev.chunk_id} · chars ${ev.start}-${ev.end}`),
      ev.turns && ev.turns.length ? el("span", { class: "chip" }, `turn${ev.turns.length > 1 ? "s" : ""} ${ev.turns.join(", ")}`) : null);
    const body = el("div", { class: "doc-text" });
    if (!doc) body.appendChild(el("p", { class: "error" }, "document not in the corpus"));
    else body.append(...highlighted(doc.text, ev, answerTerms(item)));
    const card = el("article", { class: "doc" }, head, body);
    if (doc && !ev.found) card.appendChild(el("p", { class: "error" }, "the evidence text is not at this span of the document"));
    box.appendChild(card);
    const mark = body.querySelector("mark");
    if (mark) body.scrollTop = Math.max(0, mark.offsetTop - body.clientHeight / 3);  // .doc-text is the offset parent
  });
}

function renderItem() {
  const item = state.item;
  $("item-id").textContent = item.item_id;
  $("item-labels").replaceChildren(...item.labels.map((l) => chip(l, "type")));
  const badge = $("item-status");
  badge.textContent = item.status;
  badge.className = `badge ${item.status}`;
  renderQA(item);
  renderIssues(item);
  renderDifficulty(item);
  renderDecisions(item);
  renderEvidence(item);
}

async function show(pos) {
  closeForms();
  if (!state.visible.length) {
    state.item = null;
    renderProgress();
    $("qa").replaceChildren(el("p", { class: "muted" }, "No item matches the filters."));
    return;
  }
  state.pos = Math.min(Math.max(pos, 0), state.visible.length - 1);
  const row = state.summary.items[state.visible[state.pos]];
  state.item = await api(`/api/item?id=${encodeURIComponent(row.item_id)}`);
  renderItem();
  renderProgress();
  window.scrollTo(0, 0);
}

// -- actions ---------------------------------------------------------------------------------------

async function refresh(itemId) {
  await loadSummary();
  applyFilters(itemId);
}

async function decide(action, reason) {
  if (!state.item) return;
  const id = state.item.item_id;
  try {
    await api("/api/decision", { item_id: id, action, reason });
    const pos = state.pos;
    await refresh(id);
    say(`${id}: ${action}ed`, "ok");
    const still = state.visible.indexOf(state.summary.items.findIndex((r) => r.item_id === id));
    await show(still >= 0 ? still + 1 : pos);  // the next item (the decided one may have left the filter)
  } catch (err) {
    say(err.message, "error");
  }
}

function openReject() {
  if (!state.item) return;
  closeForms();
  say("");
  state.mode = "reject";
  const box = $("reasons");
  box.replaceChildren();
  state.summary.reasons.forEach((reason, n) => {
    const input = el("input", { type: "radio", name: "reason", value: reason, id: `reason-${n}` });
    box.appendChild(el("label", { class: "reason", for: `reason-${n}` }, input, el("kbd", {}, String(n + 1)), ` ${reason}`));
  });
  $("reject-text").value = "";
  $("reject-form").hidden = false;
}

function submitReject(event) {
  event.preventDefault();
  const picked = document.querySelector("input[name=reason]:checked");
  const text = $("reject-text").value.trim();
  const reason = [picked ? picked.value : "", text].filter(Boolean).join(": ");
  if (!reason) {
    say("pick a reason or write one", "error");
    return;
  }
  decide("reject", reason);
}

function fieldInput(spec, n) {
  const id = `field-${n}`;
  let input;
  if (spec.type === "choice") {
    input = el("select", { id });
    for (const option of spec.options) input.appendChild(el("option", { value: option }, option));
    input.value = spec.value;
  } else if (spec.type === "choices") {
    input = el("div", { id, class: "choices" });
    for (const option of spec.options) {
      const box = el("input", { type: "checkbox", value: option });
      box.checked = (spec.value || []).includes(option);
      input.appendChild(el("label", {}, box, ` ${option}`));
    }
  } else if (spec.type === "lines") {
    input = el("textarea", { id, rows: "3" });
    input.value = (spec.value || []).join("\n");
  } else if (spec.type === "longtext") {
    const rows = Math.min(8, Math.max(2, Math.ceil(String(spec.value ?? "").length / 60)));
    input = el("textarea", { id, rows: String(rows) });
    input.value = spec.value ?? "";
  } else {
    input = el("input", { id, type: "text" });
    input.value = spec.value ?? "";
  }
  input.dataset.path = spec.path;
  input.dataset.type = spec.type;
  return el("label", { class: "field", for: id }, el("span", {}, spec.label), input);
}

function openEdit() {
  if (!state.item) return;
  closeForms();
  say("");
  state.mode = "edit";
  const box = $("edit-fields");
  box.replaceChildren(...state.item.fields.map(fieldInput));
  $("edit-note").value = "";
  $("edit-refused").hidden = true;
  $("edit-form").hidden = false;
  const first = box.querySelector("input, textarea, select");
  if (first) first.focus();
}

function editedValues() {
  const changes = {};
  for (const spec of state.item.fields) {
    const input = document.querySelector(`[data-path="${CSS.escape(spec.path)}"]`);
    let value;
    if (spec.type === "choices") value = [...input.querySelectorAll("input:checked")].map((b) => b.value);
    else if (spec.type === "lines") value = input.value.split("\n").map((v) => v.trim()).filter(Boolean);
    else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(spec.value)) changes[spec.path] = value;
  }
  return changes;
}

async function submitEdit(event) {
  event.preventDefault();
  const changes = editedValues();
  if (!Object.keys(changes).length) {
    closeForms();
    say("nothing changed", "");
    return;
  }
  const id = state.item.item_id;
  try {
    state.item = await api("/api/edit", { item_id: id, changes, reason: $("edit-note").value });
    closeForms();
    await refresh(id);
    renderItem();
    renderProgress();
    say(`${id}: edit saved and re-validated; accept or reject the edited item`, "ok");
  } catch (err) {
    const box = $("edit-refused");
    box.replaceChildren(el("strong", {}, `Not saved: ${err.message}`),
      el("ul", {}, ...(err.reasons || []).map((r) => el("li", {}, r))));
    box.hidden = false;
  }
}

function closeForms() {
  state.mode = "view";
  $("reject-form").hidden = true;
  $("edit-form").hidden = true;
  $("help").hidden = true;
}

function nextUndecided() {
  const rows = state.summary.items;
  for (let step = 1; step <= state.visible.length; step++) {
    const pos = (state.pos + step) % state.visible.length;
    const mine = rows[state.visible[pos]].mine;
    if (mine !== "accept" && mine !== "reject") return show(pos);
  }
  say("you have decided every item in this list", "ok");
}

function onKey(event) {
  const target = event.target;
  const typing = ["TEXTAREA", "SELECT"].includes(target.tagName) ||
    (target.tagName === "INPUT" && !["radio", "checkbox"].includes(target.type));
  if (event.key === "Escape") {
    closeForms();
    return;
  }
  if (state.mode === "edit") {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submitEdit(event);
    return;
  }
  if (state.mode === "reject") {
    if (!typing && /^[1-9]$/.test(event.key)) {
      const radio = $(`reason-${Number(event.key) - 1}`);
      if (radio) {
        radio.checked = true;
        event.preventDefault();
      }
    } else if (event.key === "Enter" && !typing) submitReject(event);
    return;
  }
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = {
    a: () => decide("accept"), r: openReject, e: openEdit, n: nextUndecided,
    j: () => show(state.pos + 1), ArrowRight: () => show(state.pos + 1),
    k: () => show(state.pos - 1), ArrowLeft: () => show(state.pos - 1),
    "?": () => { $("help").hidden = !$("help").hidden; },
  };
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}

async function start() {
  try {
    await loadSummary();
    applyFilters(null);
    const resume = state.summary.resume;
    const at = state.visible.indexOf(resume);
    await show(at >= 0 ? at : 0);
  } catch (err) {
    say(`cannot load the benchmark: ${err.message}`, "error");
  }
  document.addEventListener("keydown", onKey);
  for (const id of ["f-type", "f-flag", "f-status", "f-reviewer"]) {
    $(id).addEventListener("change", () => {
      applyFilters(state.item ? state.item.item_id : null);
      show(state.pos);
    });
  }
  $("btn-accept").addEventListener("click", () => decide("accept"));
  $("btn-reject").addEventListener("click", openReject);
  $("btn-edit").addEventListener("click", openEdit);
  $("btn-next").addEventListener("click", () => show(state.pos + 1));
  $("btn-prev").addEventListener("click", () => show(state.pos - 1));
  $("reject-form").addEventListener("submit", submitReject);
  $("reject-cancel").addEventListener("click", closeForms);
  $("edit-form").addEventListener("submit", submitEdit);
  $("edit-cancel").addEventListener("click", closeForms);
  $("help-btn").addEventListener("click", () => { $("help").hidden = !$("help").hidden; });
  $("help").addEventListener("click", closeForms);
}

start();
