"""Command-line references published as manual pages (NAME / SYNOPSIS / OPTIONS, one flag per line, its
description below): the made-up `kit` tool of tests/conftest.py, laid out the way cargo's and git's pages are."""

from __future__ import annotations

from benchsmith.generators.multihop.compose.cli_manpages import read_manpage
from benchsmith.generators.multihop.compose.cli_options import option_candidates, read_commands


def test_a_manual_page_gives_its_command_options_descriptions_and_flag_lines(kit_manpages):
    pages = {d.doc_id: d for d in kit_manpages}
    name, page, synopsis, options, lines = read_manpage(pages["kit-build"])
    doc = pages["kit-build"]
    assert name == "kit build" and page.doc_id == "kit-build"
    assert doc.text[synopsis.start:synopsis.end] == "kit build [options]"
    assert set(options) == {"--jobs", "--timings", "--locked", "--artifact-dir", "--verbose", "--color"}
    # a short and a long spelling on lines of their own share the description below them, hard wraps joined
    desc, entry = options["--jobs"]
    assert desc == "Number of parallel jobs to run. Defaults to the number of logical CPUs."
    assert doc.text[entry.start:entry.end].startswith("-j N\n\n--jobs N\n\nNumber") and doc.text[entry.end - 5:entry.end] == "CPUs."
    assert doc.text[lines["--jobs"].start:lines["--jobs"].end] == "--jobs N"
    # NAME spells the command: "kit report type [options]" documents "kit report"; the program's own page none
    assert read_manpage(pages["kit-report"])[0] == "kit report"
    assert read_manpage(pages["kit"]) is None


def test_prose_wrapped_onto_a_line_that_starts_with_a_flag_is_no_option(kit_manpages):
    check = {c.name: c for c in read_commands(kit_manpages)}["kit check"]
    assert "--no-run" not in check.options  # "whatever the\n--no-run\nflag says." is a sentence


def test_sibling_commands_are_compared_on_options_they_share_or_one_lacks(kit_manpages):
    docs = {d.doc_id: d for d in kit_manpages}
    cands = option_candidates(read_commands(list(docs.values())), seed=3)
    asked = [c for cand in cands for c in (cand, cand.get("flip")) if c]
    assert asked
    for c in asked:
        a, b = c["computation"]["subjects"]
        flag = c["computation"]["term"]
        assert {a, b} in ({"kit build", "kit check"}, {"kit test", "kit bench"})  # two options alike at least
        assert flag not in ("--verbose", "--color")  # on every page: they tell nothing
        pages = list(dict.fromkeys(p.doc_id for p, _ in c["evidence"]))
        first, second = docs[pages[0]], docs[pages[1]]
        assert c["answer"] == ("Yes" if flag in second.text else "No"), c["query"]
        cited = [second.text[v.start:v.end] for p, v in c["evidence"] if p.doc_id == second.doc_id]
        facts = [docs[p.doc_id].text[v.start:v.end] for p, v in c["evidence"]]
        assert len(set(facts)) == len(facts)  # a Yes cites the other page's flag line, not the same entry twice
        assert cited[0].startswith(second.title) and (cited[1:] == [flag] if c["answer"] == "Yes" else len(cited) == 1)
        assert flag in first.text[c["evidence"][1][1].start:c["evidence"][1][1].end]
    answers = {(c["computation"]["term"], c["answer"]) for c in asked}
    # "--no-fail-fast" of tests and of benchmarks: one description, each with its command's own noun, a Yes;
    # "--no-run" is worded apart on the two pages ("Compile, but don't run." / "Build the benchmarks only, ..."): no Yes
    assert ("--artifact-dir", "No") in answers and ("--no-fail-fast", "Yes") in answers
    assert ("--no-run", "Yes") not in answers


def test_a_page_rendered_by_man_reads_the_same_indented_flags_and_descriptions():
    from benchsmith.types import Document

    text = ("GIT-COMMIT(1)                Git Manual                GIT-COMMIT(1)\n\nNAME\n"
            "       git-commit - Record changes to the repository\n\nSYNOPSIS\n"
            "       git commit [-a | --interactive | --patch] [-s] [-v] [--amend]\n\nDESCRIPTION\n"
            "       Create a new commit containing the current contents of the index.\n\nOPTIONS\n"
            "       -a, --all\n           Tell the command to automatically stage files that have been\n"
            "           modified and deleted.\n\n"
            "       -C <commit>, --reuse-message=<commit>\n           Take an existing commit object, and reuse the log message.\n\n"
            "       --[no-]verify\n           Bypass the pre-commit and commit-msg hooks.\n\n"
            "SEE ALSO\n       git-add(1)\n")
    name, _, synopsis, options, lines = read_manpage(Document(doc_id="gc", title="git-commit", text=text))
    assert name == "git commit" and text[synopsis.start:synopsis.end].startswith("git commit [-a")
    assert set(options) == {"--all", "--reuse-message"}  # "--[no-]verify" spells two flags at once: not read
    assert options["--all"][0] == "Tell the command to automatically stage files that have been modified and deleted."
    assert text[lines["--reuse-message"].start:lines["--reuse-message"].end] == "-C <commit>, --reuse-message=<commit>"
