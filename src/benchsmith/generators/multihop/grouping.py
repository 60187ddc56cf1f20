"""Step 4: bridge grouping: a networkx graph of claims, bridge entities and bridge topics.

Claims link to every bridgeable entity they mention and to their topic head.
A bridge node whose claims come from two or more documents yields claim sets of
2-4 claims, one per document, preferring documents from different sources.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import networkx as nx

from benchsmith.generators.multihop.collection import is_wire
from benchsmith.generators.multihop.models import BridgeGroup, Claim, ClaimSet
from benchsmith.generators.multihop.ner import BRIDGE_LABELS
from benchsmith.generators.multihop.queries.story_subjects import opens_story, prominent_in
from benchsmith.generators.multihop.text import content_tokens, normalize_entity
from benchsmith.types import Document

_GENERIC_TOPICS = frozenset({"year", "time", "people", "part", "number", "way", "day", "week", "month", "thing", "lot"})


def build_claim_graph(claims: Sequence[Claim]) -> nx.Graph:
    """Bipartite graph: claim nodes linked to ('entity', norm) and ('topic', norm) nodes."""
    g = nx.Graph()
    for c in claims:
        g.add_node(("claim", c.claim_id), claim=c)
        for e in c.entities:
            if e.label in BRIDGE_LABELS and e.norm:
                g.add_edge(("claim", c.claim_id), ("entity", e.norm))
                g.nodes[("entity", e.norm)].setdefault("surfaces", Counter())[e.text] += 1
                g.nodes[("entity", e.norm)].setdefault("labels", Counter())[e.label] += 1
        if c.topic_norm and c.topic_norm not in _GENERIC_TOPICS:
            g.add_edge(("claim", c.claim_id), ("topic", c.topic_norm))
            g.nodes[("topic", c.topic_norm)].setdefault("surfaces", Counter())[c.topic] += 1
    return g


def bridge_groups(g: nx.Graph, *, min_docs: int = 2) -> list[BridgeGroup]:
    """Every entity or topic node whose claims span at least `min_docs` documents, in a stable order."""
    groups = []
    for node in sorted(n for n in g.nodes if n[0] != "claim"):
        kind, key = node
        by_doc: dict[str, list[Claim]] = {}
        for nb in sorted(g.neighbors(node)):
            c: Claim = g.nodes[nb]["claim"]
            by_doc.setdefault(c.fact.doc_id, []).append(c)
        if len(by_doc) < min_docs:
            continue
        data = g.nodes[node]
        # The full name when a short form was merged into it ("Lumora Energy", not "Lumora").
        full = [s for s in sorted(data["surfaces"]) if normalize_entity(s) == key]
        surface = max(full or sorted(data["surfaces"]), key=lambda s: data["surfaces"][s])
        label = max(sorted(data["labels"]), key=lambda s: data["labels"][s]) if "labels" in data else "TOPIC"
        for claims in by_doc.values():
            # A claim whose sentence writes the bridge out comes first (not "It ..." resolved to it), then the
            # claim whose own target is this bridge: it is most "about" it.
            claims.sort(key=lambda c: (not names_bridge(c, key), c.target_norm != key, c.fact.start))
        share = data["labels"][label] / sum(data["labels"].values()) if "labels" in data else 1.0
        groups.append(BridgeGroup(kind=kind, key=key, surface=surface, label=label, claims_by_doc=by_doc, label_share=share))
    return groups


def names_bridge(claim: Claim, key: str) -> bool:
    """Whether the claim's cited sentence itself names the bridge (its full or its short form)."""
    text = f" {normalize_entity(claim.fact.readable)} "
    return any(e.norm == key and f" {normalize_entity(e.text)} " in text for e in claim.entities)


def keywords_for(claims: Sequence[Claim], bridge: str) -> tuple[str, ...]:
    """The bridge plus the content words shared by at least two of the claims."""
    counts: Counter[str] = Counter()
    for c in claims:
        counts.update(content_tokens(c.text))
    shared = sorted(w for w, n in counts.items() if n >= 2 and not w.isdigit())
    return (bridge, *[w for w in shared if w not in content_tokens(bridge)][:8])


def draw_claim_set(group: BridgeGroup, k: int, documents: dict[str, Document], rng: random.Random, used: set[str]) -> ClaimSet | None:
    """Pick k claims from k different documents not yet used for this group, spreading over sources.

    `used` holds doc ids already drawn from this group; it is updated.
    """
    free = [d for d in sorted(group.claims_by_doc) if d not in used]
    if len(free) < k:
        return None
    rng.shuffle(free)
    if group.kind == "entity" and is_wire(documents):
        free = central_first(free, group.surface, documents)
    picked: list[str] = []
    seen_sources: set[str | None] = set()
    for d in free:  # first pass: one per source
        src = documents[d].source
        if src not in seen_sources:
            picked.append(d)
            seen_sources.add(src)
        if len(picked) == k:
            break
    for d in free:
        if len(picked) == k:
            break
        if d not in picked:
            picked.append(d)
    used.update(picked)
    claims = tuple(group.claims_by_doc[d][0] for d in picked)
    return ClaimSet(group=group, claims=claims, keywords=keywords_for(claims, group.surface))


CENTRAL_LOOKUP = 60  # stories of a large group read for their lead (the rest keep their drawn order)


def central_first(doc_ids: list[str], name: str, documents: dict[str, Document]) -> list[str]:
    """`doc_ids` with the stories `name` opens first, then those that give it a part of its own (its lead names it,
    or it returns to it), in their drawn order: two wire stories drawn at random from the dozens that name the
    Fed are rarely both about it, and a pair that is not is refused by every question type."""
    def rank(d: str) -> int:
        doc = documents[d]
        return 0 if opens_story(doc, name, as_modifier=True) else 1 if prominent_in(doc, name) else 2

    head = doc_ids[:CENTRAL_LOOKUP]
    return sorted(head, key=rank) + doc_ids[CENTRAL_LOOKUP:]


def iter_groups(groups: Sequence[BridgeGroup], kind: str | None, rng: random.Random) -> Iterator[BridgeGroup]:
    """Groups of the given kind in a seeded order (bigger groups are not favoured, for variety)."""
    chosen = [g for g in groups if kind is None or g.kind == kind]
    rng.shuffle(chosen)
    yield from chosen
