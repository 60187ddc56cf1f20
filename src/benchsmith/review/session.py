"""One reviewer's session on a benchmark: items as the trail leaves them, decisions, edits, resume, agreement.

An item's status is computed from the decisions made on its current text: an
accept given before a later edit no longer counts (the item is up for review
again). With several reviewers an item is accepted when someone accepted its
current text and nobody rejected it, rejected when the reverse holds, and
disputed when both happened.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

from benchsmith.errors import InputError
from benchsmith.review.agreement import pairwise
from benchsmith.review.items import ReviewBench, item_view, labels_of
from benchsmith.review.revalidate import apply_changes, check_edit, check_item, difficulty, issue_dict
from benchsmith.review.trail import Trail, check_reviewer, item_version, last_item_of, replay

TRAIL_FILE = "trail.jsonl"
REJECT_REASONS = (
    "not answerable from the evidence",
    "wrong answer",
    "question unclear or ungrammatical",
    "evidence does not support the answer",
    "answerable from one document (not multi-hop)",
    "duplicate of another item",
    "trivial or unnatural question",
)
STATUSES = ("undecided", "accepted", "rejected", "disputed")


def final_status(decisions: dict[str, Any], version: str) -> str:
    """accepted / rejected / disputed / undecided, from the decisions made on `version` of the item."""
    current = {d.action for d in decisions.values() if d.version == version}
    if current == {"accept"}:
        return "accepted"
    if current == {"reject"}:
        return "rejected"
    return "disputed" if current else "undecided"


class ReviewSession:
    """The review state of one benchmark for one reviewer; safe to call from the server's threads."""

    def __init__(self, bench: ReviewBench, reviewer: str) -> None:
        self.bench = bench
        self.reviewer = check_reviewer(reviewer)
        self.trail = Trail(bench.review_dir / TRAIL_FILE)
        self.order = [i.item_id for i in bench.items]  # type: ignore[attr-defined]
        self._lock = threading.RLock()
        self._issues: dict[tuple[str, str], list[dict[str, str]]] = {}

    # -- state ---------------------------------------------------------------------------------
    def states(self):
        return replay(self.trail.records())

    def record(self, item_id: str, states=None) -> dict[str, Any]:
        if item_id not in self.bench.records:
            raise InputError(f"no item {item_id!r} in this benchmark")
        state = (states if states is not None else self.states()).get(item_id)
        original = self.bench.records[item_id]
        current = state.current(original) if state is not None else None
        return current if current is not None else original

    def issues(self, record: dict[str, Any]) -> list[dict[str, str]]:
        key = (record["item_id"], item_version(record))
        if key not in self._issues:
            item = self.bench.model_for(record).model_validate(record)
            found = [issue_dict(i) for i in check_item(self.bench, item)]
            found += [{"code": w, "severity": "warning", "message": "recorded by the generator", "validator": "generator"}
                      for w in record.get("warnings") or [] if w not in {f["code"] for f in found}]
            # Review flags a generator sets for a person to look at (MIRAGE: label disagreement, an easy query, ...).
            found += [{"code": str(f).split(":")[0], "severity": "warning", "message": str(f), "validator": "generator"}
                      for f in record.get("flags") or [] if isinstance(f, str)]
            self._issues[key] = found
        return self._issues[key]

    def summary(self) -> dict[str, Any]:
        """Every item's row for the list and filters, progress, and where this reviewer resumes."""
        with self._lock:
            states = self.states()
            rows = []
            for n, item_id in enumerate(self.order):
                record = self.record(item_id, states)
                version = item_version(record)
                state = states.get(item_id)
                decisions = state.decisions if state else {}
                mine = decisions.get(self.reviewer)
                rows.append({
                    "index": n, "item_id": item_id, "labels": labels_of(self.bench, record),
                    "flags": sorted({f["code"] for f in self.issues(record)}),
                    "errors": sorted({f["code"] for f in self.issues(record) if f["severity"] == "error"}),
                    "mine": (mine.action if mine.version == version else "stale") if mine else "undecided",
                    "status": final_status(decisions, version),
                    "reviewers": sorted(decisions), "edited": record is not self.bench.records[item_id],
                })
            mine_done = sum(r["mine"] in ("accept", "reject") for r in rows)
            return {
                "benchmark": self.bench.manifest.get("name") or self.bench.root.name, "kind": self.bench.kind,
                "generator": self.bench.generator, "reviewer": self.reviewer, "items": rows,
                "progress": {"total": len(rows), "mine": mine_done, **Counter(r["status"] for r in rows)},
                "resume": self.resume_index(states, rows), "reasons": list(REJECT_REASONS),
            }

    def resume_index(self, states=None, rows=None) -> int:
        """Where the page opens: the item this reviewer last acted on if still undecided by them, else the next
        item after it they have not decided (wrapping around); the first item for a new reviewer."""
        rows = rows if rows is not None else self.summary()["items"]
        if not rows:
            return 0
        last = last_item_of(self.trail.records(), self.reviewer)
        start = self.order.index(last) if last in self.order else 0
        if last is None and rows[0]["mine"] not in ("accept", "reject"):
            return 0
        n = len(rows)
        for step in range(n):
            row = rows[(start + step) % n]
            if row["mine"] not in ("accept", "reject"):
                return row["index"]
        return start

    def item(self, item_id: str) -> dict[str, Any]:
        with self._lock:
            states = self.states()
            record = self.record(item_id, states)
            item = self.bench.model_for(record).model_validate(record)
            view = item_view(self.bench, record)
            state = states.get(item_id)
            version = item_version(record)
            view.update({
                "index": self.order.index(item_id), "version": version, "issues": self.issues(record),
                "difficulty": difficulty(self.bench, item),
                "decisions": [{"reviewer": d.reviewer, "action": d.action, "reason": d.reason, "time": d.time,
                               "current": d.version == version} for d in (state.decisions.values() if state else [])],
                "status": final_status(state.decisions if state else {}, version),
                "edited_by": state.editors if state else [],
            })
            return view

    # -- actions -------------------------------------------------------------------------------
    def decide(self, item_id: str, action: str, reason: str | None = None) -> dict[str, Any]:
        if action not in ("accept", "reject"):
            raise InputError(f"a decision is accept or reject, not {action!r}")
        reason = (reason or "").strip()[:1000] or None
        if action == "reject" and not reason:
            raise InputError("a rejection needs a reason (pick one from the list or write your own)")
        with self._lock:
            version = item_version(self.record(item_id))
            self.trail.append(reviewer=self.reviewer, action=action, item_id=item_id, before=version, after=version,
                              reason=reason if action == "reject" else None)
        return self.item(item_id)

    def edit(self, item_id: str, changes: dict[str, Any], reason: str | None = None) -> dict[str, Any]:
        """Save an edit after re-validating it; EditRefused (with the reasons) when it breaks the item."""
        with self._lock:
            before = self.record(item_id)
            after = apply_changes(self.bench, before, changes)
            if after == before:
                return self.item(item_id)
            check_edit(self.bench, before, after)
            diff = {path: {"before": _get(before, path), "after": _get(after, path)}
                    for path in changes if _get(before, path) != _get(after, path)}
            self.trail.append(reviewer=self.reviewer, action="edit", item_id=item_id, before=item_version(before),
                              after=item_version(after), reason=(reason or "").strip()[:1000] or None, changes=diff,
                              item=after)
        return self.item(item_id)

    # -- report --------------------------------------------------------------------------------
    def report(self) -> dict[str, Any]:
        """Counts by status and reviewer, and Cohen's kappa for every pair of reviewers (accept/reject)."""
        summary = self.summary()
        states = self.states()
        decisions = {item_id: {r: d.action for r, d in s.decisions.items()} for item_id, s in states.items()}
        by_reviewer: dict[str, Counter] = {}
        for per_item in decisions.values():
            for r, action in per_item.items():
                by_reviewer.setdefault(r, Counter())[action] += 1
        return {
            "items": summary["progress"]["total"],
            "by_status": {s: summary["progress"].get(s, 0) for s in STATUSES},
            "edited": sum(r["edited"] for r in summary["items"]),
            "by_reviewer": {r: dict(c) for r, c in sorted(by_reviewer.items())},
            "agreement": [p.as_dict() for p in pairwise(decisions)],
        }


def _get(record: dict[str, Any], path: str) -> Any:
    target: Any = record
    for part in path.split("."):
        target = target[int(part)] if isinstance(target, list) else target.get(part)
    return target
