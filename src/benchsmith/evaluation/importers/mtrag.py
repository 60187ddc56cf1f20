"""mtRAG: conversation JSON, BEIR-style retrieval tasks with qrels, and generation task JSONL.

Task ids appear as `conv::turn` (generation files) and `conv<::>turn` (retrieval files);
every query id is canonicalised to `conv<::>turn` and `metadata["id_map"]` maps each
canonical id back to the id as written.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark, EvalQuery, Turn
from benchsmith.evaluation.importers._base import FORMATS, BenchmarkFormat
from benchsmith.evaluation.importers._common import (
    as_label_list,
    dedupe_chunks,
    first_json_record,
    json_head,
    load_corpus_any,
    normalize_answerability,
    passage_chunk,
    require,
)
from benchsmith.evaluation.importers.qrels import find_qrels_near, load_qrels
from benchsmith.fileio import iter_jsonl, read_json
from benchsmith.retrieval.runs import canonical_task_id
from benchsmith.types import Chunk

_DOMAINS = ("clapnq", "govt", "fiqa", "ibmcloud", "cloud")
_SPEAKER_LINE = re.compile(r"^\|(user|agent|assistant)\|:\s?", re.MULTILINE)


def domain_of(collection: str | None) -> str | None:
    """`mt-rag-clapnq-elser-512-100-20240503` -> `clapnq`; unknown names are kept as written."""
    if not collection:
        return None
    low = collection.lower()
    for d in _DOMAINS:
        if d in low:
            return d
    return collection


def _role(speaker: str) -> str:
    return "user" if speaker == "user" else "assistant"


def _turn_fields(turn: int, question_types: Any, multi_turn: Any, domain: str | None) -> dict[str, Any]:
    return {
        "question_type": as_label_list(question_types),
        "multi_turn_type": as_label_list(multi_turn),
        "domain": domain,
        "turn": turn,
        "turn_position": "first" if turn == 1 else "later",
    }


def _judged_relevant(context: dict[str, Any]) -> bool:
    """The latest relevance judgement on a context decides (a reviewer's "no" overrides)."""
    votes = (context.get("feedback") or {}).get("relevant") or {}
    if not votes:
        return True  # an annotator kept the passage and nobody judged it
    latest = max(votes.values(), key=lambda v: v.get("timestamp") or 0 if isinstance(v, dict) else 0)
    return isinstance(latest, dict) and str(latest.get("value", "")).lower() == "yes"


# --- conversation JSON --------------------------------------------------------------


def _conversation(path: Path, rewrites: dict[str, str] | None = None) -> tuple[list[EvalQuery], list[Chunk], dict[str, str]]:
    """One conversation's user turns; a turn's standalone rewrite is its message's `rewrite` (as benchsmith's export
    writes it), else the text of its task in `rewrites` (mtRAG's own `<collection>_rewrite.jsonl`)."""
    conv = read_json(path)
    messages = require(conv, "messages", path, None, "$", list)
    conv_id = str(conv.get("conversation_id") or conv.get("id") or path.stem)
    domain = domain_of(conv.get("domain") or (conv.get("retriever") or {}).get("collection", {}).get("name"))
    queries, chunks, id_map = [], [], {}
    history: list[Turn] = []
    turn = 0
    for i, msg in enumerate(messages):
        where = f"$.messages[{i}]"
        speaker = require(msg, "speaker", path, None, where)
        text = require(msg, "text", path, None, where)
        if speaker != "user":
            history.append(Turn(role="assistant", content=text))
            continue
        turn += 1
        # A malformed next message is reported with its path when the loop reaches it.
        following = messages[i + 1] if i + 1 < len(messages) else None
        reply = following if isinstance(following, dict) and following.get("speaker") != "user" else {}
        contexts = reply.get("contexts") or []
        for j, c in enumerate(contexts):
            # the reply is messages[i + 1]; a context without an id cannot be judged
            doc_id = require(c, "document_id", path, None, f"$.messages[{i + 1}].contexts[{j}]", (str, int))
            chunks.append(passage_chunk(str(doc_id), c.get("text", ""), c.get("title", "")))
        enrich = msg.get("enrichments") or {}
        qid = f"{conv_id}<::>{turn}"
        id_map[qid] = qid
        rewrite = msg.get("rewrite")
        queries.append(
            EvalQuery(
                query_id=qid,
                question=text,
                history=list(history),
                rewrite=rewrite if isinstance(rewrite, str) and rewrite.strip() else (rewrites or {}).get(qid),
                answers=[reply["text"]] if reply.get("text") else [],
                answerability=normalize_answerability(enrich.get("Answerability")),
                relevant={str(c["document_id"]): 1 for c in contexts if _judged_relevant(c)},
                evidence=[{"document_id": c["document_id"], "title": c.get("title", ""), "text": c.get("text", "")} for c in contexts if _judged_relevant(c)],
                fields={**_turn_fields(turn, enrich.get("Question Type"), enrich.get("Multi-Turn"), domain), "conversation_id": conv_id},
            )
        )
        history.append(Turn(role="user", content=text))
    return queries, chunks, id_map


def _conversation_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    files = sorted(path.glob("*.json"), key=lambda p: [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", p.name)])
    if not files:
        raise InputError("no conversation *.json files in folder", path=path)
    return files


def _sibling_rewrites(path: Path) -> dict[str, str]:
    """Rewrites from mtRAG's layout beside a conversations folder: `../retrieval_tasks/*/*_rewrite.jsonl`
    (mtRAG's conversation files carry no rewrites; its rewrite task files do)."""
    folder = path if path.is_dir() else path.parent
    tasks = folder.parent / "retrieval_tasks"
    found: dict[str, str] = {}
    if folder.name == "conversations" and tasks.is_dir():
        for f in sorted(tasks.glob("*/*_rewrite.jsonl")):
            found.update(_rewrites_in(f))
    return found


def _rewrites_in(path: Path) -> dict[str, str]:
    """Task id (canonical) -> the last user turn of a rewrite task file."""
    out = {}
    for lineno, rec in iter_jsonl(path):
        turns = [t for t in _split_speakers(require(rec, "text", path, lineno)) if t.role == "user"]
        if turns:
            out[canonical_task_id(str(require(rec, "_id", path, lineno)))] = turns[-1].content
    return out


def load_conversations(path: Path, *, corpus: Path | None = None, name: str | None = None) -> EvalBenchmark:
    """One EvalQuery per user turn of every conversation file (a file or a folder of them)."""
    queries, chunks, id_map = [], [], {}
    rewrites = _sibling_rewrites(path)
    for f in _conversation_files(path):
        q, c, m = _conversation(f, rewrites)
        queries += q
        chunks += c
        id_map.update(m)
    return _finish(name or path.stem, queries, chunks, corpus, id_map, {"kind": "conversations", "path": str(path)})


# --- BEIR retrieval tasks -----------------------------------------------------------


def _split_speakers(text: str) -> list[Turn]:
    """`|user|: a\\n|agent|: b\\n|user|: c` -> turns; text without markers is one user turn."""
    marks = list(_SPEAKER_LINE.finditer(text))
    if not marks:
        return [Turn(role="user", content=text.strip())]
    turns = []
    for m, nxt in zip(marks, marks[1:] + [None]):
        body = text[m.end() : nxt.start() if nxt else len(text)].strip()
        turns.append(Turn(role="user" if m.group(1) == "user" else "assistant", content=body))
    return turns


def load_retrieval_tasks(path: Path, *, corpus: Path | None = None, qrels: str | Path | None = None, name: str | None = None) -> EvalBenchmark:
    """BEIR-style task JSONL ({"_id", "text"}) with its qrels TSV.

    The task text may hold several `|user|:` turns (the `questions` variant): the last
    user turn is the question and the rest its history. A file whose name contains
    "rewrite" also fills `EvalQuery.rewrite`.
    """
    qrels_path = Path(qrels) if qrels else find_qrels_near(path)
    judged = load_qrels(qrels_path, normalize_id=canonical_task_id) if qrels_path else {}
    is_rewrite = "rewrite" in path.name.lower()
    # retrieval_tasks/<domain>/<domain>_lastturn.jsonl: the domain is in the names, not the records
    domain = next((d for d in (domain_of(path.stem), domain_of(path.parent.name)) if d in _DOMAINS), None)
    queries, id_map = [], {}
    for lineno, rec in iter_jsonl(path):
        raw_id = str(require(rec, "_id", path, lineno))
        text = require(rec, "text", path, lineno)
        qid = canonical_task_id(raw_id)
        id_map[qid] = raw_id
        turns = _split_speakers(text)
        users = [i for i, t in enumerate(turns) if t.role == "user"]
        if not users:
            raise InputError("task text has no user turn", path=path, line=lineno, json_path="$.text")
        last = users[-1]
        conv_id, _, turn = qid.partition("<::>")
        turn_no = int(turn) if turn.isdigit() else None
        relevant = judged.get(qid, {})
        queries.append(
            EvalQuery(
                query_id=qid,
                question=turns[last].content,
                history=turns[:last],
                rewrite=turns[last].content if is_rewrite else None,
                relevant={d: r for d, r in relevant.items() if r > 0},
                # Tasks absent from the qrels are unjudged, not known-unanswerable; mtRAG drops them.
                answerability="answerable" if relevant else None,
                fields={"turn": turn_no, "turn_position": None if turn_no is None else ("first" if turn_no == 1 else "later"),
                        "conversation_id": conv_id, **({"domain": domain} if domain else {})},
            )
        )
    meta = {"kind": "retrieval_tasks", "path": str(path), "qrels": str(qrels_path) if qrels_path else None}
    return _finish(name or path.stem, queries, [], corpus, id_map, meta)


# --- generation task JSONL ----------------------------------------------------------


def load_generation_tasks(path: Path, *, corpus: Path | None = None, name: str | None = None) -> EvalBenchmark:
    """mtRAG generation tasks: input turns, reference contexts, targets and (optional) predictions.

    Predictions, when present, go to `metadata["predictions"]` as
    {qid: {"answer": text, "contexts": [passage ids]}}.
    """
    queries, chunks, id_map, predictions = [], [], {}, {}
    for lineno, rec in iter_jsonl(path):
        raw_id = str(require(rec, "task_id", path, lineno))
        qid = canonical_task_id(raw_id)
        id_map[qid] = raw_id
        turns_in = require(rec, "input", path, lineno, "$", list)
        turns = []
        for j, t in enumerate(turns_in):
            turns.append(Turn(role=_role(require(t, "speaker", path, lineno, f"$.input[{j}]")), content=require(t, "text", path, lineno, f"$.input[{j}]")))
        users = [i for i, t in enumerate(turns) if t.role == "user"]
        if not users:
            raise InputError("task input has no user turn", path=path, line=lineno, json_path="$.input")
        last = users[-1]
        contexts = rec.get("contexts") or []
        for j, c in enumerate(contexts):
            chunks.append(passage_chunk(str(require(c, "document_id", path, lineno, f"$.contexts[{j}]")), c.get("text", ""), c.get("title", "")))
        turn = int(rec["turn"]) if str(rec.get("turn", "")).isdigit() else len(users)
        domain = domain_of(rec.get("collection") or rec.get("Collection"))
        targets = [t["text"] for t in rec.get("targets") or [] if isinstance(t, dict) and t.get("text")]
        queries.append(
            EvalQuery(
                query_id=qid,
                question=turns[last].content,
                history=turns[:last],
                answers=targets,
                answerability=normalize_answerability(rec.get("answerability") or rec.get("Answerability")),
                relevant={str(c["document_id"]): 1 for c in contexts},
                evidence=[{"document_id": c["document_id"], "title": c.get("title", ""), "text": c.get("text", "")} for c in contexts],
                fields={**_turn_fields(turn, rec.get("Question Type"), rec.get("Multi-Turn"), domain), "conversation_id": rec.get("conversation_id")},
            )
        )
        preds = rec.get("predictions") or []
        if preds and isinstance(preds[0], dict) and "text" in preds[0]:
            predictions[qid] = {"answer": preds[0]["text"], "contexts": [str(c["document_id"]) for c in contexts]}
    meta: dict[str, Any] = {"kind": "generation_tasks", "path": str(path)}
    if predictions:
        meta["predictions"] = predictions
    return _finish(name or path.stem, queries, chunks, corpus, id_map, meta)


# --- shared -------------------------------------------------------------------------


def _finish(name: str, queries: list[EvalQuery], chunks: list[Chunk], corpus: Path | None, id_map: dict[str, str], meta: dict[str, Any]) -> EvalBenchmark:
    documents = []
    if corpus is not None:
        documents, corpus_chunks = load_corpus_any(corpus)
        # mtRAG passages are themselves the retrieval unit: a passages file is a chunk list.
        chunks = corpus_chunks or [passage_chunk(d.doc_id, d.text, d.title) for d in documents]
        documents = documents if corpus_chunks else []
    seen = set()
    for q in queries:
        if q.query_id in seen:
            raise InputError(f"duplicate task id {q.query_id!r}", path=meta.get("path"))
        seen.add(q.query_id)
    return EvalBenchmark(
        name=name,
        queries=queries,
        documents=documents,
        chunks=dedupe_chunks(chunks),
        id_level="chunk",
        source_format="mtrag",
        metadata={**meta, "id_map": id_map},
    )


def _domain_task_files(root: Path, variant: str = "lastturn") -> list[Path]:
    """`retrieval_tasks/<domain>/<domain>_<variant>.jsonl` files that have a `qrels/` folder beside them."""
    return sorted(f for d in sorted(root.iterdir()) if d.is_dir() and (d / "qrels").is_dir()
                  for f in d.glob(f"*_{variant}.jsonl"))


def load_retrieval_folder(path: Path, *, corpus: Path | None = None, variant: str = "lastturn", name: str | None = None) -> EvalBenchmark:
    """mtRAG's `retrieval_tasks/` folder: every domain's tasks with its own qrels, as the official script reads them."""
    files = _domain_task_files(path, variant)
    if not files:
        raise InputError(f"no <domain>/<domain>_{variant}.jsonl with a qrels/ folder beside it", path=path)
    parts = [load_retrieval_tasks(f, corpus=None) for f in files]
    queries = [q for b in parts for q in b.queries]
    if variant != "rewrite":  # the rewrite query mode reads the rewrite tasks beside each file, not its last turn
        rewrites = {k: v for f in files for r in [f.with_name(f.name.replace(f"_{variant}.jsonl", "_rewrite.jsonl"))]
                    if r.is_file() for k, v in _rewrites_in(r).items()}
        queries = [q.model_copy(update={"rewrite": rewrites[q.query_id]}) if q.query_id in rewrites else q for q in queries]
    id_map = {k: v for b in parts for k, v in b.metadata["id_map"].items()}
    meta = {"kind": "retrieval_tasks", "path": str(path), "qrels": ", ".join(str(b.metadata["qrels"]) for b in parts)}
    return _finish(name or path.name, queries, [], corpus, id_map, meta)


def _generated(path: Path) -> Path | None:
    """The conversations of a `benchsmith generate conversations` folder (its mtRAG export), if `path` is one."""
    convs = path / "mtrag" / "conversations"
    return convs if (path / "benchmark.json").is_file() and convs.is_dir() else None


def _kind(path: Path) -> str | None:
    if path.is_dir():
        if _generated(path):
            return "generated"
        if _domain_task_files(path):
            return "retrieval_folder"
        return "conversations" if any(path.glob("*.json")) and _is_conversation(next(iter(sorted(path.glob("*.json"))))) else None
    if path.suffix == ".json":
        return "conversations" if _is_conversation(path) else None
    rec = first_json_record(path)
    if not isinstance(rec, dict):
        return None
    if "task_id" in rec and "input" in rec:
        return "generation"
    if "_id" in rec and isinstance(rec.get("text"), str) and ("<::>" in str(rec["_id"]) or rec["text"].startswith("|user|")):
        return "retrieval"
    return None


def _is_conversation(path: Path) -> bool:
    head = json_head(path)
    return head.lstrip().startswith("{") and '"messages"' in head and '"speaker"' in head


def load_path(path: Path, *, corpus: Path | None = None, kind: str | None = None, qrels: str | Path | None = None, name: str | None = None) -> EvalBenchmark:
    """Dispatch on what the path holds: conversations, retrieval tasks or generation tasks.

    Args:
        kind: "conversations", "retrieval", "retrieval_folder" (mtRAG's `retrieval_tasks/`, every
            domain with its qrels), "generation" or "generated" (a `generate conversations` folder: its
            `mtrag/conversations` over its `corpus/`) (default: sniffed).
        qrels: qrels TSV for retrieval tasks (default: `qrels/dev.tsv` beside the tasks, as the
            mtRAG repository lays out `retrieval_tasks/<domain>/`, else the one *qrels*.tsv beside them).
    """
    kind = kind or _kind(path)
    if kind == "generated" and (convs := _generated(path)):
        # our folder: the export's conversations (rewrites and judged contexts), over the ingested corpus it keeps
        own_corpus = path / "corpus"
        return load_conversations(convs, corpus=corpus or (own_corpus if own_corpus.is_dir() else None), name=name or path.name)
    if kind == "conversations":
        return load_conversations(path, corpus=corpus, name=name)
    if kind == "retrieval":
        return load_retrieval_tasks(path, corpus=corpus, qrels=qrels, name=name)
    if kind == "generation":
        return load_generation_tasks(path, corpus=corpus, name=name)
    if kind == "retrieval_folder":
        return load_retrieval_folder(path, corpus=corpus, name=name)
    raise InputError("not an mtRAG file: expected conversation JSON, task JSONL with _id/text, or generation JSONL with task_id/input", path=path)


FORMATS.register("mtrag")(BenchmarkFormat("mtrag", load_path, lambda p: _kind(p) is not None, "mtRAG conversations, retrieval tasks or generation tasks"))
