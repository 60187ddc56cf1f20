"""mtRAG's own formats: conversation JSON, generation tasks, and BEIR retrieval tasks with qrels.

The layout follows the mtRAG repository (human/ and synthetic/ folders):

    conversations/<conversation_id>.json              one conversation, messages with enrichments and contexts
    generation_tasks/<collection>.jsonl               one task per turn: input history, targets, contexts, labels
    retrieval_tasks/<collection>/<collection>_{lastturn,rewrite,questions}.jsonl
    retrieval_tasks/<collection>/qrels/dev.tsv        query-id, corpus-id, score (answerable and partial turns)
    retrieval_tasks/<collection>/<collection>_qrels_dev.tsv   the same, beside the tasks (as in mtRAG's sample)

Retrieval tasks hold only turns with relevant passages, as mtRAG's do (unanswerable and
conversational turns have no qrels). Passage ids are the corpus chunk ids, so the
ingested corpus folder is the retrieval collection.
"""

from __future__ import annotations

from typing import Any

from benchsmith.schemas.conversation import ConversationItem, ConversationTurn

AUTHOR = "benchsmith"
RETRIEVAL_VARIANTS = ("lastturn", "rewrite", "questions")


def _context(c: Any, *, judged: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"document_id": c.chunk_id, "text": c.text, "title": c.title}
    if c.score is not None:
        out["score"] = c.score
    if judged:
        out["feedback"] = {"relevant": {AUTHOR: {"value": "yes" if c.relevance else "no", "timestamp": 0}}}
    return out


def _enrichments(turn: ConversationTurn) -> dict[str, list[str]]:
    return {"Question Type": list(turn.question_types), "Multi-Turn": [turn.multi_turn],
            "Answerability": [turn.answerability]}


def conversation_json(item: ConversationItem, collection: str, generator_id: str) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    for t in item.turns:
        messages.append({"speaker": "user", "text": t.user, "timestamp": t.turn * 2 - 1, "enrichments": _enrichments(t),
                         "rewrite": t.rewrite})
        messages.append({"speaker": "agent", "text": t.response, "timestamp": t.turn * 2,
                         "contexts": [_context(c) for c in t.contexts]})
    return {"conversation_id": item.item_id, "author": AUTHOR, "domain": collection,
            "retriever": {"collection": {"name": collection}}, "generator": {"id": generator_id, "strategy": item.strategy,
                                                                             "baseline": item.baseline},
            "status": "generated", "messages": messages}


def generation_tasks(item: ConversationItem, collection: str, generator_id: str) -> list[dict[str, Any]]:
    tasks = []
    history: list[dict[str, Any]] = []
    for t in item.turns:
        user = {"speaker": "user", "text": t.user, "metadata": {"author_type": "synthetic", "author_id": generator_id},
                "enrichments": {"Question Type": list(t.question_types), "answerability": [t.answerability]}}
        tasks.append({
            "conversation_id": item.item_id, "task_id": item.task_id(t.turn), "task_type": "rag", "turn": t.turn,
            "collection": collection, "dataset": f"{AUTHOR} ({item.strategy})",
            "contexts": [_context(c, judged=False) for c in t.relevant],
            "input": [*history, user],
            "targets": [{"speaker": "agent", "text": t.response, "metadata": {"author_type": "synthetic",
                                                                              "author_id": generator_id}}],
            "Question Type": list(t.question_types), "answerability": [t.answerability], "Multi-Turn": [t.multi_turn],
            "Standalone": [t.rewrite],
        })
        history = [*history, user, {"speaker": "agent", "text": t.response, "metadata": {"author_type": "synthetic"}}]
    return tasks


def retrieval_tasks(items: list[ConversationItem]) -> tuple[dict[str, list[dict[str, str]]], list[tuple[str, str, int]]]:
    """BEIR queries per variant and the qrels rows, for turns with relevant passages."""
    variants: dict[str, list[dict[str, str]]] = {v: [] for v in RETRIEVAL_VARIANTS}
    qrels: list[tuple[str, str, int]] = []
    for item in items:
        asked: list[str] = []
        for t in item.turns:
            asked.append(t.user)
            if not t.relevant:
                continue
            qid = item.task_id(t.turn)
            variants["lastturn"].append({"_id": qid, "text": f"|user|: {t.user}"})
            variants["rewrite"].append({"_id": qid, "text": f"|user|: {t.rewrite}"})
            variants["questions"].append({"_id": qid, "text": "\n".join(f"|user|: {q}" for q in asked)})
            qrels += [(qid, c.chunk_id, 1) for c in t.relevant]
    return variants, qrels


def flat_exports(items: list[ConversationItem], collection: str, generator_id: str) -> dict[str, Any]:
    """The files the core writes into the benchmark folder (one level, JSON/JSONL)."""
    variants, _ = retrieval_tasks(items)
    out: dict[str, Any] = {
        "mtrag_conversations.json": [conversation_json(i, collection, generator_id) for i in items],
        "mtrag_generation_tasks.jsonl": [t for i in items for t in generation_tasks(i, collection, generator_id)],
    }
    out.update({f"mtrag_{collection}_{v}.jsonl": rows for v, rows in variants.items()})
    return out


def mtrag_layout(items: list[ConversationItem], collection: str, generator_id: str) -> dict[str, str]:
    """mtRAG's folder layout as files under `mtrag/` (relative path -> text), written with the benchmark as one unit."""
    import json

    variants, qrels = retrieval_tasks(items)
    files: dict[str, str] = {}
    for item in items:
        files[f"mtrag/conversations/{item.item_id}.json"] = (
            json.dumps(conversation_json(item, collection, generator_id), ensure_ascii=False, indent=1) + "\n")
    files[f"mtrag/generation_tasks/{collection}.jsonl"] = "".join(
        json.dumps(task, ensure_ascii=False) + "\n" for item in items for task in generation_tasks(item, collection, generator_id))
    rdir = f"mtrag/retrieval_tasks/{collection}"
    for v, rows in variants.items():
        files[f"{rdir}/{collection}_{v}.jsonl"] = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    qrels_text = "query-id\tcorpus-id\tscore\n" + "".join(f"{q}\t{c}\t{r}\n" for q, c, r in qrels)
    files[f"{rdir}/qrels/dev.tsv"] = qrels_text
    # The same qrels beside the task files, as in mtRAG's released sample (clapnq_qrels_dev.tsv).
    files[f"{rdir}/{collection}_qrels_dev.tsv"] = qrels_text
    return files
