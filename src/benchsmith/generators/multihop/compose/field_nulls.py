"""Null queries for a reference manual: a module the manual never names, built from its own name parts and asked in
the words of a field its entries carry.

    Since which version is the mod_session_socache module available?

The manual names families of modules ("mod_authn_dbd", "mod_authn_socache", "mod_session_dbd"); two families that
share an ending are kin, and an ending of one the other lacks makes a name a reader takes as plausible
("mod_session_socache"). The name is proven absent: it occurs in no page (as text, in any case), and it is not
within the validator's fuzzy distance of a name the manual gives ("mod_session_dbm" beside "mod_session_dbd" is
left out). Each template asks for a field that entries of that kind carry on several pages.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence

from rapidfuzz import fuzz

from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.compose.field_facts import blocks, kind_word
from benchsmith.generators.multihop.models import Draft
from benchsmith.generators.multihop.queries.null import NULL_ANSWER
from benchsmith.types import Document

FAMILY_MIN = 3  # names a family (one prefix) must have to lend its endings
FIELD_MIN = 5  # entries of the kind that must carry a field for a question to ask for it
KIN_MIN = 1  # endings two families must share to lend each other the rest
NEAR = 90  # the null validator's fuzzy cutoff: an invented name must score below it against every real name
TEMPLATES = {  # field label -> question asked of the invented thing
    "compatibility": "Since which version is the {name} {kind} available?",
    "description": "What does the {name} {kind} do?",
    "source file": "Which source file implements the {name} {kind}?",
    "default": "What is the default value of the {name} {kind}?",
    "context": "In which contexts can the {name} {kind} be used?",
}


def split_name(name: str) -> tuple[str, str, str] | None:
    """(prefix, joint, ending): "mod_authn_dbd" -> ("mod_authn", "_", "dbd"); None for a name of another shape
    ("mod_ssl"; "ProxyTimeout": pairing camel-case words gives names such as "AuthIcon" that read as nothing)."""
    head, _, tail = name.rpartition("_")
    return (head, "_", tail) if "_" in head and tail.isalnum() else None


def _families(names: Sequence[str]) -> dict[tuple[str, str], set[str]]:
    """(prefix, joint) -> endings of the names of that prefix ("mod_authn" -> {"dbd", "file", ...})."""
    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name in names:
        parts = split_name(name)
        if parts is not None:
            out[parts[:2]].add(parts[2])
    return {h: t for h, t in out.items() if len(t) >= FAMILY_MIN}


def invented_names(names: Sequence[str], corpus_lower: str) -> list[str]:
    """Names "prefix_ending" with a common ending a kin family has (two families are kin when they share an ending),
    absent from the corpus text and not close to any real name."""
    families = _families(names)
    real = sorted({n.lower() for n in names})
    # endings that name a kind of backend or part, not one module's own word ("shmcb", "groupfile"): shared by two
    # families, or a family's own name ("socache" of "mod_socache_*" and of "mod_authn_socache")
    shared = Counter(t for tails in families.values() for t in tails)
    common = {t for t, c in shared.items() if c >= 2} | {h.rpartition("_")[2] for h, joint in families if joint}
    out = []
    for (head, joint), tails in sorted(families.items()):
        for other, others in sorted(families.items()):
            if other == (head, joint) or other[1] != joint or len(tails & others) < KIN_MIN:
                continue
            for tail in sorted((others - tails) & common):
                name = f"{head}{joint}{tail}"
                low = name.lower()
                if low in corpus_lower or any(fuzz.ratio(low, r) >= NEAR for r in real):
                    continue
                if name not in out:
                    out.append(name)
    return out


def field_null_candidates(documents: Sequence[Document]) -> list[dict]:
    """(name, kind, template) for each invented name of a kind whose entries the manual titles, with each field
    that kind's entries carry often enough."""
    names: dict[str, set[str]] = defaultdict(set)
    labels: dict[str, Counter] = defaultdict(Counter)
    bare = kind_word(documents)
    for doc in documents:
        for entry in blocks(doc, bare):
            names[entry.kind].add(entry.name)
            labels[entry.kind].update(list(entry.fields))
    if not names:
        return []
    corpus_lower = "\n".join(d.text.lower() for d in documents)
    out = []
    for kind in sorted(names):
        asked = [label for label in TEMPLATES if labels[kind][label] >= FIELD_MIN]
        for name in invented_names(sorted(names[kind]), corpus_lower) if asked else []:
            out += [{"name": name, "kind": kind, "label": label} for label in asked]
    return out


_CANDIDATES: PerCorpus[tuple[list[dict], set[str]]] = PerCorpus()  # the invented names, and those asked so far


def build_field_null(index, rng: random.Random) -> Draft | str:
    """One null query about an invented module not asked yet, or the reason there is none (drawing nothing from
    `rng` then): "field_names_used" where the manual gives invented names and all were asked, so no other kind
    of null stands in for them."""
    documents = getattr(index, "documents", None)
    if documents is None:
        return "no_field_names"
    cands, used = _CANDIDATES.get(index, "names", lambda: (
        [c for c in field_null_candidates(list(documents)) if not index.phrase_occurs(c["name"])], set()))
    if not cands:
        return "no_field_names"
    fresh = [c for c in cands if c["name"] not in used]  # one question per invented name
    if not fresh:
        return "field_names_used"
    cand = fresh[rng.randrange(len(fresh))]
    used.add(cand["name"])
    labels = list(TEMPLATES)
    return Draft(
        query=TEMPLATES[cand["label"]].format(name=cand["name"], kind=cand["kind"]), answer=NULL_ANSWER,
        question_type="null_query", claims=(), bridge_entity=None, bridge_topic=None, keywords=(cand["name"],),
        null_entities=(cand["name"],), null_sources=(),
        computation={"op": "null", "invented": [cand["name"]], "from_parts": list(split_name(cand["name"])[::2]),
                     "field": cand["label"]},
        template=f"null.field.{labels.index(cand['label'])}",
    )
