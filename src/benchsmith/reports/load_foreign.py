"""The papers' own formats -> `LoadedBenchmark`, with adapters the validators can read.

The evaluation importers read MultiHopRAG.json, mtRAG conversations, FRAMES tsv/jsonl and
MIRAGE's dataset.json into `EvalQuery` records; HotpotQA json is read by the difficulty reader.
Each record becomes a `Question` (for the card) and an `ImportedItem` carrying the attributes
our validators read (query, answer, evidence facts, turns). What a format does not record
(character spans, computations, proofs) is not invented: the validators that need it are
skipped by the report, with the reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import unquote

from benchsmith.corpora.store import Corpus
from benchsmith.errors import InputError
from benchsmith.reports.load import LoadedBenchmark, Question, load_corpus

FORMAT_KINDS = {"multihop-rag": "multihop_item", "hotpotqa": "multihop_item", "mtrag": "conversation",
                "frames": "frames_item", "mirage": "mirage_item"}
NULL_TYPES = frozenset({"null_query"})


@dataclass
class ImportedEvidence:
    fact: str
    doc_id: str
    title: str = ""
    source: str | None = None
    published_at: str | None = None


@dataclass
class ImportedContext:
    doc_id: str
    chunk_id: str
    text: str
    relevance: int = 1
    title: str = ""


@dataclass
class ImportedTurn:
    turn: int
    user: str
    rewrite: str
    multi_turn: str
    answerability: str  # upper case, as our conversation items spell it
    response: str
    contexts: list[ImportedContext] = field(default_factory=list)
    proof: Any = None

    @property
    def relevant(self) -> list[ImportedContext]:
        return [c for c in self.contexts if c.relevance > 0]


@dataclass
class ImportedItem:
    """A paper's record with the attributes our validators read; `kind` is the kind it stands for."""

    kind: str
    item_id: str
    query: str
    answer: str
    question_type: str = ""
    evidence: list[ImportedEvidence] = field(default_factory=list)
    turns: list[ImportedTurn] = field(default_factory=list)
    required: int = 1
    docs: list[str] = field(default_factory=list)  # documents cited, where the evidence does not name them
    strategy: str = "imported"
    provenance: Any = field(default_factory=lambda: SimpleNamespace(extra={}))

    @property
    def question(self) -> str:
        return self.query

    @property
    def required_documents(self) -> int:
        return self.required

    @property
    def answerable(self) -> bool:
        return self.required > 0

    def evidence_refs(self) -> list[Any]:
        if self.turns:
            refs = {c.chunk_id: SimpleNamespace(doc_id=c.doc_id, chunk_id=c.chunk_id, text=c.text)
                    for t in self.turns for c in t.relevant}
            return list(refs.values())
        if self.docs:
            return [SimpleNamespace(doc_id=d, chunk_id=d, text="") for d in self.docs]
        return [SimpleNamespace(doc_id=e.doc_id, chunk_id=e.doc_id, text=e.fact) for e in self.evidence]

    def dedup_text(self) -> str:
        return " ".join(t.rewrite for t in self.turns) if self.turns else self.query


def _title_of(ref: str) -> str:
    """A Wikipedia URL's title ("https://en.wikipedia.org/wiki/FIFA_World_Cup" -> "FIFA World Cup")."""
    return unquote(ref.rstrip("/").rsplit("/", 1)[-1]).replace("_", " ") if "/" in ref else ref


class _GoldMap:
    """Titles and URLs (what the papers' files name) -> corpus doc ids, when a corpus is given."""

    def __init__(self, corpus: Corpus | None) -> None:
        self.by_key: dict[str, str] = {}
        for d in corpus.documents if corpus else ():
            for key in (d.doc_id, d.title, getattr(d, "url", None)):
                if key:
                    self.by_key.setdefault(key.strip().lower(), d.doc_id)

    def __call__(self, *refs: str) -> str:
        """The corpus doc id of the first ref (id, title or URL) the corpus knows; else the first ref."""
        for ref in refs if self.by_key else ():
            for key in (ref, _title_of(ref)):
                if key.strip().lower() in self.by_key:
                    return self.by_key[key.strip().lower()]
        return refs[0]


