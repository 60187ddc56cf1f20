"""A website's template (header, footer, title suffix) is dropped from a folder of pages; content stays."""

from __future__ import annotations

import json
from pathlib import Path

from benchsmith.cli import main
from benchsmith.corpora.boilerplate import strip_template
from benchsmith.corpora.loading import load_corpus
from benchsmith.corpora.site_titles import find_site_affix
from benchsmith.corpora.store import load_corpus_dir

MENU = "Home | Guides | Reference | Report a bug"
FOOTER = "Copyright 2026 The Example Project."
LONG = "a paragraph long enough not to pass for a heading, as page text usually is."
TOPICS = ["Ports", "Caching", "Logging", "Proxies", "Filters", "Modules"]


def page(topic: str, *, languages: str = "en | fr", body: str | None = None) -> str:
    body = body if body is not None else (
        f"<p>{topic} are configured in the main file.</p><p>Status: Extension</p><p>{FOOTER}</p><p>The {topic.lower()} "
        f"section ends here.</p>"
    )
    return (
        f"<html><head><title>{topic} - Example Server Docs</title></head><body>"
        f"<div>{MENU}</div><div>Example &gt; Docs &gt; {topic}</div><h1>{topic} guide</h1>"
        f"<div>Available Languages: {languages}</div>{body}"
        f"<div>Available Languages: {languages}</div><p>{FOOTER}</p><div>{MENU}</div></body></html>"
    )


def write_site(root: Path, pages: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, html in pages.items():
        (root / name).write_text(html, encoding="utf-8")
    return root


def site(tmp_path: Path, n: int = 6) -> Path:
    langs = ["en | fr", "de | en", "en", "en | fr | ja", "en | ko", "en | fr"]
    return write_site(tmp_path / "site", {f"{t.lower()}.html": page(t, languages=langs[i % 6]) for i, t in enumerate(TOPICS[:n])})


def run_cli(args: list) -> int:
    try:
        main([str(a) for a in args])
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def by_path(docs) -> dict:
    return {d.metadata["path"]: d for d in docs}


def test_header_and_footer_every_page_shares_are_dropped_but_the_same_line_mid_page_is_kept(tmp_path: Path) -> None:
    result = load_corpus([site(tmp_path)])
    doc = by_path(result.documents)["ports.html"]
    assert doc.text == (
        "Ports guide\n\nPorts are configured in the main file.\n\nStatus: Extension\n\n"
        f"{FOOTER}\n\nThe ports section ends here."
    )
    # menu, breadcrumb, two language lines, footer and menu again, on each of the 6 pages
    assert result.template_lines_dropped == 6 * 6


def test_a_page_that_is_only_template_is_left_whole(tmp_path: Path) -> None:
    root = site(tmp_path)
    (root / "empty.html").write_text(page("Empty", body="").replace("<h1>Empty guide</h1>", ""), encoding="utf-8")
    doc = by_path(load_corpus([root]).documents)["empty.html"]
    assert doc.text.startswith(MENU) and doc.text.endswith(MENU)


def test_a_folder_of_fewer_than_five_pages_is_left_as_it_is(tmp_path: Path) -> None:
    root = site(tmp_path, n=3)
    stripped = load_corpus([root])
    kept = load_corpus([root], keep_template=True)
    assert stripped.template_lines_dropped == 0
    assert [(d.title, d.text, d.source) for d in stripped.documents] == [(d.title, d.text, d.source) for d in kept.documents]
    assert stripped.documents[0].title.endswith(" - Example Server Docs")


def test_a_single_page_file_is_read_as_it_is(tmp_path: Path) -> None:
    root = site(tmp_path)
    (doc,) = load_corpus([root / "ports.html"]).documents
    assert doc.title == "Ports - Example Server Docs" and doc.text.startswith(MENU)


def test_the_site_name_leaves_titles_and_becomes_the_source(tmp_path: Path) -> None:
    root = site(tmp_path)
    (root / "about.html").write_text("<title>Example Server Docs</title><p>About us.</p>", encoding="utf-8")
    docs = by_path(load_corpus([root]).documents)
    assert docs["ports.html"].title == "Ports" and docs["ports.html"].source == "Example Server Docs"
    assert docs["about.html"].title == "Example Server Docs"  # nothing would be left: the title stays


def test_site_affix_needs_most_titles() -> None:
    titles = [f"{t} - Site" for t in "ABCDE"] + [f"{t} - Other" for t in "FGHI"] + ["J"]
    assert find_site_affix(titles) is not None and find_site_affix(titles).name == "Site"
    assert find_site_affix(titles[:4] + [f"{t} - Other" for t in "EFGHIJ"]).name == "Other"
    assert find_site_affix(titles[:4] + list("EFGHIJ")) is None  # 4 of 10: not most
    assert find_site_affix(["Site :: A", "Site :: B", "Site :: C", "Site :: D", "Site :: E"]).trim("Site :: A") == "A"


def test_keep_template_keeps_everything(tmp_path: Path) -> None:
    root = site(tmp_path)
    result = load_corpus([root], keep_template=True)
    doc = by_path(result.documents)["ports.html"]
    assert result.template_lines_dropped == 0
    assert doc.title == "Ports - Example Server Docs" and doc.source is None
    assert doc.text.startswith(MENU) and doc.text.endswith(MENU)


def test_cli_reports_dropped_lines_and_chunks_still_line_up(tmp_path: Path, capsys) -> None:
    root = site(tmp_path)
    out, kept_out = tmp_path / "corpus", tmp_path / "kept"
    assert run_cli(["corpus", "ingest", root, "--out", out, "--chunk-tokens", "12", "--overlap", "4"]) == 0
    assert "36 site-template lines dropped" in " ".join(capsys.readouterr().err.split())
    assert run_cli(["corpus", "ingest", root, "--out", kept_out, "--keep-template"]) == 0
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["template_lines_dropped"] == 36 and manifest["loader"]["keep_template"] is False
    corpus = load_corpus_dir(out)
    docs = corpus.documents_by_id
    assert len(corpus.chunks) > len(corpus.documents)
    for chunk in corpus.chunks:
        assert chunk.text == docs[chunk.doc_id].text[chunk.span.start : chunk.span.end]
    assert all(MENU not in c.text for c in corpus.chunks)
    assert all(d.text.startswith(MENU) for d in load_corpus_dir(kept_out).documents)


def test_markdown_and_text_pages_lose_their_shared_edges_too(tmp_path: Path) -> None:
    root = tmp_path / "notes"
    root.mkdir()
    for i, t in enumerate(TOPICS):
        suffix = ".md" if i % 2 else ".txt"
        (root / f"{t}{suffix}").write_text(f"Site banner\n\n{t}: {LONG}\n\nSite banner\n\n{t} end.\n\nFooter line\n", encoding="utf-8")
    docs = load_corpus([root]).documents
    assert sorted(d.text for d in docs) == sorted(f"{t}: {LONG}\n\nSite banner\n\n{t} end." for t in TOPICS)


def test_same_result_whatever_the_page_order() -> None:
    pages = [f"Menu\n\nBody {i}.\n\nFoot" for i in range(6)]
    forward = [c.text for c in strip_template(pages)]
    backward = [c.text for c in strip_template(pages[::-1])][::-1]
    assert forward == backward == [f"Body {i}." for i in range(6)]


def test_edge_blocks_on_fewer_than_half_of_the_pages_stay() -> None:
    pages = [f"Note\n\nBody {i}." for i in range(3)] + [f"Body {i}." for i in range(3, 7)]
    assert [c.text for c in strip_template(pages)] == pages
