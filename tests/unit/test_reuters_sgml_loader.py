"""Reuters-21578 SGML: one document per story with a body, dateline kept, wire codes and sign-off dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchsmith.corpora.loading import load_corpus, load_documents
from benchsmith.errors import InputError

STORIES = """<!DOCTYPE lewis SYSTEM "lewis.dtd">
<REUTERS TOPICS="NO" LEWISSPLIT="TRAIN" CGISPLIT="TRAINING-SET" OLDID="5545" NEWID="2">
<DATE>26-FEB-1987 15:02:20.00</DATE>
<TOPICS></TOPICS>
<PLACES><D>usa</D></PLACES>
<PEOPLE></PEOPLE>
<ORGS></ORGS>
<EXCHANGES></EXCHANGES>
<COMPANIES></COMPANIES>
<UNKNOWN>
&#5;&#5;&#5;F Y
&#22;&#22;&#1;f0708&#31;reute
d f BC-STANDARD-OIL-&lt;SRD>-TO   02-26 0082</UNKNOWN>
<TEXT>&#2;
<TITLE>STANDARD OIL &lt;SRD> TO FORM FINANCIAL UNIT</TITLE>
<DATELINE>    CLEVELAND, Feb 26 - </DATELINE><BODY>Standard Oil Co and BP North America
Inc said they plan to form a venture.
    BP North America is a subsidiary of British Petroleum Co
Plc &lt;BP>.

 Reuter
&#3;</BODY></TEXT>
</REUTERS>
<REUTERS TOPICS="YES" LEWISSPLIT="TRAIN" CGISPLIT="TRAINING-SET" OLDID="5600" NEWID="57">
<DATE> 2-MAR-1987 09:00:01.00</DATE>
<TOPICS><D>earn</D></TOPICS>
<PLACES><D>usa</D></PLACES>
<PEOPLE></PEOPLE>
<ORGS></ORGS>
<EXCHANGES></EXCHANGES>
<COMPANIES></COMPANIES>
<UNKNOWN>F</UNKNOWN>
<TEXT TYPE="BRIEF">&#2;
******<TITLE>DIAMOND SHAMROCK SEES LOSS</TITLE>
&#3;</TEXT>
</REUTERS>
"""


def _write(tmp_path: Path, name: str = "reut2-000.sgm", text: str = STORIES) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_story_becomes_a_document_with_its_dateline_and_without_wire_codes(tmp_path):
    (doc,) = load_documents(_write(tmp_path))
    assert doc.doc_id == "reuters-2"
    assert doc.title == "STANDARD OIL <SRD> TO FORM FINANCIAL UNIT"
    assert doc.text.startswith("CLEVELAND, Feb 26 - Standard Oil Co and BP North America\nInc said")
    assert doc.text.endswith("British Petroleum Co\nPlc <BP>.")  # the "Reuter" sign-off and &#3; are gone
    assert "&#" not in doc.text and "\x03" not in doc.text
    assert doc.source == "Reuters"
    assert doc.published_at.isoformat() == "1987-02-26T15:02:20+00:00"
    assert doc.metadata["places"] == ["usa"] and doc.metadata["oldid"] == "5545"


def test_a_headline_only_brief_is_skipped_and_the_record_count_says_so(tmp_path):
    result = load_corpus(_write(tmp_path))
    assert [d.doc_id for d in result.documents] == ["reuters-2"]
    assert result.sources[0].format == "reuters-sgml"


def test_the_collection_folder_is_read_as_sgml_despite_its_readme(tmp_path):
    _write(tmp_path, "reut2-000.sgm")
    _write(tmp_path, "reut2-001.sgm", STORIES.replace('NEWID="2"', 'NEWID="1002"'))
    (tmp_path / "README.txt").write_text("Reuters-21578 text categorization collection\n", encoding="utf-8")
    docs = load_documents(tmp_path)
    assert [d.doc_id for d in docs] == ["reuters-2", "reuters-1002"]


def test_a_file_without_stories_is_an_error_naming_it(tmp_path):
    path = _write(tmp_path, "notes.sgm", "<DOC>something else</DOC>\n")
    with pytest.raises(InputError, match="no <REUTERS> stories") as err:
        load_documents(path)
    assert "notes.sgm" in str(err.value)
