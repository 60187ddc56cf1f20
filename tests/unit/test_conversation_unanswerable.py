"""Unanswerable turns are accepted only with a corpus-wide proof."""

from __future__ import annotations

from benchsmith.generators.conversations.unanswerable import ATTRIBUTES, Prover
from benchsmith.types import Chunk, Document, Span
from benchsmith.validators import CorpusIndex

DOCS = {
    "d1": ("Vaults", "A vault is a container for objects. Vaults keep objects in one region."),
    "d2": ("Replication", "Replication copies objects between regions. Replication is billed per gigabyte."),
    "d3": ("History", "Unrelated text about gardens and their flowers in spring."),
    "d4": ("Keys", "A key names an object. Keys were introduced in the first release of the vault service."),
}


def _index() -> CorpusIndex:
    docs = [Document(doc_id=d, title=t, text=x) for d, (t, x) in DOCS.items()]
    chunks = [Chunk(chunk_id=f"{d.doc_id}#0", doc_id=d.doc_id, title=d.title, text=d.text, span=Span(start=0, end=len(d.text)),
                    index=0, n_tokens=len(d.text.split())) for d in docs]
    return CorpusIndex(docs, chunks)


def _attr(prefix: str):
    return next(a for a in ATTRIBUTES if a.question.startswith(prefix))


def test_an_attribute_nobody_states_is_proven_with_its_search_recorded():
    prover = Prover(_index(), ("bm25",), k=3)
    attr = _attr("Who first came up with")
    proof = prover.prove("a vault", attr, attr.ask("a vault"))
    assert proof is not None
    assert proof.retrievers == ["bm25"] and proof.k == 3 and proof.candidates_checked >= 1
    assert proof.missing == "who first came up with a vault"


def test_a_sentence_stating_the_attribute_anywhere_in_the_corpus_disproves_it():
    prover = Prover(_index(), ("bm25",), k=1)
    cost = _attr("How much")
    assert prover.prove("Replication", cost, cost.ask("Replication")) is None  # "billed per gigabyte"
    introduced = _attr("When {was}")
    assert prover.prove("a key", introduced, introduced.ask("a key")) is None  # "introduced in the first release"


def test_verbs_agree_with_plural_terms():
    attr = _attr("When {was}")
    assert attr.ask("lifecycle rules", plural=True) == "When were lifecycle rules first introduced?"
    assert attr.missing_for("lifecycle rules", plural=True) == "when lifecycle rules were first introduced"
