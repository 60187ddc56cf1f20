from benchsmith.generators.core.per_corpus import CORPORA_KEPT, PerCorpus


def test_computes_once_per_corpus_object_and_key() -> None:
    memo: PerCorpus[int] = PerCorpus()
    calls: list[str] = []
    corpus = {"d1": "text"}

    def compute(tag: str) -> int:
        calls.append(tag)
        return len(calls)

    assert memo.get(corpus, "a", lambda: compute("a")) == 1
    assert memo.get(corpus, "a", lambda: compute("again")) == 1
    assert memo.get(corpus, "b", lambda: compute("b")) == 2
    assert calls == ["a", "b"]


def test_an_equal_but_other_corpus_object_gets_its_own_values() -> None:
    # Identity, not equality: two runs over equal dicts must not share answers a step may mutate (asked names).
    memo: PerCorpus[list] = PerCorpus()
    first, second = {"d": 1}, {"d": 1}
    memo.get(first, "asked", list).append("x")
    assert memo.get(second, "asked", list) == []
    assert memo.get(first, "asked", list) == ["x"]


def test_the_oldest_corpus_is_forgotten_and_recomputed() -> None:
    memo: PerCorpus[int] = PerCorpus()
    corpora = [{"n": i} for i in range(CORPORA_KEPT + 1)]
    for i, corpus in enumerate(corpora):
        memo.get(corpus, "k", lambda i=i: i)
    assert memo.get(corpora[-1], "k", lambda: -1) == CORPORA_KEPT  # still kept
    assert memo.get(corpora[0], "k", lambda: -1) == -1  # evicted, computed anew


def test_a_corpus_used_again_is_kept_over_older_ones() -> None:
    memo: PerCorpus[int] = PerCorpus()
    corpora = [{"n": i} for i in range(CORPORA_KEPT + 1)]
    memo.get(corpora[0], "k", lambda: 0)
    for i, corpus in enumerate(corpora[1:CORPORA_KEPT], start=1):
        memo.get(corpus, "k", lambda i=i: i)
    memo.get(corpora[0], "k", lambda: -1)  # used again: now the newest
    memo.get(corpora[CORPORA_KEPT], "k", lambda: CORPORA_KEPT)  # pushes out corpora[1], not corpora[0]
    assert memo.get(corpora[0], "k", lambda: -1) == 0
    assert memo.get(corpora[1], "k", lambda: -1) == -1
