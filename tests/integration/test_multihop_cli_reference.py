"""`generate multihop` on reference manuals (the made-up pages of tests/conftest.py: `kctl` help screens, `kit`
manual pages, web-server directive blocks): option comparisons of related commands and context comparisons of
related directives, each checked by the run's validators (the answer re-derived from the two pages). Too few items
for a null share: nulls about invented commands are tested in tests/unit/test_multihop_cli_options.py."""

from __future__ import annotations


def _asked(generate_multihop_on, pages: dict, n: int, template: str) -> list[dict]:
    """The items of `template` a run on `pages` makes, two at least."""
    items = generate_multihop_on([{"doc_id": d.doc_id, "title": d.title, "text": d.text} for d in pages.values()],
                                 "--n", str(n), "--ner", "rules", "--min-tokens", "20")
    asked = [i for i in items if i["provenance"]["extra"].get("template") == template]
    assert len(asked) >= 2, [i["query"] for i in items]
    return asked


def test_a_command_reference_gives_option_comparisons(generate_multihop_on, kctl_reference):
    pages = {d.doc_id: d for d in kctl_reference}
    options = _asked(generate_multihop_on, pages, 10, "comparison.cli_option")
    assert {i["answer"] for i in options} == {"Yes", "No"}
    for item in options:
        flag = next(w.rstrip("?") for w in item["query"].split() if w.startswith("--"))
        # listed in the options of every page cited for a Yes; missing from one page's whole text for a No
        listed = [f" {flag} " in pages[e["doc_id"]].text.split("```\n\n## Description")[0] for e in item["evidence"]]
        assert len(item["evidence"]) == 2 and listed[0]
        assert item["answer"] == ("Yes" if all(listed) else "No"), item["query"]
        assert all(e["fact"].startswith("Usage: kctl ") for e in item["evidence"])


def test_manual_pages_give_option_comparisons_of_sibling_commands(generate_multihop_on, kit_manpages):
    pages = {d.doc_id: d for d in kit_manpages}
    options = _asked(generate_multihop_on, pages, 6, "comparison.cli_option")
    for item in options:
        flag = next(w.rstrip("?") for w in item["query"].split() if w.startswith("--"))
        docs = list(dict.fromkeys(e["doc_id"] for e in item["evidence"]))
        # the first page's synopsis and its option's entry; the other page's synopsis, and its flag line for a Yes
        assert item["evidence"][0]["fact"].startswith(pages[docs[0]].title) and item["evidence"][1]["fact"].startswith(flag)
        assert item["answer"] == ("Yes" if flag in pages[docs[1]].text else "No"), item["query"]
        facts = [e["fact"] for e in item["evidence"]]
        assert len(facts) == len(set(facts)) == (4 if item["answer"] == "Yes" else 3)


def test_directive_pages_give_context_comparisons_the_run_validates(generate_multihop_on, directive_pages):
    asked = _asked(generate_multihop_on, {d.doc_id: d for d in directive_pages}, 20, "comparison.context")
    for item in asked:
        value = item["provenance"]["extra"]["computation"]["value"]
        lines = [e["fact"].rpartition("\n\n")[2] for e in item["evidence"] if "\n\nContext: " in e["fact"]]
        listed = [value in [v.strip() for v in line.removeprefix("Context: ").split(",")] for line in lines]
        assert len(lines) == 2 and item["answer"] == ("Yes" if all(listed) else "No"), item["query"]
