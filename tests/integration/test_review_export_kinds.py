"""`benchsmith export` writes the same files as `generate` for every kind: one `Generator.exports` path.

Each generator's benchmark is generated, every item accepted, and the export compared
byte for byte with what generate wrote (items, qrels and the paper's own formats).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.generators.core.generator import ExportSettings, all_generators
from benchsmith.outdir import check_complete
from benchsmith.review.items import load_bench
from benchsmith.review.session import ReviewSession

PAINTINGS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "corpora" / "wikipedia_landscape_paintings" / "corpus.jsonl"


def _cli(args: list[str]) -> int:
    try:
        main(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _mirage_inputs(tmp: Path) -> list[str]:
    docs = [{"doc_id": "rome", "title": "Rome", "text": "Rome is the capital city of Italy. It lies on the Tiber."},
            {"doc_id": "nile", "title": "Nile", "text": "The Nile flows into the Mediterranean Sea through Egypt."}]
    (tmp / "corpus.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    with (tmp / "qa.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["qid", "q", "a", "page"])
        writer.writeheader()
        writer.writerows([{"qid": "q1", "q": "What is the capital of Italy?", "a": "Rome", "page": "Rome"},
                          {"qid": "q2", "q": "Into which sea does the Nile flow?", "a": "Mediterranean", "page": "Nile"}])
    return ["--qa", str(tmp / "qa.csv"), "--corpus", str(tmp / "corpus.jsonl"), "--n", "2",
            "--field", "id=qid", "--field", "question=q", "--field", "answer=a", "--field", "title=page"]


def _args(kind: str, tmp: Path) -> list[str]:
    if kind == "mirage":
        return _mirage_inputs(tmp)
    if kind == "frames":
        if not PAINTINGS.is_file():
            pytest.skip(f"the frames check needs a linked corpus: {PAINTINGS} (only in the team's workspace)")
        return ["--corpus", str(PAINTINGS), "--n", "4"]
    corpus = tmp / "corpus"
    assert _cli(["corpus", "ingest", str(example_corpus()), "--out", str(corpus), "--chunk-tokens", "128",
                 "--overlap", "16"]) == 0
    extra = ["--ner", "rules"] if kind == "multihop" else ["--proof-retrievers", "bm25"]
    # The 40-article corpus holds one full conversation once no question may repeat in a run.
    return ["--corpus", str(corpus), "--n", {"multihop": "5", "conversations": "1"}.get(kind, "2"), *extra]


@pytest.mark.parametrize("kind", ["multihop", "conversations", "mirage", "frames"])
def test_export_of_an_all_accepted_benchmark_equals_what_generate_wrote(kind, tmp_path):
    bench = tmp_path / "bench"
    assert _cli(["-q", "generate", kind, *_args(kind, tmp_path), "--out", str(bench)]) == 0
    review = load_bench(bench)
    session = ReviewSession(review, "alice")
    for item in review.items:
        session.decide(item.item_id, "accept")
    out = tmp_path / "exported"
    assert _cli(["export", str(bench), "--accepted", "--out", str(out)]) == 0
    generator = all_generators()[kind]
    paper_files = generator.exports(review.items, ExportSettings(documents=review.corpus.documents_by_id,
                                                                  settings=review.manifest["config"],
                                                                  counts=review.manifest["counts"]))
    assert paper_files, f"{kind} writes no format of its own"
    for name in [*paper_files, "items.jsonl", "qrels.tsv"]:
        assert (out / name).read_bytes() == (bench / name).read_bytes(), name
    assert json.loads((out / "review.json").read_text())["items_exported"] == len(review.items)
    check_complete(out, verify_hashes=True)
    assert _cli(["validate", str(out)]) == 0
    assert load_bench(out).items == review.items  # the export is itself a benchmark folder review and export read


def test_regenerating_into_the_folder_keeps_the_review_trail(tmp_path):
    bench = tmp_path / "bench"
    args = ["-q", "generate", "multihop", *_args("multihop", tmp_path), "--out", str(bench)]
    assert _cli(args) == 0
    review = load_bench(bench)
    first = review.items[0].item_id
    ReviewSession(review, "alice").decide(first, "accept")
    assert _cli([*args[:-2], "--fresh", "--out", str(bench)]) == 0
    check_complete(bench, verify_hashes=True)
    assert ReviewSession(load_bench(bench), "alice").item(first)["status"] == "accepted"
