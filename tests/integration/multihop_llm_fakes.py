"""A fake model for the multihop llm strategy: plausible JSON per step, plus malformed and off-schema replies.

Used both as a scripted-backend responder (messages) and as a StubServer
responder (OpenAI request bodies). Deterministic: the same prompt always gets
the same reply, so repair re-asks of a bad reply stay bad and end in the ledger.
"""

from __future__ import annotations

import hashlib
import json
import re

_DATA = re.compile(r"<<<DATA\s?(.*?)\s?DATA>>>", re.S)
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")


def _bucket(prompt: str) -> int:
    return int(hashlib.sha256(prompt.encode()).hexdigest()[:8], 16) % 100


def reply_for(prompt: str) -> str:
    """The reply text for one user prompt."""
    b = _bucket(prompt)
    if "You pick evidence sentences" in prompt:
        lines = re.findall(r"^\[(\d+)\] (.*)$", prompt, re.M)
        keep = [int(i) for i, s in lines if re.search(r"\d|\s[A-Z]", s)][:10]
        if b < 5:
            return "Sure! The facts are sentences 1 and 2."  # malformed: no JSON at all
        return json.dumps({"fact_sentences": keep + ([999] if b < 10 else [])})
    if "Rewrite each numbered sentence below as one claim" in prompt:
        claims = []
        for hint, evidence in re.findall(r'^Sentence \d+(?: \(in it, "([^"]+)" is [^)]*\))?: <<<DATA (.*?) DATA>>>$',
                                         prompt, re.M):
            named = re.search(r'\(in it, "' + re.escape(hint) + r'" is ([^)]*)\)', prompt) if hint else None
            claims.append(named.group(1) + evidence[len(hint):] if named else evidence)
        keyed = {f"claim_{i + 1}": c for i, c in enumerate(claims)}
        if b < 20:
            return json.dumps({"answer": claims})  # off-schema: no claim key, re-asked, then rejected
        if b < 35:
            return json.dumps({"claims": claims[:-1]})  # a bare list, one claim short: the last falls back
        if b < 45:
            return json.dumps({**keyed, "claim_1": keyed["claim_1"] + " It also won an award in Paris."})  # drift
        return json.dumps(keyed)
    if "A claim is a statement" in prompt:
        evidence = _DATA.findall(prompt)[-1].strip()
        names = _NAME.findall(evidence)
        if b < 6:
            return json.dumps({"claim": evidence, "target": names[0] if names else "", "topic": "x", "confidence": 0.9})  # off-schema
        if not names:
            return json.dumps({"claim": "", "target": "", "topic": ""})
        words = [w for w in re.findall(r"[a-z]{5,}", evidence)]
        return json.dumps({"claim": evidence, "target": names[0], "topic": words[0] if words else names[0]})
    if "You check whether a rewritten claim" in prompt:
        return json.dumps({"consistent": b >= 5, "reason": "matches" if b >= 5 else "adds a fact"})
    if "You test whether a multi-hop question really needs" in prompt:
        n = len(re.findall(r"^Document \d+ \(", prompt, re.M))
        if b < 8:
            return json.dumps({"answers": ["unknown"] * (n - 1)})  # one answer short: rejected
        return json.dumps({"answers": ["unknown"] * n})
    if "You review one item" in prompt:
        n = len(re.findall(r"^Document \d+ \(", prompt, re.M))
        alone = ["unknown"] * (n - 1 if 8 <= b < 12 and n else n)  # sometimes one answer short
        # The fake cannot answer: it names a capitalised phrase of the first evidence sentence, or says Yes,
        # and sometimes gives up; the QA check then weighs that against the mechanical proofs.
        evidence = _DATA.findall(prompt)[1:2]
        names = _NAME.findall(evidence[0]) if evidence else []
        answer = "Insufficient information." if b < 8 else (names[0] if names and b % 2 else "Yes")
        return json.dumps({"answer": answer, "answers_alone": alone})
    if "Suppose you had read at least two articles about" in prompt:
        entity = re.search(r"articles about (.+?): one from", prompt).group(1)
        srcs = re.findall(r"from (The [A-Z]\w+ \w+)", prompt)
        return json.dumps({"query": f"Which company did {entity} work with, according to {' and '.join(srcs[:2])}?"})
    if '"query"' in prompt:
        if b < 4:
            return '{"query": "Which one?"'  # truncated JSON
        claims = [c.strip() for c in _DATA.findall(prompt)]
        linked = re.search(r'linked by the \w+ "([^"]+)"', prompt)
        hidden = linked.group(1) if linked else None
        parts = []
        for c in claims:
            for w in (hidden or "").split():
                c = re.sub(rf"\b{re.escape(w)}\b", "it", c)
            parts.append(" ".join(c.rstrip(".").split()[:4]))
        lead = "Which entity links these reports" if hidden else "Is it true across these reports"
        if hidden and 4 <= b < 30:
            return json.dumps({"query": f"Is {hidden} the entity behind {'; '.join(parts)}?"})  # leaks the answer
        return json.dumps({"query": f"{lead}: {'; '.join(parts)}?"})
    return json.dumps({"error": "unknown prompt"})


def scripted_responder(messages) -> str:
    user = [m.content for m in messages if m.role == "user"]
    return reply_for(user[-1] if user else "")


def stub_responder(request: dict) -> str:
    user = [m["content"] for m in request["messages"] if m["role"] == "user"]
    return reply_for(user[0] if user else "")
