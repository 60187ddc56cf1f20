"""A scripted model for the conversation generator's llm strategy: plausible JSON built from each prompt's data."""

from __future__ import annotations

import json
import re

_PASSAGE = re.compile(r"^\[(?P<id>[^\]]+)\] (?P<title>[^\n]*?): <<<DATA (?P<text>.*?) DATA>>>", re.M | re.S)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def _last_user(messages) -> str:
    for m in reversed(messages):
        role = m.role if hasattr(m, "role") else m["role"]
        if role == "user":
            return m.content if hasattr(m, "content") else m["content"]
    return ""


def _first_sentence(text: str) -> str:
    return _SENTENCE.split(text.strip(), maxsplit=1)[0]


def respond(messages) -> str:
    prompt = _last_user(messages)
    if prompt.startswith("You play the user"):
        topic = re.search(r"Topic to ask about: <<<DATA (.*?) DATA>>>", prompt, re.S)
        if topic:
            t = topic.group(1).strip()
            return json.dumps({"question": f"Who first came up with {t}?", "rewrite": f"Who first came up with {t}?",
                               "standalone": True, "missing": f"who first came up with {t}"})
        passages = list(_PASSAGE.finditer(prompt))
        words = " ".join(_first_sentence(passages[0].group("text")).split()[:7]).rstrip(".,;:")
        q = f"What should I know about {passages[0].group('title')}, where {words}?"
        missing = "who maintains it" if "answerability: PARTIAL" in prompt else ""
        return json.dumps({"question": q, "rewrite": q, "standalone": True, "missing": missing})
    if prompt.startswith("You are the assistant"):
        # like a model that answers from the passages it was pointed to and the retrieved ones on the same subject
        passages = list(_PASSAGE.finditer(prompt))
        question = re.search(r"The same question, standalone: <<<DATA (.*?) DATA>>>", prompt, re.S).group(1)
        asked = {w for w in re.findall(r"[a-z0-9]+", question.lower()) if len(w) > 3}
        cited, sentences = [], []
        for i, p in enumerate(passages):
            words = set(re.findall(r"[a-z0-9]+", p.group("text").lower()))
            if i < 2 or len(asked & words) >= 2:
                cited.append(p.group("id"))
                sentences.append(_first_sentence(p.group("text")))
            if len(cited) == 3:
                break
        return json.dumps({"response": " ".join(sentences), "passages": cited})
    if prompt.startswith("You check one turn"):
        n = len(re.findall(r"^\(\d+\) ", prompt, re.M))
        return json.dumps({"supported": [True] * n, "question_types": ["Factoid", "Summarization"]})
    if prompt.startswith("You check whether a question is answerable"):
        return json.dumps({"answering": [], "reason": "no passage names who came up with it"})
    return "not json at all"


def stub_responder(request: dict) -> str:
    """The same replies for the local OpenAI-compatible stub server (request JSON in, reply text out)."""
    return respond(request.get("messages") or [])
