"""A tiny multihop benchmark folder, written by hand, for the review tests: two documents, three items."""

from __future__ import annotations

from pathlib import Path

from benchsmith.corpora.store import write_corpus_dir
from benchsmith.fileio import dumps
from benchsmith.outdir import replacing_dir
from benchsmith.schemas.benchmark import BenchmarkManifest
from benchsmith.schemas.multihop import MultihopEvidence, MultihopItem
from benchsmith.types import Chunk, Document, Provenance, Span

DOCS = [
    Document(doc_id="d1", title="Plant opens", source="Harbor Tribune",
             text="The Lumora Energy plant opened in Northgate in 2019. It employs 300 workers from the valley."),
    Document(doc_id="d2", title="Youth club", source="Coastal Daily",
             text="Since 2021 the Southport youth club has been sponsored by Lumora Energy. Its coach is Mara Voss."),
    Document(doc_id="d3", title="Evil <script>alert('x')</script>", source="Web",
             text="Markup is data: <script>window.__pwned = 1</script> <b>bold?</b> & more text about the valley."),
]


def _evidence(doc: Document, sentence: str) -> MultihopEvidence:
    start = doc.text.index(sentence)
    return MultihopEvidence(doc_id=doc.doc_id, chunk_id=f"{doc.doc_id}#0", span=Span(start=start, end=start + len(sentence)),
                            fact=sentence, claim=sentence, title=doc.title, source=doc.source)


def items() -> list[MultihopItem]:
    d1, d2, d3 = DOCS
    prov = Provenance(step="test", strategy="heuristic")
    return [
        MultihopItem(item_id="q1", query="Which company runs the Northgate plant and sponsors the Southport youth club?",
                     answer="Lumora Energy", question_type="inference_query", provenance=prov,
                     evidence=[_evidence(d1, "The Lumora Energy plant opened in Northgate in 2019."),
                               _evidence(d2, "Since 2021 the Southport youth club has been sponsored by Lumora Energy.")]),
        MultihopItem(item_id="q2", query="Which energy firm employs valley workers and backs a club coached by Mara Voss?",
                     answer="Lumora Energy", question_type="inference_query", provenance=prov,
                     evidence=[_evidence(d1, "It employs 300 workers from the valley."),
                               _evidence(d2, "Since 2021 the Southport youth club has been sponsored by Lumora Energy.")]),
        MultihopItem(item_id="q3", query="What does the page with markup say about the valley and the Northgate plant?",
                     answer="Lumora Energy", question_type="inference_query", provenance=prov,
                     evidence=[_evidence(d3, "& more text about the valley."),
                               _evidence(d1, "The Lumora Energy plant opened in Northgate in 2019.")]),
    ]


def make_bench(root: Path) -> Path:
    """Write root/corpus and root/bench (a complete benchmark folder, as a generator leaves it); returns the bench."""
    chunks = [Chunk(chunk_id=f"{d.doc_id}#0", doc_id=d.doc_id, title=d.title, text=d.text, span=Span(start=0, end=len(d.text)),
                    index=0, n_tokens=len(d.text.split())) for d in DOCS]
    write_corpus_dir(root / "corpus", DOCS, chunks, {"name": "tiny"})
    bench = root / "bench"
    manifest = BenchmarkManifest(name="tiny", generator="multihop", corpus_dir="../corpus", config={"evidence": [2, 4]})
    with replacing_dir(bench) as tmp:
        (tmp / "items.jsonl").write_text("".join(dumps(i) + "\n" for i in items()), encoding="utf-8")
        (tmp / "qrels.tsv").write_text("".join(f"{i.item_id} 0 {e.chunk_id} 1\n" for i in items() for e in i.evidence))
        (tmp / "benchmark.json").write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return bench
