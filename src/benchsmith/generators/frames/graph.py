"""Article sets from the corpus's link graph (networkx).

Two articles are joined when one links to the other (link targets matched to
document titles), or when both link to the same target (a painter, a museum, a
page) that is specific enough: shared by at most `hub_max_share` of the corpus.
A corpus without links is joined by titles mentioned in other documents' text
instead. A set is a connected group of k articles grown from a seed.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence

import networkx as nx

from benchsmith.types import Document


def _norm(title: str) -> str:
    return re.sub(r"\s+", " ", title).strip().lower()


_TOKEN = re.compile(r"\w+|[^\w\s]")


def _tokens(text: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(text.lower()))


def _mentioned_titles(documents: Sequence[Document]) -> dict[str, set[str]]:
    """Title (normalised) -> documents whose text names it as whole words.

    Titles are looked up by token n-grams, one pass over each text, not one regular
    expression per (document, title): that pairing took over an hour on a 6,000-paragraph corpus.
    """
    titles: dict[tuple[str, ...], str] = {}
    for d in documents:
        if len(d.title) >= 4 and (key := _tokens(d.title)):
            titles[key] = _norm(d.title)
    lengths = sorted({len(k) for k in titles})
    found: dict[str, set[str]] = defaultdict(set)
    for d in documents:
        words = _tokens(d.text)
        for n in lengths:
            for i in range(len(words) - n + 1):
                title = titles.get(words[i:i + n])
                if title is not None:
                    found[title].add(d.doc_id)
    return found


def _targets(documents: Sequence[Document]) -> dict[str, set[str]]:
    """Link target (normalised) -> documents linking to it; titles mentioned in text where no document has links."""
    if not any(d.links for d in documents):
        return _mentioned_titles(documents)
    by_target: dict[str, set[str]] = defaultdict(set)
    for d in documents:
        for t in d.links:
            by_target[_norm(t)].add(d.doc_id)
    return by_target


def link_graph(documents: Sequence[Document], hub_max_share: float = 0.25) -> nx.Graph:
    """Articles as nodes; edges from direct links and from shared, specific link targets (edge attribute `via`)."""
    g = nx.Graph()
    g.add_nodes_from(d.doc_id for d in documents)
    by_title = {_norm(d.title): d.doc_id for d in documents}
    by_target = _targets(documents)
    for target, docs in by_target.items():
        own = by_title.get(target)
        if own is not None:
            for d in docs:
                if d != own:
                    g.add_edge(d, own, via=target)
    cap = max(2, int(hub_max_share * len(documents)))
    for target, docs in by_target.items():
        if 2 <= len(docs) <= cap:
            ordered = sorted(docs)
            for i, a in enumerate(ordered):
                for b in ordered[i + 1:]:
                    if not g.has_edge(a, b):
                        g.add_edge(a, b, via=target)
    return g


POOLS_KEPT = 1024  # pools whose links draw_set keeps (the S3 guide: 115 distinct pools of about 4 articles a run)


def draw_set(g: nx.Graph, eligible: Iterable[str], k: int, rng: random.Random,
             seeds: Iterable[str] | None = None) -> list[str] | None:
    """A connected set of k eligible articles grown from a random seed (one of `seeds` when given), or None."""
    # plain sets, not a networkx subgraph view: this runs for every drafting attempt, and views filter every
    # neighbour of every node on each look-up.
    # A run drafts tens of thousands of times over a hundred or so distinct pools: each pool's links, and the
    # articles a set can start from, are read once (kept on the graph, keyed by the pool: the graph is not changed
    # once built)
    pool = frozenset(eligible)
    kept = g.graph.setdefault("pool_links", {})
    if pool not in kept:
        if len(kept) >= POOLS_KEPT:
            kept.clear()
        nodes = frozenset(n for n in pool if n in g)
        adj = {n: frozenset(set(g[n]) & nodes) for n in nodes}
        kept[pool] = adj, sorted(n for n in nodes if adj[n])
    adj, linked = kept[pool]
    allowed = set(seeds) if seeds is not None else None
    starts = linked if allowed is None else [n for n in linked if n in allowed]
    if not starts:
        return None
    for _ in range(8):
        chosen = [rng.choice(starts)]
        frontier = set(adj[chosen[0]])
        while len(chosen) < k and frontier:
            nxt = rng.choice(sorted(frontier))
            chosen.append(nxt)
            frontier |= adj[nxt]
            frontier.difference_update(chosen)
        if len(chosen) == k:
            return chosen
    return None


def two_hop(g: nx.Graph, documents: dict[str, Document]) -> nx.Graph:
    """Articles one or two links apart (edge attribute `via`: the direct link's target, else the title of an
    article both link to). Kept on `g` (graph attribute "two_hop"): a run re-plans with several assemblers over
    one link graph, and the power graph of a densely linked manual takes seconds to build."""
    if "two_hop" not in g.graph:
        # nx.power(g, 2) with each pair's `via` looked up afterwards took 3 s on the S3 guide (415 pages, a nearly
        # complete square): plain sets, one pass over each node's neighbours, each edge added once
        adj = {n: set(g[n]) for n in g}
        two = nx.Graph()
        two.add_nodes_from(g)
        edges = []
        for a in g:
            for b in adj[a]:
                if a < b:
                    edges.append((a, b, g.edges[a, b]["via"]))
            # shared neighbours in id order, so a pair two links apart takes the title of the one whose id sorts first
            middle: dict[str, str] = {}
            for m in sorted(adj[a]):
                for b in adj[m]:
                    if a < b and b not in adj[a]:
                        middle.setdefault(b, m)
            edges += [(a, b, documents[m].title) for b, m in middle.items()]
        two.add_edges_from((a, b, {"via": via}) for a, b, via in edges)
        g.graph["two_hop"] = two
    return g.graph["two_hop"]


def bridge_of(g: nx.Graph, members: Sequence[str]) -> str | None:
    """The link target most edges inside the set go through (what ties the articles together)."""
    counts: dict[str, int] = defaultdict(int)
    for i, a in enumerate(members):
        for b in members[i + 1:]:
            via = (g.get_edge_data(a, b) or {}).get("via")
            if via:
                counts[via] += 1
    return max(sorted(counts), key=counts.get) if counts else None
