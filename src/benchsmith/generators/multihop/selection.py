"""Step 1: article selection: a minimum length, then near-duplicate articles removed."""

from __future__ import annotations

from collections.abc import Sequence

from benchsmith.generators.core.near_duplicates import near_duplicates
from benchsmith.generators.multihop.text import count_tokens
from benchsmith.types import Document, Rejected

STEP = "multihop.select"
SHORT_STORY_FLOOR = 60  # a wire story's one paragraph: below it, tables and one-line notices


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


def short_story_threshold(documents: Sequence[Document], min_tokens: int) -> int | None:
    """A lower length threshold for a collection of short stories, or None where `min_tokens` suits it.

    The default threshold (150 tokens) keeps a newspaper's articles and drops stubs; a wire collection's
    stories are mostly one to three paragraphs (Reuters-21578: median 96 tokens), so it would drop most of the
    corpus and every related pair with it. Where it keeps fewer than half of the documents, the threshold
    falls to the corpus's lower quartile of lengths, never below SHORT_STORY_FLOOR.
    """
    lengths = sorted(count_tokens(d.text) for d in documents)
    if not lengths or sum(n >= min_tokens for n in lengths) * 2 >= len(lengths):
        return None
    lowered = max(SHORT_STORY_FLOOR, lengths[len(lengths) // 4])
    return lowered if lowered < min_tokens else None
