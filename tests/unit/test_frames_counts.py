"""Count limits ("up to 10 tags with an object"): read with their holder, compared only with counts of one noun."""

from __future__ import annotations

from benchsmith.generators.core.figures.counts import count_kind
from benchsmith.generators.frames.facts import extract_facts
from benchsmith.generators.frames.graph import link_graph
from benchsmith.types import Chunk, Document, Span


def _doc(doc_id, title, text, links=()):
    return Document(doc_id=doc_id, title=title, text=text, links=list(links))


def _chunks(doc):
    return (Chunk(chunk_id=doc.doc_id + "-0", doc_id=doc.doc_id, text=doc.text, span=Span(start=0, end=len(doc.text)),
                  index=0, n_tokens=len(doc.text.split())),)


def test_counts_compare_only_with_counts_of_one_noun():
    """Tags beside tags (10 per object, 50 per job), rules beside rules: never tags beside rules; the question asks
    how much higher one limit is and the answer counts the noun, re-derived from the cited values."""
    from benchsmith.generators.frames.assemble import Assembler, fact_kind

    texts = {"a": "You can associate up to 10 tags with an object.", "b": "You can associate up to 50 tags with a job.",
             "c": "An S3 Lifecycle configuration can have up to 1,000 rules.",
             "d": "Amazon S3 has a limitation of 50 routing rules per website configuration."}
    titles = {k: f"Page {k.upper()}" for k in texts}
    docs = [_doc(k, titles[k], t, links=[titles[o] for o in texts if o != k]) for k, t in texts.items()]
    facts = {d.doc_id: extract_facts(d, _chunks(d)) for d in docs}
    kinds = {k: fact_kind(f) for k, fs in facts.items() for f in fs if f.kind == "quantity"}
    assert kinds == {"a": count_kind("tags"), "b": count_kind("tags"), "c": count_kind("rules"), "d": count_kind("rules")}
    assert all(f.dimension == "count" and f.changeable for fs in facts.values() for f in fs if f.kind == "quantity")
    asm = Assembler({d.doc_id: d for d in docs}, facts, link_graph(docs), 0)
    seen = {}
    for _ in range(40):
        draft = asm.draft("numerical", 2)
        if draft is not None:
            assert len({kinds[f.doc_id] for f in draft.facts}) == 1, draft.question
            seen[frozenset(f.doc_id for f in draft.facts), draft.op] = (draft.question, draft.answer)
    assert seen[frozenset("ab"), "gap"] == (
        "How much higher is the maximum number of tags per job than the maximum number of tags per object?", "40 tags")
    assert seen[frozenset("ab"), "ratio"][1] == "5"
    assert seen[frozenset("cd"), "gap"][1] == "950 rules"  # "routing rules" and "rules" both count rules
    assert seen[frozenset("cd"), "ratio"][1] == "20"
    assert set(seen) <= {(frozenset("ab"), op) for op in ("gap", "ratio")} | {(frozenset("cd"), op) for op in ("gap", "ratio")}
    assert asm.options("post_processing", 2) == []  # counts are not converted to another unit


def test_a_count_fact_passes_the_independent_rederivation():
    from benchsmith.validators.frames import read_value

    doc = _doc("a", "Page A", "You can associate up to 1,000 tags with an object.")
    [fact] = [f for f in extract_facts(doc, _chunks(doc)) if f.kind == "quantity"]
    assert (fact.unit, fact.value, fact.label) == ("tags", 1000, "the maximum number of tags per object")
    assert read_value(fact, doc.text) == 1000


def test_a_count_threshold_is_worded_in_the_head_noun():
    import random

    from benchsmith.generators.frames.derive import window
    from benchsmith.schemas.frames import FramesFact

    def fact(fid, value, unit):
        return FramesFact(fact_id=fid, doc_id=fid, chunk_id=fid, kind="quantity", dimension="count", value=value, unit=unit,
                          span=Span(start=0, end=1), text="x", value_span=Span(start=0, end=1), value_text="x", label=fid)

    params = window([fact("a", 50, "routing rules"), fact("b", 100, "rules"), fact("c", 1000, "rules")], random.Random(0))
    assert params["shown_low"].endswith(" rules") and "routing" not in params["shown_low"]