def _sniff_hotpot(path: Path) -> bool:
    if path.suffix != ".json" or not path.is_file():
        return False
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        head = fh.read(20000)
    return head.lstrip().startswith("[") and '"supporting_facts"' in head


def _hotpot(path: Path, gold: _GoldMap) -> tuple[list[Question], list[ImportedItem], dict]:
    from benchsmith.validators.difficulty import read_benchmark

    questions, items, shown = [], [], {}
    for b in read_benchmark(path):
        docs = [gold(t) for t in b.gold_docs]
        questions.append(Question(b.item_id, b.question, b.answer, (b.question_type or "untyped",), b.evidence, docs,
                                  titles=list(b.gold_docs), documents=len(docs)))
        ev = [ImportedEvidence(f, "") for f in b.evidence]
        items.append(ImportedItem("multihop_item", b.item_id, b.question, b.answer, b.question_type, ev, required=2,
                                  docs=docs))
        shown[b.item_id] = [("question", b.question), ("answer", b.answer), ("type", b.question_type),
                            *((f"supporting fact {i + 1}", f) for i, f in enumerate(b.evidence))]
    return questions, items, shown


def _multihop_rag(q, gold: _GoldMap) -> tuple[Question, ImportedItem, list]:
    qtype = str(q.fields.get("question_type", ""))
    ev = [ImportedEvidence(str(e.get("fact", "")), gold(str(e.get("title", ""))), str(e.get("title", "")),
                           e.get("source") or None, e.get("published_at") or None) for e in q.evidence]
    docs = list(dict.fromkeys(e.doc_id for e in ev))
    answer = q.answers[0] if q.answers else ""
    unanswerable = qtype in NULL_TYPES or q.answerability == "unanswerable"
    question = Question(q.query_id, q.question, answer, (qtype or "untyped",), [e.fact for e in ev], docs,
                        "unanswerable" if unanswerable else "answerable", sources=[e.source for e in ev if e.source],
                        titles=[e.title for e in ev if e.title],
                        dates=[e.published_at for e in ev if e.published_at], documents=len(docs))
    item = ImportedItem("multihop_item", q.query_id, q.question, answer, qtype, ev, required=0 if unanswerable else 2)
    shown = [("question", q.question), ("answer", answer), ("type", qtype),
             *((f"evidence {i + 1} ({e.title})", e.fact) for i, e in enumerate(ev))]
    return question, item, shown


def _frames_or_mirage(q, kind: str, gold: _GoldMap) -> tuple[Question, ImportedItem, list]:
    refs = [str(e.get("doc_name") or e.get("url") or "") for e in q.evidence] or list(q.relevant)
    refs = [r for r in refs if r]
    docs = list(dict.fromkeys(gold(r) for r in refs))
    types = tuple(q.fields.get("reasoning_types") or ()) if kind == "frames_item" else (str(q.fields.get("source") or "unknown source"),)
    answer = " | ".join(q.answers)
    question = Question(q.query_id, q.question, answer, types or ("untyped",), [], docs,
                        titles=[_title_of(r) for r in refs], documents=len(docs))
    ev = [ImportedEvidence("", d, _title_of(d)) for d in docs]
    item = ImportedItem(kind, q.query_id, q.question, answer, evidence=ev, required=len(docs) if kind == "frames_item" else 1)
    shown = [("question", q.question), ("answer", answer), ("labels", ", ".join(types)),
             ("documents", ", ".join(_title_of(r) for r in refs))]
    return question, item, shown


