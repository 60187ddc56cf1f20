"""Tiny inline benchmarks for the card and report tests: a three-document corpus and multihop items over it."""

from __future__ import annotations

from datetime import UTC, datetime

from benchsmith.corpora.store import Corpus
from benchsmith.schemas.multihop import MultihopEvidence, MultihopItem
from benchsmith.types import Chunk, Document, Provenance, Span

T1 = "Harrowgate Builders won the contract for the Eastport ferry terminal. The contract is worth 64 million dollars."
T2 = "Harrowgate Builders will renovate Ridgeview Stadium. The renovation costs 48 million dollars."
T3 = "Ferries, trams and buses carry people across Harbor City every day of the week. <script>alert(1)</script>"


def corpus() -> Corpus:
    docs = [Document(doc_id="d1", title="Ferry", text=T1, source="Ledger", published_at=datetime(2024, 1, 9, tzinfo=UTC)),
            Document(doc_id="d2", title="Stadium", text=T2, source="Sports", published_at=datetime(2024, 2, 6, tzinfo=UTC)),
            Document(doc_id="d3", title="Transit <b>", text=T3, source="Ledger")]
    chunks = [Chunk(chunk_id=f"{d.doc_id}#0", doc_id=d.doc_id, text=d.text, span=Span(start=0, end=len(d.text)), index=0,
                    n_tokens=len(d.text.split())) for d in docs]
    return Corpus(documents=docs, chunks=chunks, manifest={})


def evidence(doc_id: str, text: str, sentence: str, title: str = "", published_at: str | None = None) -> MultihopEvidence:
    start = text.index(sentence)
    return MultihopEvidence(doc_id=doc_id, chunk_id=f"{doc_id}#0", span=Span(start=start, end=start + len(sentence)),
                            fact=sentence, claim=sentence, title=title, source="Ledger", published_at=published_at)


def item(item_id: str, query: str, answer: str, qtype: str = "inference_query", evidence_list=None) -> MultihopItem:
    evs = evidence_list if evidence_list is not None else [
        evidence("d1", T1, "The contract is worth 64 million dollars.", "Ferry", "2024-01-09"),
        evidence("d2", T2, "The renovation costs 48 million dollars.", "Stadium", "2024-02-06")]
    return MultihopItem(item_id=item_id, query=query, answer=answer, question_type=qtype, evidence=evs,
                        provenance=Provenance(step="test"))


def items() -> list[MultihopItem]:
    return [
        item("mh-1", "Which builder won both the ferry contract and the stadium renovation?", "Harrowgate Builders"),
        item("mh-2", "Which builder won both the ferry contract and the stadium renovation job?", "Harrowgate Builders"),
        item("mh-3", "Is the ferry contract worth more than the stadium renovation?", "Yes", "comparison_query"),
        item("mh-4", "Who founded the Quillon lighthouse <script>alert('x')</script> guild?", "Insufficient information.",
             "null_query", []),
    ]
