"""Where two related directives may be used, each read from its own page's "Context:" field (Apache httpd's
reference blocks; the made-up module pages of tests/conftest.py), compared, and the answer re-derived by the
comparison validator."""

from __future__ import annotations

from _multihop_item import validator_item

from benchsmith.generators.multihop.compose.field_contexts import context_candidates, read_contexts
from benchsmith.text import field_values
from benchsmith.validators.multihop import ComparisonConsistency


def test_each_entry_gives_the_contexts_its_page_lists(directive_pages):
    pages = directive_pages
    placed = {p.name: p for p in read_contexts(pages)}
    assert placed["CacheEnable"].contexts == {"server config", "virtual host", "directory"}
    assert placed["CacheFile"].contexts == {"server config"} and placed["CacheFile"].page.doc_id == "mod_file_cache"
    doc = pages[0]
    block = placed["CacheEnable"].block
    cited = doc.text[block.start:block.end]
    assert cited.startswith("CacheEnable Directive") and cited.endswith("\n\nContext: server config, virtual host, directory")
    assert field_values("Context: server config,\nvirtual host.") == {"server config", "virtual host"}  # wrapped


def test_related_entries_are_asked_a_telling_context_and_the_validator_re_derives_the_answer(directive_pages):
    pages = directive_pages
    docs = {d.doc_id: d for d in pages}
    cands = context_candidates(read_contexts(pages), seed=1)
    asked = [c for cand in cands for c in (cand, cand.get("flip")) if c]
    assert asked
    answers = set()
    for c in asked:
        a, b = c["computation"]["subjects"]
        # one family: "Cache..." with "Cache...", or one name the other's ending ("Header", "CacheHeader")
        assert a[:5] == b[:5] or a.endswith(b) or b.endswith(a)
        value = c["computation"]["value"]
        assert value not in ("server config", "proxy section")  # on most entries, or on one: asked of none
        lines = [docs[p.doc_id].text[v.start:v.end].rpartition("\n\n")[2] for p, v in c["evidence"]]
        assert len(lines) == 2 and all(line.startswith("Context: ") for line in lines)
        answers.add(c["answer"])
        item = validator_item(c, pages)
        assert ComparisonConsistency().check(item, None) == [], c["query"]
        item.answer = "No" if c["answer"] == "Yes" else "Yes"
        assert ComparisonConsistency().check(item, None), c["query"]
    assert answers == {"Yes", "No"}
    # "directory" in CacheRoot's description is no context of it: a question on it keeps to the context line
    root = [c for c in asked if "CacheRoot" in c["query"] and c["computation"]["value"] == "directory"]
    assert all(c["answer"] == "No" for c in root)
    # two entries of one page are never a pair: the question must need two pages
    assert not any({"Header", "RequestHeader"} <= set(c["computation"]["subjects"]) for c in asked)
