"""Every loader on tiny inline files, format detection, field mapping, dates and stable ids."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from benchsmith.corpora import load_documents
from benchsmith.corpora.dates import DateParseError, parse_date
from benchsmith.corpora.loaders import LOADERS
from benchsmith.corpora.loading import derive_doc_id, load_corpus


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_registry_lists_every_format() -> None:
    assert {"jsonl", "json", "beir", "multihop-rag", "mtrag", "text"} <= set(LOADERS.names())


def test_native_jsonl(tmp_path: Path) -> None:
    p = write_jsonl(
        tmp_path / "c.jsonl",
        [
            {"doc_id": "a1", "title": "A", "text": "Alpha text.", "source": "Ledger", "published_at": "2024-03-01",
             "url": "http://x/a", "links": ["b1"], "meta": {"k": 1}, "extra": "kept"},
            {"doc_id": "b1", "title": "B", "text": "Beta text.", "metadata": {"lang": "en"}, "published_at": None},
        ],
    )
    a, b = load_documents([p])
    assert (a.doc_id, a.title, a.text, a.source, a.url, a.links) == ("a1", "A", "Alpha text.", "Ledger", "http://x/a", ["b1"])
    assert a.published_at == datetime(2024, 3, 1, tzinfo=UTC)
    assert a.metadata == {"k": 1, "extra": "kept"}
    assert b.metadata == {"lang": "en"} and b.published_at is None and b.source is None


def test_reingesting_our_documents_jsonl_round_trips(tmp_path: Path) -> None:
    docs = load_documents([write_jsonl(tmp_path / "c.jsonl", [{"doc_id": "a", "text": "x y", "published_at": "2024-01-02T03:04:05Z"}])])
    out = tmp_path / "documents.jsonl"
    out.write_text("".join(d.model_dump_json() + "\n" for d in docs), encoding="utf-8")
    assert load_documents([out]) == docs


def test_json_array_with_line_numbers_in_errors(tmp_path: Path) -> None:
    p = tmp_path / "c.json"
    p.write_text('[\n  {"doc_id": "1", "text": "one"},\n  {"doc_id": "2", "text": "two"}\n]\n', encoding="utf-8")
    assert [d.text for d in load_documents([p])] == ["one", "two"]
    bad = tmp_path / "bad.json"
    bad.write_text('[\n  {"doc_id": "1", "text": "one"},\n  {"doc_id": "2"}\n]\n', encoding="utf-8")
    with pytest.raises(Exception) as exc:
        load_documents([bad])
    assert exc.value.path == str(bad) and exc.value.line == 3


def test_beir_corpus(tmp_path: Path) -> None:
    p = write_jsonl(tmp_path / "corpus.jsonl", [{"_id": "d7", "title": "T", "text": "Body.", "metadata": {"url": "u"}}])
    result = load_corpus([tmp_path])  # a folder with corpus.jsonl is read as that file
    (doc,) = result.documents
    assert result.sources[0].format == "beir" and result.sources[0].path == str(p)
    assert (doc.doc_id, doc.title, doc.text, doc.metadata) == ("d7", "T", "Body.", {"url": "u"})


def test_multihop_rag_corpus(tmp_path: Path) -> None:
    p = tmp_path / "corpus.json"
    p.write_text(json.dumps([
        {"title": "Chip maker soars", "body": "Shares rose 5%.", "source": "The Verge", "published_at": "2023-09-26T17:00:00+00:00",
         "url": "https://v/1", "author": "Jane Doe", "category": "technology"},
    ]), encoding="utf-8")
    result = load_corpus([p])
    (doc,) = result.documents
    assert result.sources[0].format == "multihop-rag"
    assert doc.text == "Shares rose 5%." and doc.source == "The Verge" and doc.url == "https://v/1"
    assert doc.published_at == datetime(2023, 9, 26, 17, tzinfo=UTC)
    assert doc.metadata == {"author": "Jane Doe", "category": "technology"}
    assert doc.doc_id == derive_doc_id("Chip maker soars", "Shares rose 5%.")


def test_mtrag_passages(tmp_path: Path) -> None:
    p = write_jsonl(tmp_path / "passages.jsonl", [
        {"document_id": "822086267_6698-7277-0-579", "title": "2017 Cardinals", "text": "Cardinals\nThe game .", "collection": "clapnq"},
    ])
    result = load_corpus([p])
    (doc,) = result.documents
    assert result.sources[0].format == "mtrag"
    assert doc.doc_id == "822086267_6698-7277-0-579" and doc.metadata == {"collection": "clapnq"} and doc.url is None


def test_folder_of_text_markdown_and_html(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "plain.txt").write_text("Just text.\nSecond line.", encoding="utf-8")
    (root / "story.md").write_text(
        "---\ntitle: Front Title\ndate: 2024-05-06\nsource: Ledger\nauthor: Ann\n---\n# Heading Title\n\nBody [link](other.md).\n",
        encoding="utf-8",
    )
    (root / "sub" / "page.md").write_text("# Only Heading\n\nParagraph one.\n\nParagraph two.\n", encoding="utf-8")
    (root / "sub" / "news.html").write_text(
        "<html><head><title>Page Title</title><style>p{}</style>"
        '<meta property="article:published_time" content="2024-02-03T10:00:00Z"><meta name="author" content="Bo"></head>'
        '<body><nav><a href="/home">Home</a> menu</nav><h1>Page Title</h1><p>First <b>para</b>.</p>'
        '<script>var x = 1;</script><p>Second <a href="b.html">para</a>.</p><footer>(c) site</footer></body></html>',
        encoding="utf-8",
    )
    (root / "sub" / "untitled.html").write_text("<p>No title here.</p>", encoding="utf-8")
    (root / "ignored.csv").write_text("a,b", encoding="utf-8")
    (root / ".hidden.txt").write_text("secret", encoding="utf-8")
    docs = {d.metadata["path"]: d for d in load_documents([root])}
    assert sorted(docs) == ["plain.txt", "story.md", "sub/news.html", "sub/page.md", "sub/untitled.html"]
    assert docs["plain.txt"].title == "plain" and docs["plain.txt"].text == "Just text.\nSecond line."
    story = docs["story.md"]
    assert story.title == "Front Title" and story.source == "Ledger" and story.metadata["author"] == "Ann"
    assert story.published_at == datetime(2024, 5, 6, tzinfo=UTC) and story.links == ["other.md"]
    page = docs["sub/page.md"]
    assert page.title == "Only Heading" and page.text == "Paragraph one.\n\nParagraph two."
    news = docs["sub/news.html"]
    assert news.title == "Page Title" and news.text == "First para.\n\nSecond para."
    assert news.links == ["b.html"] and news.metadata["author"] == "Bo"
    assert news.published_at == datetime(2024, 2, 3, 10, tzinfo=UTC)
    assert docs["sub/untitled.html"].title == "untitled"


def test_markdown_is_read_as_its_prose_escapes_anchors_and_images_out_code_as_written(tmp_path: Path) -> None:
    (tmp_path / "q.md").write_text(
        '# Basic Queue Architecture<a name="sqs-basic-architecture"></a>\n\n'
        "The default retention period is 4 days\\. You can set 60 seconds to 1,209,600 seconds \\(14 days\\)\\.\n\n"
        "![\\[Image NOT FOUND\\]](http://example.com/arch.png)\n\n"
        "Call `Set\\.Attributes` here\\.\n\n```\nprint(\"a\\.b\")\n```\n", encoding="utf-8")
    doc = load_documents([tmp_path / "q.md"])[0]
    assert doc.title == "Basic Queue Architecture"
    assert "4 days. You can set 60 seconds to 1,209,600 seconds (14 days)." in doc.text
    assert "Image" not in doc.text and "arch.png" not in doc.text
    assert "`Set\\.Attributes` here." in doc.text and 'print("a\\.b")' in doc.text  # code keeps its backslashes


def test_html_title_falls_back_to_first_heading(tmp_path: Path) -> None:
    p = tmp_path / "a.html"
    p.write_text("<body><h2>Second-level heading</h2><p>Text.</p></body>", encoding="utf-8")
    (doc,) = load_documents([p])
    assert doc.title == "Second-level heading" and doc.text == "Text."


def test_field_map_for_other_shapes(tmp_path: Path) -> None:
    p = write_jsonl(tmp_path / "x.jsonl", [{"id": 5, "headline": "H", "body": "Words here.", "info": {"when": "1700000000"}}])
    (doc,) = load_documents([p], field_map={"text": "body", "doc_id": "id", "title": "headline", "published_at": "info.when"})
    assert (doc.doc_id, doc.title, doc.text) == ("5", "H", "Words here.")
    assert doc.published_at == datetime.fromtimestamp(1700000000, tz=UTC)
    assert "body" not in doc.metadata and "info" in doc.metadata


def test_explicit_format_overrides_detection(tmp_path: Path) -> None:
    p = write_jsonl(tmp_path / "c.jsonl", [{"_id": "x", "doc_id": "y", "text": "t"}])
    assert load_documents([p])[0].doc_id == "x"  # detected as BEIR
    assert load_documents([p], format="jsonl")[0].doc_id == "y"


def test_derived_ids_are_stable_and_path_independent(tmp_path: Path) -> None:
    rows = [{"title": "T", "text": "Same text."}, {"title": "U", "text": "Other text."}]
    a = load_documents([write_jsonl(tmp_path / "a.jsonl", rows)])
    (tmp_path / "elsewhere").mkdir()
    b = load_documents([write_jsonl(tmp_path / "elsewhere" / "b.jsonl", rows)])
    assert [d.doc_id for d in a] == [d.doc_id for d in b] == [derive_doc_id("T", "Same text."), derive_doc_id("U", "Other text.")]
    assert a[0].doc_id != a[1].doc_id and a[0].doc_id.startswith("doc-")


def test_exact_duplicates_without_ids_are_dropped(tmp_path: Path) -> None:
    p = write_jsonl(tmp_path / "c.jsonl", [{"text": "dup"}, {"text": "dup"}, {"text": "other"}])
    result = load_corpus([p])
    assert [d.text for d in result.documents] == ["dup", "other"] and result.duplicates_dropped == 1


def test_min_words_drops_short_documents(tmp_path: Path) -> None:
    p = write_jsonl(tmp_path / "c.jsonl", [{"doc_id": "a", "text": ""}, {"doc_id": "b", "text": "one two three"}])
    result = load_corpus([p], min_words=2)
    assert [d.doc_id for d in result.documents] == ["b"] and result.short_dropped == 1


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2023-09-26T17:00:00+00:00", datetime(2023, 9, 26, 17, tzinfo=UTC)),
        ("2023-09-26T17:00:00Z", datetime(2023, 9, 26, 17, tzinfo=UTC)),
        ("2023-09-26", datetime(2023, 9, 26, tzinfo=UTC)),
        ("2023", datetime(2023, 1, 1, tzinfo=UTC)),
        (1695747600, datetime(2023, 9, 26, 17, tzinfo=UTC)),
        ("1695747600000", datetime(2023, 9, 26, 17, tzinfo=UTC)),
        ("September 26, 2023", datetime(2023, 9, 26, tzinfo=UTC)),
        ("Tue, 26 Sep 2023 17:00:00 GMT", datetime(2023, 9, 26, 17, tzinfo=UTC)),
        ("", None),
        (None, None),
    ],
)
def test_parse_date(value: object, expected: datetime | None) -> None:
    assert parse_date(value) == expected


@pytest.mark.parametrize("value", ["next tuesday", "2023-13-45", True, [2023]])
def test_parse_date_rejects_garbage(value: object) -> None:
    with pytest.raises(DateParseError):
        parse_date(value)


def test_deeply_nested_html_is_read_not_a_recursion_error(tmp_path: Path) -> None:
    # Old pages with thousands of unclosed <div>/<font> tags nest that deep in the parsed tree.
    page = tmp_path / "deep.html"
    page.write_text("<html><head><title>Deep</title></head><body>" + "<div>" * 5000 + "Hello there.<br>Bye.</body></html>")
    [doc] = load_documents(page)
    assert (doc.title, doc.text) == ("Deep", "Hello there.\nBye.")


def test_a_title_the_page_wraps_over_lines_is_read_as_one_line() -> None:
    from benchsmith.corpora.html import parse_html

    page = parse_html("<html><head><title>logresolve - Resolve IP-addresses\n  to hostnames</title></head>"
                      "<body><p>Body text.</p></body></html>")
    assert page.title == "logresolve - Resolve IP-addresses to hostnames"