def _mtrag(bench, gold: _GoldMap) -> tuple[list[Question], list[ImportedItem], dict]:
    chunk_doc = {c.chunk_id: c.doc_id for c in bench.chunks}
    by_conv: dict[str, list] = {}
    for q in bench.queries:
        by_conv.setdefault(str(q.fields.get("conversation_id") or q.query_id.split("<::>")[0]), []).append(q)
    questions, items, shown = [], [], {}
    for conv, turns in by_conv.items():
        adapted = []
        for q in sorted(turns, key=lambda q: int(q.fields.get("turn") or 0)):
            turn = int(q.fields.get("turn") or len(adapted) + 1)
            contexts = [ImportedContext(chunk_doc.get(str(e.get("document_id")), str(e.get("document_id"))),
                                        str(e.get("document_id")), str(e.get("text", "")),
                                        1 if str(e.get("document_id")) in q.relevant else 0, str(e.get("title", "")))
                        for e in q.evidence]
            # a passage file ingested as the corpus holds one document per passage id: try that first
            docs = list(dict.fromkeys(gold(c.chunk_id, c.doc_id) for c in contexts if c.relevance))
            qtypes = [str(t) for t in q.fields.get("question_type") or []]
            multi = [str(t) for t in q.fields.get("multi_turn_type") or []]
            answerability = q.answerability or "answerable"
            answer = q.answers[0] if q.answers else ""
            questions.append(Question(conv, q.question, answer, (*qtypes, f"turn: {multi[0] if multi else 'N/A'}"),
                                      [c.text for c in contexts if c.relevance], docs, answerability, turn=turn,
                                      titles=[c.title or c.doc_id for c in contexts if c.relevance], documents=len(docs)))
            adapted.append(ImportedTurn(turn, q.question, q.rewrite or q.question, multi[0] if multi else "N/A",
                                        answerability.upper(), answer, contexts))
        items.append(ImportedItem("conversation", conv, adapted[0].user, "", turns=adapted, required=1))
        shown[conv] = [row for t in adapted for row in ((f"turn {t.turn} user ({t.answerability.lower()})", t.user),
                                                        (f"turn {t.turn} agent", t.response))]
    return questions, items, shown


def _raise_parse_error(path: Path) -> None:
    """Raise the located JSON error of a .json / .jsonl file that does not parse; return if it parses."""
    if not path.is_file() or path.suffix not in (".json", ".jsonl", ".ndjson"):
        return
    if path.suffix == ".json":
        try:
            json.loads(path.read_text(encoding="utf-8", errors="replace"))
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON ({exc.msg}, column {exc.colno})", path=path, line=exc.lineno) from None
        return
    from benchsmith.fileio import iter_jsonl

    for _ in iter_jsonl(path):
        pass


def load_foreign(path: Path, corpus: Path | None = None) -> LoadedBenchmark:
    """One of the papers' files (format sniffed), gold documents mapped to `corpus` by title or URL when given."""
    loaded_corpus = load_corpus(corpus) if corpus is not None else None
    gold = _GoldMap(loaded_corpus)
    notes = [] if loaded_corpus else ["no corpus given: BM25 ranks, grounding and single-document checks were skipped "
                                      "(pass --corpus with the documents the benchmark was built from)"]
    if _sniff_hotpot(path):
        questions, items, shown = _hotpot(path, gold)
        fmt = "hotpotqa"
    else:
        from benchsmith.evaluation.importers import detect_format, load_benchmark

        try:
            fmt = detect_format(path)
        except InputError:
            _raise_parse_error(path)  # a file no sniffer recognised may just be broken: say where
            raise InputError("not a benchmark benchsmith can read: expected our folder or items.jsonl, MultiHopRAG.json, "
                             "HotpotQA json, mtRAG conversations, FRAMES tsv/jsonl or MIRAGE dataset.json",
                             path=path) from None
        if fmt not in FORMAT_KINDS:
            raise InputError(f"a {fmt} benchmark holds no questions of a kind benchsmith builds "
                             f"(reports read: ours, {', '.join(FORMAT_KINDS)})", path=path)
        try:
            bench = load_benchmark(path, format=fmt)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON ({exc.msg})", path=path, line=exc.lineno) from None
        if fmt == "mtrag":
            questions, items, shown = _mtrag(bench, gold)
        else:
            questions, items, shown = [], [], {}
            for q in bench.queries:
                one = _multihop_rag(q, gold) if fmt == "multihop-rag" else _frames_or_mirage(q, FORMAT_KINDS[fmt], gold)
                questions.append(one[0])
                items.append(one[1])
                shown[q.query_id] = one[2]
    if not questions:
        raise InputError("no questions in the benchmark", path=path)
    name = path.stem if path.is_file() else path.name
    return LoadedBenchmark(name, path, FORMAT_KINDS[fmt], fmt, questions, items, shown, corpus=loaded_corpus, notes=notes,
                           review_dir=(path if path.is_dir() else path.parent) / "review")
