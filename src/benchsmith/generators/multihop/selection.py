"""Step 1: article selection: a minimum length, then near-duplicate articles removed."""

from __future__ import annotations

from collections.abc import Sequence

from benchsmith.generators.core.near_duplicates import near_duplicates
from benchsmith.generators.multihop.text import count_tokens
from benchsmith.types import Document, Rejected

STEP = "multihop.select"


def select_articles(
    documents: Sequence[Document], *, min_tokens: int = 150, dedup_threshold: float = 0.8
) -> tuple[list[Document], list[Rejected]]:
    """Keep documents of at least `min_tokens` whitespace tokens that are not near-duplicates.

    Args:
        documents: the corpus, in corpus order (the first of a duplicate group is kept).
        min_tokens: the paper keeps articles of 1,024+ tokens; smaller corpora need less.
        dedup_threshold: estimated Jaccard similarity of word 3-gram sets above which two
            articles count as near-duplicates.

    Returns:
        The kept documents and one Rejected per dropped document.
    """
    rejected: list[Rejected] = []
    # Re-sent stories are found among all documents (short ones too: the composed questions use them).
    dupes = near_duplicates([d.text for d in documents], threshold=dedup_threshold)
    kept = []
    for i, doc in enumerate(documents):
        n = count_tokens(doc.text)
        if i in dupes:
            rejected.append(
                Rejected(step=STEP, reason="near_duplicate_article", detail=f"near-duplicate of {documents[dupes[i]].doc_id}", input_ref=doc.doc_id)
            )
        elif n < min_tokens:
            rejected.append(Rejected(step=STEP, reason="too_short", detail=f"{n} < {min_tokens} tokens", input_ref=doc.doc_id))
        else:
            kept.append(doc)
    return kept, rejected
