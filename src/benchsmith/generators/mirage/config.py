"""The mirage generator's settings."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class MirageConfig(BaseModel):
    """Settings of one MIRAGE construction.

    Attributes:
        qa: The QA file (or benchsmith benchmark folder).
        qa_format: auto, jsonl, csv, mirage, triviaqa, nq or benchsmith.
        fields: Target -> source field name (question, answer, title, url, doc_id, id, source).
        pool_k: Candidate chunks per query (the paper: 5).
        fill_pool: Top a short document's candidates up with chunks of other documents the search ranks.
        search_fallback: Map a query whose reference title is not in the corpus by content search instead of dropping it.
        keep_easy: Keep queries the model answers without context (flagged) instead of dropping them.
        min_coverage: Share of question terms a chunk needs for the heuristic label.
        double_judge: Share of (query, chunk) pairs judged a second time to estimate label noise.
        fuzzy_cutoff: rapidfuzz ratio a fuzzy title match needs (0-100).
        rank_with: Retriever ranking a document's chunks for the query.
        margin: Queries drawn per missing item in each round (rejections eat the rest).
    """

    model_config = ConfigDict(extra="forbid")

    qa: str
    qa_format: str = "auto"
    fields: dict[str, str] = Field(default_factory=dict)
    pool_k: int = Field(5, ge=1, le=50)
    fill_pool: bool = True
    search_fallback: bool = False
    keep_easy: bool = False
    min_coverage: float = Field(0.5, ge=0.0, le=1.0)
    double_judge: float = Field(0.2, ge=0.0, le=1.0)
    fuzzy_cutoff: float = Field(92.0, ge=50.0, le=100.0)
    rank_with: str = "bm25"
    margin: float = Field(1.5, ge=1.0)
