"""Conversation statistics in the shape of mtRAG's Table 8, beside the paper's human and synthetic columns."""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any

from benchsmith.schemas.conversation import ANSWERABILITY, MULTI_TURN_TYPES, QUESTION_TYPES, ConversationItem

# mtRAG Table 8 (the paper's numbers; * rows on answerable + partial turns).
PAPER = {
    "mtRAG (human)": {"turns": 7.7, "unique_passages": 16.9, "question_words": 8.6, "response_words": 97.2,
                      "relevant_passages": 2.8, "conversations": 110, "tasks": 842},
    "mtRAG-S (synthetic)": {"turns": 5.9, "unique_passages": 4.6, "question_words": 13.7, "response_words": 72.4,
                            "relevant_passages": 4.1, "conversations": 200, "tasks": 1181},
}
ROWS = (
    ("turns", "Avg # turns per conversation"),
    ("unique_passages", "Avg # unique passages per conv."),
    ("question_words", "Avg # of question words"),
    ("response_words", "Avg # of response words *"),
    ("relevant_passages", "Avg # of relevant passages *"),
    ("conversations", "Total # of Conversations"),
    ("tasks", "Total # of Tasks"),
)


def _share(counter: Counter, keys: tuple[str, ...], total: int) -> dict[str, float]:
    return {k: round(counter[k] / total, 4) if total else 0.0 for k in keys}


def table8(items: list[ConversationItem]) -> dict[str, Any]:
    turns = [t for i in items for t in i.turns]
    grounded = [t for t in turns if t.answerability in ("ANSWERABLE", "PARTIAL")]
    n = len(turns)

    def avg(values: list[float]) -> float:
        return round(mean(values), 2) if values else 0.0

    types = Counter(x for t in turns for x in t.question_types)
    return {
        "turns": avg([len(i.turns) for i in items]),
        "unique_passages": avg([len({c.chunk_id for t in i.turns for c in t.relevant}) for i in items]),
        "question_words": avg([len(t.user.split()) for t in turns]),
        "response_words": avg([len(t.response.split()) for t in grounded]),
        "relevant_passages": avg([len(t.relevant) for t in grounded]),
        "conversations": len(items),
        "tasks": n,
        "min_turns": min((len(i.turns) for i in items), default=0),
        "min_unique_passages": min((len({c.chunk_id for t in i.turns for c in t.relevant}) for i in items), default=0),
        "answerability": _share(Counter(t.answerability for t in turns), ANSWERABILITY, n),
        "question_types": _share(types, QUESTION_TYPES, n),
        "multi_turn": _share(Counter(t.multi_turn for t in turns), MULTI_TURN_TYPES, n),
        "non_standalone": round(sum(not t.standalone for t in turns) / n, 4) if n else 0.0,
        "relabelled_types": sum("relabelled_from" in t.provenance.extra for t in turns),
    }


def render(stats: dict[str, Any], label: str) -> str:
    """The table as text: our column beside the paper's two."""
    cols = [label, *PAPER]
    lines = [f"{'':34}" + "".join(f"{c:>22}" for c in cols)]
    for key, name in ROWS:
        values = [stats[key], *(PAPER[p][key] for p in PAPER)]
        lines.append(f"{name:34}" + "".join(f"{v:>22}" for v in values))
    for group in ("answerability", "question_types", "multi_turn"):
        shares = ", ".join(f"{k} {v:.0%}" for k, v in stats[group].items() if v)
        lines.append(f"{group.replace('_', ' ')}: {shares}")
    lines.append(f"non-standalone user turns: {stats['non_standalone']:.0%}; labels relabelled after re-classification: "
                 f"{stats['relabelled_types']}")
    return "\n".join(lines)
