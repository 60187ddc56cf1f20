"""mtRAG-S style conversation generator: multi-turn conversations over a corpus, verified turn by turn.

`benchsmith generate conversations` runs it through the generator core (checkpoints,
ledger, output folder); the heuristic strategy is a no-model baseline.
"""

from benchsmith.generators.conversations.config import ConversationConfig
from benchsmith.generators.conversations.generate import GENERATOR, ConversationGenerator

__all__ = ["GENERATOR", "ConversationConfig", "ConversationGenerator"]
