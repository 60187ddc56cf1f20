"""Inference over a default one entry borrows from another's: "Default: Value of Timeout" on one page, "Default:
TimeOut 60" (in seconds, by its syntax line) on another.

    How many seconds does the H2StreamTimeout directive default to?    -> 60

The answer is unique by construction (one setting, one default, read through the one setting it names) and needs
both pages: the first gives no number, the second never names the borrowing setting (a page that does, "In
mod_proxy, the default timeout value if ProxyTimeout is not configured", may answer alone, and the pair is not asked).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from benchsmith.generators.multihop.compose.field_facts import _NAME, Default, blocks, kind_word, read_defaults
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.text import contains_phrase
from benchsmith.types import Document

_BORROWED = re.compile(rf"^(?:[Tt]he )?[Vv]alue of (?:the )?(?P<ref>{_NAME})(?: directive| option| setting| parameter)?"
                       rf"(?: when unset)?\.?$")
_HOW_MANY = {"seconds": "seconds", "milliseconds": "milliseconds", "minutes": "minutes", "bytes": "bytes",
             "kilobytes": "kilobytes", "second": "seconds"}


def inherit_candidates(documents: Sequence[Document], stated: Sequence[Default] | None = None) -> list[dict]:
    """"How many seconds does X default to?" for each entry whose default is the value of one named setting that
    another page gives a numeric default (`stated`, read from `documents` when not given), where that page does
    not name X."""
    defaults: dict[str, list[Default]] = defaultdict(list)
    for d in read_defaults(documents) if stated is None else stated:
        defaults[d.name.lower()].append(d)
    if not defaults:
        return []
    texts = {doc.doc_id: doc.text for doc in documents}
    bare = kind_word(documents)
    out = []
    for doc in documents:
        if "alue of" not in doc.text:
            continue
        for entry in blocks(doc, bare):
            field = entry.fields.get("default")
            m = _BORROWED.match(field[0]) if field else None
            refs = defaults.get(m.group("ref").lower(), []) if m else []
            if not refs or len({(r.amount, r.unit) for r in refs}) != 1:
                continue  # no stated default to borrow, or pages that disagree on it
            for ref in refs:
                if ref.page.doc_id == doc.doc_id or contains_phrase(texts[ref.page.doc_id], entry.name):
                    continue
                unit = _HOW_MANY[ref.unit]
                page = Profile(doc.doc_id, doc.title)
                out.append({
                    "type": "inference_query", "query": f"How many {unit} does the {entry.name} {entry.kind} default to?",
                    "answer": ref.number, "page_facts": True, "bridge": None,
                    "evidence": [(page, entry.heading), (page, Value(m.group("ref"), field[1], field[2])),
                                 *[(ref.page, v) for v in (ref.syntax, ref.default) if v is not None]],
                    "anchors": [entry.name], "key": f"inherited default | {entry.name}",
                    "template": "inference.inherited_default",
                    "computation": {"op": "inherited_default", "subjects": [entry.name, ref.name],
                                    "values": [m.group("ref"), ref.number], "unit": ref.unit, "answer": ref.number},
                })
    return out

