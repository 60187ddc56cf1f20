"""Hard-wrapped wire copy and datelines, read the same way by every generator (stories written for these tests)."""

from __future__ import annotations

import pytest

from benchsmith.corpora.wire import dateline_end, is_hard_wrapped, unwrapped, without_dateline

STORY = (
    "TOLEDO, Ohio, March 3 - Harrowgate Mills Inc <HGM> said it\n"
    "agreed to sell its flour unit to <Bexley Grain\n"
    "Holdings Ltd> for 41 mln dlrs in cash.\n"
    "    The company said the sale, which is subject to approval by\n"
    "shareholders, will close by the end of April.\n"
)


def test_wrapped_lines_become_spaces_with_every_offset_kept_and_paragraphs_kept():
    view = unwrapped(STORY)
    assert len(view) == len(STORY)
    assert "said it agreed" in view and "Bexley Grain Holdings" in view
    assert "cash.\n    The company" in view  # an indented line opens a paragraph


@pytest.mark.parametrize("text", [
    "Line one.\nLine two.",  # too few lines to tell
    "A heading\n\nA long paragraph that runs on " + "and on " * 20 + "to its end.\nAnother one.",  # long lines
    "Limits\nup to 100 buckets per\naccount and up to\n+ ten tags per object\n",  # a markdown list
    "An example follows\nthat copies an object\n```\naws s3 cp a b\n```\n",  # markdown code
])
def test_text_that_is_not_wire_copy_is_left_alone(text):
    assert not is_hard_wrapped(text)
    assert unwrapped(text) == text


@pytest.mark.parametrize("line", [
    "CLEVELAND, Feb 26 - ", "PORTLAND, Ore., Feb 26 - ", "NEW YORK, March 2 - ", "WASHINGTON, D.C., Feb 26 - ",
    "ST. JOHN'S, Nfld., March 4 -- ", "  SAO PAULO, Sept 9 - ", "MONTREAL, Feb 26- ", "Winnipeg, Manitoba, Feb 26 - ",
    "New York, March 2 - ", "ROCHESTER, N.Y., Feb 26 - ",
    # Seen in Reuters-21578: a two-word province, no comma after an abbreviated state, capitals and typos.
    "HALIFAX, Nova Scotia, March 3 - ", "VANCOUVER, British Columbia, Feb 26 - ", "RICHMOND, Va. Feb 26 - ",
    "NEW YORK, MARCH 2 - ", "WESTPORT, Conn., FEb 26 - ", "RENO, Nev., Mach 4 - ", "Bogota, march 4 - ",
])
def test_a_dateline_ends_where_the_body_begins(line):
    assert dateline_end(line + "Acme said.") == len(line)
    assert without_dateline(line + "Acme said.") == "Acme said."


def test_a_date_inside_a_sentence_is_not_a_dateline():
    for text in ("Acme said on Feb 26 - a Thursday - that it would.", "In March 3 - 4 talks, Acme agreed.",
                 "Sales rose, up 12 - 15 pct.", "Acme, Machine 4 - a unit - said."):
        assert dateline_end(text) == 0
    assert dateline_end("xx CLEVELAND, Feb 26 - Acme said.", 3) == len("xx CLEVELAND, Feb 26 - ")


def test_a_long_list_of_capitalised_words_is_no_dateline_and_is_read_at_once():
    # Apache's HTTP methods list: the first version of the two-word region pattern backtracked through every way
    # of cutting these words and never returned.
    text = ("GET, POST, PUT, DELETE,\nCONNECT, OPTIONS,\nPATCH, PROPFIND, PROPPATCH,\nMKCOL, COPY, MOVE,\nLOCK, and "
            "UNLOCK. The method name is case-sensitive.")
    assert dateline_end(text) == 0
