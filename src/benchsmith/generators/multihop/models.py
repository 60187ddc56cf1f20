"""In-memory records passed between the multihop steps (plain dataclasses: cheap and hashable)."""

from __future__ import annotations

from dataclasses import dataclass, field

from benchsmith.quantities import Quantity

__all__ = ["BridgeGroup", "Claim", "ClaimSet", "Draft", "Entity", "Fact", "Quantity"]


@dataclass(frozen=True)
class Fact:
    """An evidence sentence: a verbatim character span of one document, inside one chunk."""

    fact_id: str
    doc_id: str
    chunk_id: str
    start: int
    end: int
    text: str
    clean: str | None = None  # the sentence with its markup stripped (links keep their label), where it had any

    @property
    def readable(self) -> str:
        """What questions, entities and claims are read from: the clean text where the sentence carried markup."""
        return self.clean or self.text


@dataclass(frozen=True)
class Entity:
    text: str
    label: str
    norm: str
    start: int = 0  # offset within the fact sentence


@dataclass(frozen=True)
class Claim:
    """A self-contained rewrite of one fact, with its target (bridge entity) and topic."""

    claim_id: str
    fact: Fact
    text: str
    target: str
    target_norm: str
    target_label: str
    topic: str
    topic_norm: str
    entities: tuple[Entity, ...] = ()
    quantities: tuple[Quantity, ...] = ()
    resolved: str | None = None  # the entity a leading pronoun was resolved to
    strategy: str = "heuristic"
    raw_output: str | None = None


@dataclass
class BridgeGroup:
    """Claims from different documents that share a bridge entity or a bridge topic."""

    kind: str  # "entity" | "topic"
    key: str  # normalized bridge
    surface: str  # how the bridge is written
    label: str
    claims_by_doc: dict[str, list[Claim]] = field(default_factory=dict)
    label_share: float = 1.0  # share of the bridge's mentions that carry `label` (a split vote: the type is unsure)

    @property
    def n_docs(self) -> int:
        return len(self.claims_by_doc)


@dataclass(frozen=True)
class ClaimSet:
    group: BridgeGroup
    claims: tuple[Claim, ...]
    keywords: tuple[str, ...]


@dataclass
class Draft:
    """A generated query before validation."""

    query: str
    answer: str
    question_type: str
    claims: tuple[Claim, ...]
    bridge_entity: str | None
    bridge_topic: str | None
    keywords: tuple[str, ...] = ()
    computation: dict = field(default_factory=dict)
    null_entities: tuple[str, ...] = ()
    null_sources: tuple[str, ...] = ()
    strategy: str = "heuristic"
    template: str = ""
    prompt_name: str | None = None
    prompt_hash: str | None = None
    model: str | None = None
    raw_output: str | None = None
