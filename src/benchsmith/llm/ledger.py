"""Usage ledger (one JSONL line per model call) and the price table behind its costs."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.fileio import iter_jsonl, read_text


@dataclass(frozen=True)
class Price:
    """USD per one million tokens."""

    input: float
    output: float


class PriceTable:
    """Prices per model, looked up by full address (`openai/gpt-4o-mini`) or bare model name.

    A model that is not in the table costs 0 and is flagged `price_known: false`
    in the ledger, so an unpriced run is visible rather than silently free.
    """

    def __init__(self, prices: Mapping[str, Any] | None = None) -> None:
        self._prices: dict[str, Price] = {}
        for model, value in (prices or {}).items():
            self._prices[model] = _parse_price(model, value)

    @classmethod
    def from_file(cls, path: str | Path) -> PriceTable:
        """Load `{model: {input: USD/1M, output: USD/1M}}` from a JSON or YAML file."""
        text = read_text(path)
        try:
            if str(path).endswith((".yaml", ".yml")):
                import yaml

                data = yaml.safe_load(text)
            else:
                data = json.loads(text)
        except Exception as exc:
            raise InputError(f"invalid price table: {exc}", path=path) from exc
        if not isinstance(data, Mapping):
            raise InputError("price table must map model -> {input, output}", path=path)
        try:
            return cls(data)
        except ValueError as exc:
            raise InputError(str(exc), path=path) from exc

    @classmethod
    def coerce(cls, prices: PriceTable | Mapping[str, Any] | str | Path | None) -> PriceTable:
        if isinstance(prices, PriceTable):
            return prices
        if isinstance(prices, (str, Path)):
            return cls.from_file(prices)
        return cls(prices)

    def lookup(self, provider: str, model: str) -> Price | None:
        return self._prices.get(f"{provider}/{model}") or self._prices.get(model)

    def cost(self, provider: str, model: str, prompt_tokens: int, completion_tokens: int) -> tuple[float, bool]:
        """(cost in USD, whether the model had a price)."""
        price = self.lookup(provider, model)
        if price is None:
            return 0.0, False
        return (prompt_tokens * price.input + completion_tokens * price.output) / 1_000_000, True


def _parse_price(model: str, value: Any) -> Price:
    if isinstance(value, Mapping):
        try:
            return Price(input=float(value["input"]), output=float(value["output"]))
        except (KeyError, TypeError, ValueError):
            pass
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        return Price(input=float(value[0]), output=float(value[1]))
    raise ValueError(f"price for {model!r} must be {{input: USD per 1M tokens, output: USD per 1M tokens}}")


class UsageLedger:
    """Appends one JSON line per call; each line is flushed at once so a killed run keeps it."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._fh = self.path.open("a", encoding="utf-8")

    def record(self, entry: Mapping[str, Any]) -> None:
        line = json.dumps({"time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), **entry}, ensure_ascii=False, default=str)
        with self._lock:
            self._fh.write(line + "\n")
            self._fh.flush()

    def close(self) -> None:
        with self._lock:
            if not self._fh.closed:
                self._fh.close()


def summarize_ledger(path: str | Path) -> dict[str, Any]:
    """Totals over a ledger file: calls, cache hits, tokens, cost, errors, per model and step,
    and the structured-output modes the server answered in (`by_structured_mode`).

    Raises:
        InputError: a line is not JSON, not an object, or has a non-numeric count (names file and line).
    """
    totals: dict[str, Any] = {"calls": 0, "cache_hits": 0, "prompt_tokens": 0, "completion_tokens": 0,
                              "cost_usd": 0.0, "retries": 0, "errors": 0, "unpriced_calls": 0,
                              "by_model": {}, "by_step": {}, "by_structured_mode": {}}
    for lineno, row in iter_jsonl(path):
        if not isinstance(row, Mapping):
            raise InputError("a ledger line must be a JSON object", path=path, line=lineno)
        try:
            _add_ledger_row(totals, row)
        except (TypeError, ValueError) as exc:
            raise InputError(f"ledger entry has a non-numeric count: {exc}", path=path, line=lineno) from exc
    return totals


def _add_ledger_row(totals: dict[str, Any], row: Mapping[str, Any]) -> None:
    totals["calls"] += 1
    totals["cache_hits"] += bool(row.get("cache_hit"))
    if not row.get("cache_hit"):  # a cache hit replays stored tokens; nothing was spent
        totals["prompt_tokens"] += int(row.get("prompt_tokens") or 0)
        totals["completion_tokens"] += int(row.get("completion_tokens") or 0)
    totals["cost_usd"] += float(row.get("cost_usd") or 0.0)
    totals["retries"] += int(row.get("retries") or 0)
    totals["errors"] += bool(row.get("error"))
    totals["unpriced_calls"] += (not row.get("cache_hit")) and not row.get("price_known", True)
    mode = row.get("structured_mode")
    if mode and not row.get("cache_hit"):
        totals["by_structured_mode"][str(mode)] = totals["by_structured_mode"].get(str(mode), 0) + 1
    for group, name in (("by_model", row.get("model")), ("by_step", row.get("step"))):
        bucket = totals[group].setdefault(str(name), {"calls": 0, "cost_usd": 0.0})
        bucket["calls"] += 1
        bucket["cost_usd"] += float(row.get("cost_usd") or 0.0)
