"""Rule-based sentence splitter: exact spans and the usual traps (abbreviations, decimals, initials, quotes)."""

from __future__ import annotations

import pytest

from benchsmith.corpora.sentences import sentences, split_sentences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mr. Smith went to Washington. He met Dr. Jones there.", ["Mr. Smith went to Washington.", "He met Dr. Jones there."]),
        ("Prices rose 3.5 percent in 2023. Analysts were surprised.", ["Prices rose 3.5 percent in 2023.", "Analysts were surprised."]),
        ("J. K. Rowling wrote it. John F. Kennedy read it.", ["J. K. Rowling wrote it.", "John F. Kennedy read it."]),
        ("Acme Inc. reported gains in the U.S. market. Shares rose.", ["Acme Inc. reported gains in the U.S. market.", "Shares rose."]),
        ("Sales grew in the U.S. The company was pleased.", ["Sales grew in the U.S.", "The company was pleased."]),
        ("It opened on Sept. 26 in Boston. Crowds came.", ["It opened on Sept. 26 in Boston.", "Crowds came."]),
        ("A view of the Seine painted c. 1855 by Corot. It hangs in Lyon.", ["A view of the Seine painted c. 1855 by Corot.", "It hangs in Lyon."]),
        ("The vase dates from ca. 300 BC. It was found in Crete.", ["The vase dates from ca. 300 BC.", "It was found in Crete."]),
        ('"Is it true?" she asked. "Yes." He nodded!', ['"Is it true?" she asked.', '"Yes."', "He nodded!"]),
        ("Use e.g. a hammer. Or not.", ["Use e.g. a hammer.", "Or not."]),
        ("It grew in the U.S.! Robots came.", ["It grew in the U.S.!", "Robots came."]),
        ("the end. lower case continues", ["the end. lower case continues"]),
        ("the home team . It will be", ["the home team .", "It will be"]),
    ],
)
def test_splits(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_newlines_are_hard_boundaries_and_spans_are_stripped() -> None:
    text = "  A Title\n\nFirst line without a stop\nSecond one. Third one.  \n\n"
    spans = split_sentences(text)
    got = [text[s.start : s.end] for s in spans]
    assert got == ["A Title", "First line without a stop", "Second one.", "Third one."]
    assert all(text[s.start].strip() and text[s.end - 1].strip() for s in spans)
    assert [s.start for s in spans] == sorted(s.start for s in spans)


def test_blank_text_gives_no_sentences() -> None:
    assert split_sentences("") == []
    assert split_sentences(" \n\t\n") == []


def test_spans_cover_all_words_on_real_like_text() -> None:
    text = (
        "Teutberga( died 11 November 875) was a queen of Lotharingia. She was a daughter of Boso the Elder.\n"
        "In 931, before 17 October, Hugh, King of Italy, disowned Lambert. Dr. Who? No... Yes!"
    )
    spans = split_sentences(text)
    joined = " ".join(text[s.start : s.end] for s in spans)
    assert joined.split() == text.split()
