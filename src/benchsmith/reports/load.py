"""Any benchmark -> `LoadedBenchmark`: our folders of every kind, or the papers' own files.

Our folders (items.jsonl + benchmark.json) are read with the item models of their kind, so
every validator runs on them as the generator ran it. The papers' formats are read by the
evaluation importers (MultiHop-RAG, mtRAG, FRAMES, MIRAGE) or, for HotpotQA, by the
difficulty reader; see `load_foreign.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from benchsmith.corpora.store import DOCUMENTS_FILE, Corpus, load_corpus_dir
from benchsmith.errors import InputError
from benchsmith.fileio import iter_jsonl, read_json

KIND_LABELS = {"multihop_item": "multi-hop questions", "conversation": "conversations", "frames_item": "FRAMES questions",
               "mirage_item": "MIRAGE queries"}
ITEMS_FILE = "items.jsonl"


@dataclass
class Question:
    """One question a system is asked (a turn, for conversations), as the card and the difficulty figures see it."""

    item_id: str
    text: str
    answer: str
    types: tuple[str, ...] = ()
    evidence: list[str] = field(default_factory=list)  # evidence texts (facts, passages)
    gold_docs: list[str] = field(default_factory=list)  # corpus doc ids (titles or URLs where no corpus maps them)
    answerability: str = "answerable"  # answerable | partial | unanswerable | conversational
    turn: int | None = None
    anchors: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)  # publishers / sources of the evidence, where recorded
    titles: list[str] = field(default_factory=list)  # titles of the documents cited
    dates: list[str] = field(default_factory=list)
    documents: int = 0  # distinct documents it needs (hops, articles)


@dataclass
class LoadedBenchmark:
    name: str
    path: Path | None
    kind: str  # the item kind: multihop_item, conversation, frames_item, mirage_item
    source_format: str  # benchsmith, multihop-rag, hotpotqa, mtrag, frames, mirage
    questions: list[Question]
    items: list[Any]  # what the validators check: our item models, or adapters of the papers' records
    shown: dict[str, list[tuple[str, str]]]  # item id -> labelled texts, for listing an item
    corpus: Corpus | None = None
    manifest: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    review_dir: Path | None = None

    @property
    def native(self) -> bool:
        """Items are our own models (every validator can read them)."""
        return self.source_format == "benchsmith"

    @property
    def item_ids(self) -> list[str]:
        return list(dict.fromkeys(q.item_id for q in self.questions)) or [getattr(i, "item_id", "") for i in self.items]

    def documents_text(self) -> dict[str, str]:
        return {d.doc_id: f"{d.title}\n{d.text}" for d in self.corpus.documents} if self.corpus else {}


# -- our items -------------------------------------------------------------------------------------
def _dates(*values: str | None) -> list[str]:
    return [v for v in values if v]


def questions_of(item: Any) -> list[Question]:
    """The questions of one of our items, whatever its kind."""
    kind = item.kind
    if kind == "multihop_item":
        comp = (item.provenance.extra or {}).get("computation", {}) or {}
        docs = list(dict.fromkeys(e.doc_id for e in item.evidence))
        return [Question(item.item_id, item.query, item.answer, (item.question_type,), [e.fact for e in item.evidence], docs,
                         "answerable" if item.answerable else "unanswerable", anchors=list(comp.get("anchors", [])),
                         sources=[e.source for e in item.evidence if e.source], titles=[e.title or e.doc_id for e in item.evidence],
                         dates=_dates(*(e.published_at for e in item.evidence)), documents=len(docs))]
    if kind == "conversation":
        out = []
        for t in item.turns:
            docs = list(dict.fromkeys(c.doc_id for c in t.relevant))
            out.append(Question(item.item_id, t.user, t.response, (*t.question_types, f"turn: {t.multi_turn}"),
                                [c.text for c in t.relevant], docs, t.answerability.lower(), turn=t.turn,
                                titles=[c.title or c.doc_id for c in t.relevant], documents=len(docs)))
        return out
    if kind == "frames_item":
        return [Question(item.item_id, item.question, item.answer, tuple(item.reasoning_types), [f.text for f in item.facts],
                         [a.doc_id for a in item.articles], dates=_dates(item.as_of),
                         titles=[a.title or a.doc_id for a in item.articles], documents=len(item.articles))]
    if kind == "mirage_item":
        positives = [c for c in item.chunks if c.support == 1]
        return [Question(item.item_id, item.query, " | ".join(item.answers), (item.source or "unknown source",),
                         [c.text for c in positives], [item.doc_id], "answerable" if positives else "unanswerable",
                         titles=[item.doc_name or item.doc_id], documents=1)]
    raise InputError(f"no report support for items of kind {kind!r}")


def shown_of(item: Any) -> list[tuple[str, str]]:
    """The texts a reader needs to judge one of our items."""
    kind = item.kind
    if kind == "multihop_item":
        rows = [("question", item.query), ("answer", item.answer), ("type", item.question_type)]
        return rows + [(f"evidence {i + 1} ({e.title or e.doc_id})", e.fact) for i, e in enumerate(item.evidence)]
    if kind == "conversation":
        rows = []
        for t in item.turns:
            rows.append((f"turn {t.turn} user ({t.answerability.lower()})", t.user))
            rows.append((f"turn {t.turn} agent", t.response))
        return rows
    if kind == "frames_item":
        rows = [("question", item.question), ("answer", item.answer), ("reasoning", ", ".join(item.reasoning_types)),
                ("articles", ", ".join(a.title or a.doc_id for a in item.articles))]
        return rows + [(f"fact {f.fact_id}", f.text) for f in item.facts]
    if kind == "mirage_item":
        rows = [("query", item.query), ("answers", " | ".join(item.answers)), ("document", item.doc_name or item.doc_id)]
        return rows + [(f"positive chunk {c.rank}", c.text) for c in item.chunks if c.support == 1][:3]
    return [("item", str(item))]


def _model_for(kind: str):
    from benchsmith.schemas import SCHEMAS

    SCHEMAS.scan()
    if kind not in SCHEMAS or kind not in KIND_LABELS:
        raise InputError(f"no report support for items of kind {kind!r} (known: {', '.join(KIND_LABELS)})")
    return SCHEMAS.get(kind)


def read_items(path: Path) -> list[Any]:
    """Our items.jsonl, each record validated against the model of its kind; errors name FILE:LINE."""
    items = []
    for line, record in iter_jsonl(path):
        if not isinstance(record, dict) or "kind" not in record:
            raise InputError("not a benchsmith item (no 'kind' field)", path=path, line=line)
        try:
            items.append(_model_for(record["kind"]).model_validate(record))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = "$." + ".".join(str(p) for p in first["loc"]) if first["loc"] else "$"
            raise InputError(first["msg"], path=path, line=line, json_path=where) from None
    if not items:
        raise InputError("no items in the file", path=path)
    if len({i.kind for i in items}) > 1:
        raise InputError(f"items of several kinds in one file: {sorted({i.kind for i in items})}", path=path)
    return items


def from_items(items: list[Any], *, name: str, path: Path | None = None, corpus: Corpus | None = None,
               manifest: dict | None = None, review_dir: Path | None = None) -> LoadedBenchmark:
    """A benchmark of our items held in memory (a generate run writes its card from this)."""
    questions = [q for item in items for q in questions_of(item)]
    kind = items[0].kind if items else "multihop_item"
    return LoadedBenchmark(name, path, kind, "benchsmith", questions, list(items), {i.item_id: shown_of(i) for i in items},
                           corpus=corpus, manifest=manifest or {}, review_dir=review_dir)


# -- corpora ---------------------------------------------------------------------------------------
def load_corpus(path: Path) -> Corpus:
    """An ingested corpus folder, or a raw corpus file or folder ingested in memory (default chunking)."""
    if not path.exists():
        raise InputError("corpus not found", path=path)
    if path.is_dir() and (path / DOCUMENTS_FILE).is_file():
        return load_corpus_dir(path)
    from benchsmith.corpora.chunking import chunk_documents
    from benchsmith.corpora.loading import load_documents

    docs = load_documents([path])
    return Corpus(documents=docs, chunks=chunk_documents(docs), manifest={"source": str(path)})


def _our_corpus(folder: Path, manifest: dict, corpus: Path | None, notes: list[str]) -> Corpus | None:
    if corpus is not None:
        return load_corpus(corpus)
    ref = manifest.get("corpus_dir")
    if not ref:
        notes.append("benchmark.json names no corpus: grounding checks and BM25 ranks were skipped (pass --corpus)")
        return None
    where = (folder / ref) if not Path(ref).is_absolute() else Path(ref)
    if not (where / DOCUMENTS_FILE).is_file():
        notes.append(f"the corpus benchmark.json names ({ref}) is not at {where}: grounding checks and BM25 ranks "
                     "were skipped (pass --corpus)")
        return None
    return load_corpus_dir(where)


def _check_marker(folder: Path, notes: list[str]) -> None:
    """A report still reads a folder that changed after it was written (edited by hand, say), and says so."""
    from benchsmith.marker import check_complete

    try:
        check_complete(folder)
    except InputError as exc:
        notes.append(f"read anyway, but {exc.message}")


def load_ours(path: Path, corpus: Path | None = None) -> LoadedBenchmark:
    folder = path if path.is_dir() else path.parent
    items_path = path / ITEMS_FILE if path.is_dir() else path
    manifest_path = folder / "benchmark.json"
    manifest = read_json(manifest_path) if manifest_path.is_file() else {}
    notes: list[str] = []
    if path.is_dir():
        _check_marker(folder, notes)
    items = read_items(items_path)
    loaded = from_items(items, name=manifest.get("name") or folder.name, path=path, manifest=manifest,
                        corpus=_our_corpus(folder, manifest, corpus, notes), review_dir=folder / "review")
    loaded.notes.extend(notes)
    return loaded


def is_ours(path: Path) -> bool:
    if path.is_dir():
        return (path / ITEMS_FILE).is_file()
    if path.suffix not in (".jsonl", ".ndjson"):
        return False
    for _, record in iter_jsonl(path):
        return isinstance(record, dict) and record.get("kind") in KIND_LABELS
    return False


def load_any(path: str | Path, corpus: str | Path | None = None) -> LoadedBenchmark:
    """Read any benchmark: our folder or items.jsonl, MultiHopRAG.json, HotpotQA json, mtRAG conversations,
    FRAMES tsv/jsonl or MIRAGE dataset.json (sniffed from its fields).

    Raises:
        InputError: a path that does not exist, or a file that cannot be read (naming FILE:LINE).
    """
    path = Path(path)
    corpus_path = Path(corpus) if corpus is not None else None
    if not path.exists():
        raise InputError("benchmark not found", path=path)
    if is_ours(path):
        return load_ours(path, corpus_path)
    from benchsmith.reports.load_foreign import load_foreign

    return load_foreign(path, corpus_path)
