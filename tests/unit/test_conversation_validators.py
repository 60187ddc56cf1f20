"""The conversation validators catch each flaw a generator bug could leave in a finished conversation."""

from __future__ import annotations

from benchsmith.schemas.conversation import ConversationItem, ConversationTurn, TurnContext, UnanswerableProof
from benchsmith.types import Chunk, Document, Provenance, Span
from benchsmith.validators import CorpusIndex, ValidationContext, errors, names_for, run_validators

TEXT = "A vault holds objects. Keys name objects."
DOC = Document(doc_id="d1", title="Vaults", text=TEXT)
CHUNK = Chunk(chunk_id="d1#0", doc_id="d1", title="Vaults", text=TEXT, span=Span(start=0, end=len(TEXT)), index=0, n_tokens=7)
CTX = ValidationContext(CorpusIndex([DOC], [CHUNK]), settings={"max_unanswerable": 1})
P = Provenance(step="test")
PROOF = UnanswerableProof(query="q", retrievers=["bm25"], k=5, candidates_checked=5, missing="who made it", method="lexical")


def _context(relevance: int = 1, text: str = TEXT) -> TurnContext:
    return TurnContext(doc_id="d1", chunk_id="d1#0", span=CHUNK.span, text=text, relevance=relevance)


def _turn(n: int, **kw) -> ConversationTurn:
    base = dict(turn=n, user=f"What is a vault {n}?", rewrite=f"What is vault number {n}?", question_types=["Factoid"],
                multi_turn="N/A" if n == 1 else "Follow-up", answerability="ANSWERABLE", standalone=True,
                contexts=[_context()], response="A vault holds objects.", provenance=P)
    return ConversationTurn(**{**base, **kw})


def _unanswerable(n: int) -> ConversationTurn:
    return _turn(n, answerability="UNANSWERABLE", contexts=[_context(0)], proof=PROOF, user=f"Who made it {n}?",
                 rewrite=f"Who made vault {n} originally and why?", response="I do not have specific information about who made it.")


def _codes(turns) -> set[str]:
    item = ConversationItem(item_id="c", strategy="heuristic", baseline=True, seed_chunk_id="d1#0", turns=turns, provenance=P)
    return {i.code for i in errors(run_validators(item, CTX, names_for("conversation", exclude=("dedup.query",))))}


def test_a_sound_conversation_passes():
    assert _codes([_turn(1), _unanswerable(2), _turn(3, rewrite="How do keys name objects?", response="Keys name objects.")]) == set()


def test_each_flaw_is_caught():
    assert "unsupported_sentence" in _codes([_turn(1, response="A vault holds objects forever.")])
    assert "context_not_in_corpus" in _codes([_turn(1, contexts=[_context(text="A vault holds objects.")])])
    assert "too_many_unanswerable" in _codes([_turn(1), _unanswerable(2), _unanswerable(3)])
    assert "unproven_unanswerable" in _codes([_turn(1), _unanswerable(2).model_copy(update={"proof": None})])
    assert "relevance_vs_answerability" in _codes([_turn(1, contexts=[_context(0)])])
    assert "multi_turn_label" in _codes([_turn(1, multi_turn="Follow-up")])
    assert "turns_out_of_order" in _codes([_turn(2, multi_turn="N/A")])
    assert "repeated_question" in _codes([_turn(1), _turn(2, rewrite="What is vault number 1?")])
