"""Integrity of the bundled Harbor City News example corpus (fiction, CC0).

Integration tests and the demo depend on these properties: if an edit to the corpus
breaks one of them, generated multi-hop questions lose their cross-article support.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest

from benchsmith.data import example_corpus

KEYS = ["doc_id", "title", "text", "source", "published_at", "url", "links", "meta"]
CATEGORIES = {"business", "technology", "sports", "science", "politics", "local"}
RECURRING = [
    "Lumora Energy", "Greywater Shipping", "Quillpay", "Kestrel Robotics", "Solvane Materials",
    "Harrowgate Builders", "Corvane Analytics", "Tidemark Ventures", "Harbor City Gulls",
    "Elena Marsh", "Tamsin Obregon", "Hendrik Vasse", "Marisol Denholm", "Jonah Kettering",
    "Ines Fairweather", "Bram Tolliver", "Lucia Brandt", "Rafael Okafor", "Wen Achterberg",
    "Eastport", "Port Calloway", "Calloway University", "Northgate", "Millbrook", "Old Quarter",
    "Ridgeview Stadium",
]
# (doc containing hop 1, doc containing hop 2, text that must appear in each)
BRIDGES = [
    ("hcn-007", "Kestrel Robotics was founded in 2022 by Jonah Kettering", "hcn-009",
     "Jonah Kettering, who served as Lumora's chief engineer from 2016 to 2021"),
    ("hcn-024", "Quillpay was founded in 2021 by Marisol Denholm", "hcn-002",
     "Marisol Denholm, who served as Greywater's chief financial officer from 2015 to 2021"),
    ("hcn-011", "Solvane Materials was founded by Ines Fairweather", "hcn-006",
     "Professor Ines Fairweather"),
]


CORPUS_DIR = example_corpus()


@pytest.fixture(scope="module")
def docs() -> list[dict]:
    lines = (CORPUS_DIR / "corpus.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_shape_and_fields(docs: list[dict]) -> None:
    assert len(docs) == 40
    assert len({d["doc_id"] for d in docs}) == 40
    for d in docs:
        assert list(d) == KEYS
        assert re.fullmatch(r"hcn-\d{3}", d["doc_id"])
        assert set(d["meta"]) == {"author", "category"}
        assert d["meta"]["category"] in CATEGORIES
        assert d["url"].startswith("https://example.org/")
        assert 180 <= len(d["text"].split()) <= 320, d["doc_id"]
        first_sentence = re.split(r"(?<=[.!?])\s", d["text"], maxsplit=1)[0]
        assert d["title"].lower() not in first_sentence.lower()


def test_dates_distinct_in_range_and_ordered(docs: list[dict]) -> None:
    stamps = [datetime.strptime(d["published_at"], "%Y-%m-%dT%H:%M:%SZ") for d in docs]
    assert len({s.date() for s in stamps}) == 40
    assert stamps == sorted(stamps)
    assert all(2024 <= s.year <= 2025 for s in stamps)


def test_five_sources(docs: list[dict]) -> None:
    assert len({d["source"] for d in docs}) == 5


@pytest.mark.parametrize("entity", RECURRING)
def test_recurring_entity_spans_docs_and_sources(docs: list[dict], entity: str) -> None:
    hits = [d for d in docs if entity in d["text"]]
    assert len(hits) >= 3
    assert len({d["source"] for d in hits}) >= 2


@pytest.mark.parametrize(("doc_a", "fact_a", "doc_b", "fact_b"), BRIDGES)
def test_bridge_hops_are_in_different_sources(docs, doc_a, fact_a, doc_b, fact_b) -> None:
    by_id = {d["doc_id"]: d for d in docs}
    assert fact_a in by_id[doc_a]["text"]
    assert fact_b in by_id[doc_b]["text"]
    assert by_id[doc_a]["source"] != by_id[doc_b]["source"]


def test_text_variant_folder() -> None:
    folder = CORPUS_DIR.parent / "harbor_city_news_txt"
    md = sorted(folder.glob("*.md"))
    html = sorted(folder.glob("*.html"))
    assert len(md) == 3 and len(html) == 1
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in md + html)
    for p in md:
        assert p.read_text(encoding="utf-8").startswith("# ")
    assert "<title>" in html[0].read_text(encoding="utf-8")
