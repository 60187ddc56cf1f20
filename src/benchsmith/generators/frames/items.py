"""Drafts to schema items, and items to FRAMES' own test-file layout."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime
from urllib.parse import quote

from benchsmith.generators.frames.assemble import Draft
from benchsmith.generators.frames.config import LABELS
from benchsmith.generators.frames.derive import conversion, display_unit
from benchsmith.schemas.frames import (
    FramesArticle,
    FramesDerivation,
    FramesItem,
    FramesRecord,
)
from benchsmith.types import Document, Provenance, content_id


def article_date(doc: Document) -> datetime | None:
    if doc.published_at is not None:
        return doc.published_at
    stamp = (doc.metadata or {}).get("revision_timestamp")
    try:
        return datetime.fromisoformat(str(stamp)) if stamp else None
    except ValueError:
        return None


def wiki_link(doc: Document) -> str:
    """How FRAMES lists an article: its URL when it is a Wikipedia page URL, else the title as a /wiki/ link."""
    if doc.url and "/wiki/" in doc.url:
        return doc.url
    return "https://en.wikipedia.org/wiki/" + quote(doc.title.replace(" ", "_"), safe="()_,'-.:") if doc.title else doc.doc_id


def snapshot_date(cfg) -> date | None:
    """The run's --as-of date (already checked by FramesConfig)."""
    return date.fromisoformat(cfg.as_of) if cfg.as_of else None


_LOWER_FIRST = {"what", "which", "how", "when", "who", "where", "in", "of", "put", "order", "taken"}


def pin_date(question: str, when: date) -> str:
    """'As of July 3, 2017, which ...': the question's first word is lowered only when it is a plain question word."""
    first = question.split(" ", 1)[0]
    if first.lower() in _LOWER_FIRST:
        question = question[0].lower() + question[1:]
    return f"As of {when:%B} {when.day}, {when.year}, {question}"


def to_item(draft: Draft, documents: dict[str, Document], provenance: Provenance, question: str | None = None,
            snapshot: date | None = None) -> FramesItem:
    """The schema item; a question resting on a fact that can change is pinned to the date of the articles that
    state such facts (their latest revision), else to `snapshot`, the date the corpus was captured."""
    order = list(dict.fromkeys(f.doc_id for f in draft.facts))
    warnings = []
    as_of = None
    q = question or draft.question
    changing = list(dict.fromkeys(f.doc_id for f in draft.facts if f.changeable))
    if changing:
        dates = [d.date() for d in (article_date(documents[i]) for i in changing) if d is not None]
        when = max(dates) if dates else snapshot
        if when is not None:
            as_of = when.isoformat()
            q = pin_date(q, when)
        else:
            warnings.append("changeable_fact_undated")
    first = draft.facts[0]
    values = [f for f in draft.facts if f.kind != "name"]
    unit = conversion(values)[0] if draft.op in ("convert", "gap_in") else display_unit(values)[0]
    derivation = FramesDerivation(op=draft.op, inputs=draft.inputs, dimension=first.dimension, unit=unit,
                                  steps=draft.steps, params=draft.params)
    return FramesItem(
        item_id=content_id(q, draft.answer, *order, prefix="frames-"),
        question=q, answer=draft.answer, reasoning_types=[LABELS[t] for t in draft.labels],
        articles=[FramesArticle(doc_id=i, title=documents[i].title, url=documents[i].url, role=draft.roles.get(i, "input"))
                  for i in order],
        facts=draft.facts, derivation=derivation, as_of=as_of, wiki_links=[wiki_link(documents[i]) for i in order],
        bridge=draft.bridge, provenance=provenance, warnings=warnings,
    )


def to_frames_record(item: FramesItem, index: int) -> dict:
    """One row as frames_subset_first100.jsonl has it: unique_id, Prompt, Answer, reasoning_types, wiki_links."""
    record = FramesRecord(unique_id=index, Prompt=item.question, Answer=item.answer,
                          reasoning_types=" | ".join(item.reasoning_types), wiki_links=repr(list(item.wiki_links)))
    return record.model_dump(mode="json")


TSV_LINK_COLUMNS = [f"wikipedia_link_{n}" for n in range(1, 11)] + ["wikipedia_link_11+"]


def to_frames_tsv(items: list[FramesItem]) -> str:
    """FRAMES' test.tsv layout: an unnamed index column, Prompt, Answer, wikipedia_link_1..10,
    wikipedia_link_11+ (the rest, space-separated), reasoning_types, wiki_links (a list literal)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter="\t", lineterminator="\n")
    writer.writerow(["", "Prompt", "Answer", *TSV_LINK_COLUMNS, "reasoning_types", "wiki_links"])
    for n, item in enumerate(items):
        links = list(item.wiki_links)
        cells = links[:10] + [""] * (10 - len(links[:10])) + [" ".join(links[10:])]
        writer.writerow([n, item.question, item.answer, *cells, " | ".join(item.reasoning_types), repr(links)])
    return buffer.getvalue()
