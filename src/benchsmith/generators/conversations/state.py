"""What a conversation being built remembers: its turns, the passages and intents it used, its last draft."""

from __future__ import annotations

from dataclasses import dataclass, field

from benchsmith.generators.conversations import drafts as D
from benchsmith.generators.conversations.topic import anchors
from benchsmith.schemas.conversation import ConversationTurn
from benchsmith.validators.conversation import Repetition


@dataclass
class State:
    conversation_id: str
    turns: list[ConversationTurn] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    terms: list[str] = field(default_factory=list)
    nouns: list[str] = field(default_factory=list)  # terms of definitions and capabilities: what unanswerable turns ask about
    last: D.Draft | None = None
    intents: set[tuple[str, str]] = field(default_factory=set)
    documents: set[str] = field(default_factory=set)
    topic: str = ""  # what the conversation is about now, when no heuristic draft says it (llm strategy)
    seed_chunk: str | None = None
    order: list[str] = field(default_factory=list)  # passages used, in the order the conversation used them
    said: set[str] = field(default_factory=set)  # sentences the agent has quoted so far
    summarized: list[set[str]] = field(default_factory=list)  # words of the names asked "tell me about" so far
    direct: set[str] = field(default_factory=set)  # the first sentence of each answer: what its question asked
    marked: set[str] = field(default_factory=set)  # passages some kept turn marked relevant (quoted or answering it)

    wide: bool = False  # the latest passages' neighbourhoods ran dry: any passage the conversation used may lead on
    repetition: Repetition = field(default_factory=Repetition)

    def anchors(self) -> list[str]:
        return anchors(self.seed_chunk, self.order, recent=len(self.order) if self.wide else None)


class TurnFailed(Exception):
    pass
