"""Target dimensions per turn, drawn toward the requested distribution over the whole run.

Each draw picks the allowed value furthest below its requested share so far (ties at
random), so a run converges on the request even when some turns cannot take the
value first asked for.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from benchsmith.generators.conversations.config import ConversationConfig


class Dimensions:
    def __init__(self, cfg: ConversationConfig, rng: random.Random) -> None:
        self.cfg = cfg
        self.rng = rng
        self.types: Counter[str] = Counter()
        self.answerability: Counter[str] = Counter()
        self.multi_turn: Counter[str] = Counter()

    def _deficit_order(self, mix: dict[str, float], counts: Counter[str], allowed: Iterable[str]) -> list[str]:
        total = sum(counts.values()) + 1
        allowed = [a for a in allowed if mix.get(a, 0) > 0]
        self.rng.shuffle(allowed)
        return sorted(allowed, key=lambda a: counts[a] - mix[a] * total)

    def question_types(self, allowed: Iterable[str] | None = None) -> list[str]:
        """Question types, most needed first."""
        return self._deficit_order(self.cfg.question_mix, self.types, allowed or self.cfg.question_mix)

    def wants_clarification(self) -> bool:
        later = self.multi_turn["Follow-up"] + self.multi_turn["Clarification"] + 1
        return self.multi_turn["Clarification"] < self.cfg.clarification_share * later

    def plan(self, length: int) -> list[str]:
        """Answerability of each turn of a conversation of `length` turns, toward the requested shares."""
        share = self.cfg.answerability
        done = sum(self.answerability.values())
        plan = ["ANSWERABLE"] * length

        def count(kind: str, cap: int) -> int:
            need = share.get(kind, 0.0) * (done + length) - self.answerability[kind]
            whole = int(need) + (1 if self.rng.random() < need - int(need) else 0)
            return max(0, min(cap, whole))

        free = list(range(1, length))  # the first turn opens the conversation with an answerable question
        self.rng.shuffle(free)
        taken: set[int] = set()

        def place(kind: str, k: int) -> None:
            for pos in list(free):
                if k == 0:
                    break
                if pos - 1 in taken or pos + 1 in taken:
                    continue
                plan[pos] = kind
                taken.add(pos)
                free.remove(pos)
                k -= 1

        place("UNANSWERABLE", count("UNANSWERABLE", self.cfg.max_unanswerable))
        place("PARTIAL", count("PARTIAL", 1))
        place("CONVERSATIONAL", count("CONVERSATIONAL", 1))
        return plan

    def record(self, types: Iterable[str], answerability: str, multi_turn: str) -> None:
        self.types.update(types)
        self.answerability[answerability] += 1
        self.multi_turn[multi_turn] += 1
