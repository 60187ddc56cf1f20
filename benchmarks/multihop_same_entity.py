"""Calibrate the same-entity context thresholds (generators/multihop/same_entity.py).

Usage:
    .venv/bin/python benchmarks/multihop_same_entity.py [--corpus PATH] [--pairs 400]

Positives: two sentences from two different documents that both name one title entity of the
corpus (a name with its own article, two words or more, held by one title), the name masked.
Negatives: two sentences from two different documents naming two different title entities, masked.
Prints, for the embedding and the lexical similarity, the positive 5th percentile (the threshold
that keeps 95% of same-entity pairs) and the share of negatives it lets through.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import defaultdict
from pathlib import Path

import numpy as np

from benchsmith.corpora.loading import load_documents
from benchsmith.corpora.sentences import split_sentences
from benchsmith.generators.multihop.compose.profiles import entity_name
from benchsmith.generators.multihop.same_entity import CONTEXT_CHARS, lexical_cosine, load_embedder, masked

DEFAULT_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpora" / "2wikimultihopqa_hipporag_corpus" / "corpus.jsonl"


def mentions(docs) -> dict[str, list[tuple[str, str]]]:
    """Title entity -> [(doc id, sentence)] of the other documents that name it."""
    titles = defaultdict(list)
    for d in docs:
        name = entity_name(d.title)
        if len(name.split()) >= 2:
            titles[name].append(d.doc_id)
    names = {n for n, ids in titles.items() if len(ids) == 1}
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?!\w)")
    out = defaultdict(list)
    for d in docs:
        for span in split_sentences(d.text):
            s = d.text[span.start : span.end]
            for m in set(pattern.findall(s)):
                if titles[m][0] != d.doc_id:
                    out[m].append((d.doc_id, s if SCOPE == "sentence" else d.text[:CONTEXT_CHARS]))
    return out


SCOPE = "document"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--pairs", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scope", choices=("sentence", "document"), default="document",
                    help="context compared: the mentioning sentence, or the whole mentioning document")
    args = ap.parse_args()
    global SCOPE
    SCOPE = args.scope
    rng = random.Random(args.seed)
    found = mentions(load_documents([args.corpus]))
    multi = [n for n, ms in found.items() if len({d for d, _ in ms}) >= 2]
    flat = [(n, d, s) for n, ms in found.items() for d, s in ms]
    pos, neg = [], []
    while len(pos) < args.pairs and multi:
        n = rng.choice(multi)
        (d1, s1), (d2, s2) = rng.sample(found[n], 2)
        if d1 != d2:
            pos.append((masked(s1, [n]), masked(s2, [n])))
    while len(neg) < args.pairs:
        (n1, d1, s1), (n2, d2, s2) = rng.sample(flat, 2)
        if n1 != n2 and d1 != d2:
            neg.append((masked(s1, [n1]), masked(s2, [n2])))
    print(f"{len(multi)} title entities named in two or more other documents; {len(pos)} positive, {len(neg)} negative pairs")
    encode = load_embedder()
    measures = {"lexical": lambda pairs: np.array([lexical_cosine(a, b) for a, b in pairs])}
    if encode is not None:
        def embedding(pairs):
            va, vb = encode([a for a, _ in pairs]), encode([b for _, b in pairs])
            return np.sum(va * vb, axis=1)
        measures["embedding"] = embedding
    for name, fn in measures.items():
        p, q = fn(pos), fn(neg)
        t = float(np.percentile(p, 5))
        print(f"{name:9s} positives median {np.median(p):.3f}  negatives median {np.median(q):.3f}  "
              f"threshold (keeps 95% of positives) {t:.3f}  negatives passing {np.mean(q >= t):.1%}")


if __name__ == "__main__":
    main()
