"""A fake model for the FRAMES baselines: scripted answers, search queries, and an autorater with malformed replies.

The scripted answer to a question is the gold answer when `knows(question, setting)` says
so, else a wrong one; the judge says TRUE exactly when the gold answer's text is in the
model's answer, except for questions `judge_garbles` picks, where it replies without a decision.
A test computes the expected table from these same three rules, by hand.
"""

from __future__ import annotations

import hashlib
import re


def _bucket(text: str, salt: str = "") -> int:
    return int(hashlib.sha256((salt + text).encode()).hexdigest()[:8], 16) % 100


def setting_of(prompt: str) -> str:
    """Which baseline sent an answer prompt: by the articles shown."""
    n = len(re.findall(r"^Article \d+:", prompt, re.MULTILINE))
    return "naive" if n == 0 else f"articles={n}"


def knows(question: str, prompt: str) -> bool:
    """Naive answers right for a third of the questions; with any article, for two thirds."""
    return _bucket(question, "know") < (33 if setting_of(prompt) == "naive" else 66)


def judge_garbles(question: str, prediction: str) -> bool:
    return _bucket(question + prediction, "garble") < 10


def _data(prompt: str, label: str) -> str:
    m = re.search(rf"{label}: <<<DATA\n(.*?)\nDATA>>>", prompt, re.DOTALL)
    return m.group(1) if m else ""


class FramesEvalModel:
    """reply(prompt) for every prompt the baselines send; `golds` maps question text -> gold answer."""

    def __init__(self, golds: dict[str, str]) -> None:
        self.golds = {q.strip(): a for q, a in golds.items()}
        self.query_prompts: list[str] = []

    def reply(self, prompt: str) -> str:
        if "===Task===" in prompt:
            question, prediction, gold = (_data(prompt, k) for k in ("Question", "Model Answer", "Ground Truth Answer"))
            if judge_garbles(question, prediction):
                return "The prediction looks plausible to me."
            verdict = "TRUE" if gold.lower() in prediction.lower() else "FALSE"
            return f"Explanation: compared the two.\n**Decision:** {verdict}"
        if "Write the next search query" in prompt:
            self.query_prompts.append(prompt)
            question = _data(prompt, "Question")
            done = prompt.split("Searches made so far:", 1)[1].split("Articles found so far", 1)[0].count("\n- ")
            words = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]+", question) if len(w) > 3]
            return " ".join(words[done % max(len(words), 1):][:4]) or question
        m = re.search(r"Question: (.*)\Z", prompt, re.DOTALL)
        question = m.group(1).strip() if m else ""
        gold = self.golds.get(question, "")
        if gold and knows(question, prompt):
            return f"Reasoning through the facts.\nFinal answer: {gold}"
        return "Reasoning through the facts.\nFinal answer: Zyzzogeton"

    def stub_responder(self, request: dict) -> str:
        user = [m["content"] for m in request.get("messages", []) if m.get("role") == "user"]
        return self.reply(user[-1] if user else "")
