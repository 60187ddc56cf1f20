"""The output folder: items.jsonl, qrels.tsv, MultiHopRAG.json, benchmark.json, summary.json, rejected.jsonl
(plus claims.jsonl, every claim the run built, for audit).

Every file is written atomically (temp file + rename); items go last-but-one and
the manifest last, so a reader never sees a manifest pointing at missing files.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

from benchsmith.corpora.store import Corpus
from benchsmith.fileio import write_json_atomic, write_jsonl_atomic, write_text_atomic
from benchsmith.pipeline_parts.summary import LLMTotals, RunSummary, StageStats, status_for

from benchsmith.generators.multihop.config import MultihopConfig
from benchsmith.generators.multihop.generate import GenerationResult
from benchsmith.generators.multihop.items import claim_record, qrels_rows, to_multihop_rag
from benchsmith.schemas.multihop import BenchmarkManifest


def build_summary(result: GenerationResult, *, name: str, out_dir: Path, started_at: datetime) -> RunSummary:
    finished = datetime.now(timezone.utc)
    by_step = Counter(r.step for r in result.rejected)
    stages = [StageStats(name=k, elapsed_s=round(v, 4)) for k, v in result.timings.items()]
    llm = LLMTotals(**{k: v for k, v in (result.llm_usage or {}).items() if k in LLMTotals.model_fields}) if result.llm_usage else None
    produced = len(result.items)
    return RunSummary(
        name=name, run_dir=str(out_dir), status=status_for(result.requested, produced), stop_reason=result.shortfall,
        requested=result.requested, produced=produced, rejected=len(result.rejected),
        rejected_by_reason=result.rejected_by_reason, rejected_by_step=dict(sorted(by_step.items())), stages=stages, llm=llm,
        started_at=started_at, finished_at=finished, elapsed_s=round((finished - started_at).total_seconds(), 3),
        exit_code=0 if produced >= result.requested else 1,
    )


def write_outputs(
    out_dir: str | Path, result: GenerationResult, corpus: Corpus, *, corpus_dir: str, name: str,
    config: MultihopConfig, started_at: datetime | None = None,
) -> RunSummary:
    """Write the whole output folder and return the run summary (also in summary.json)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    started_at = started_at or datetime.now(timezone.utc)
    docs = corpus.documents_by_id
    write_jsonl_atomic(out / "rejected.jsonl", result.rejected)
    write_jsonl_atomic(out / "claims.jsonl", (claim_record(c, seed=config.seed) for c in result.claims))
    qrels = [row for item in result.items for row in qrels_rows(item)]
    write_text_atomic(out / "qrels.tsv", "".join(r + "\n" for r in qrels))
    write_json_atomic(out / "MultiHopRAG.json", [to_multihop_rag(i, docs).model_dump(mode="json") for i in result.items], indent=1)
    write_jsonl_atomic(out / "items.jsonl", result.items)
    summary = build_summary(result, name=name, out_dir=out, started_at=started_at)
    write_json_atomic(out / "summary.json", summary.model_dump(mode="json"))
    manifest = BenchmarkManifest(
        name=name, generator="multihop", corpus_dir=corpus_dir,
        counts={
            "requested": result.requested, "produced": len(result.items), "by_type": result.by_type,
            "quotas": result.quotas, "rejected": len(result.rejected), "rejected_by_reason": result.rejected_by_reason,
            "qrels": len(qrels), **result.counts,
        },
        config={**config.as_dict(), "effective_mix": result.mix, "notes": result.notes,
                "timings_s": {k: round(v, 4) for k, v in result.timings.items()}},
    )
    write_json_atomic(out / "benchmark.json", manifest.model_dump(mode="json"))
    return summary
