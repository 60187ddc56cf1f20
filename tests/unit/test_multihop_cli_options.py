"""Command-line references: two related commands' options compared, and commands the reference never documents
(a made-up `kctl` tool, pages printed the way Cobra-style help prints them)."""

from __future__ import annotations

import random

from benchsmith.generators.multihop.compose.cli_nulls import build_command_null, invented_commands
from benchsmith.generators.multihop.compose.cli_options import option_candidates, read_commands
from benchsmith.types import Document


def test_each_page_gives_its_command_and_options_in_its_own_words(kctl_reference):
    commands = {c.name: c for c in read_commands(kctl_reference)}
    assert "kctl network prune" in commands and "kctl secret rm" in commands
    prune = commands["kctl image prune"]
    assert set(prune.options) == {"--filter", "--force", "--help", "--all", "--keep-storage"}
    assert prune.options["--keep-storage"][0] == "Amount of disk space to keep"  # the default is no part of it
    # a header printed twice and a note between options do not end the list
    assert set(commands["kctl network prune"].options) == {"--filter", "--force", "--help", "--all"}
    doc = kctl_reference[1]
    block = prune.block
    assert doc.text[block.start:block.end].startswith("Usage: kctl image prune") and \
        doc.text[block.start:block.end].endswith("(default 0)")


def test_options_are_asked_of_related_commands_with_answers_the_pages_give(kctl_reference):
    docs = {d.doc_id: d for d in kctl_reference}
    cands = option_candidates(read_commands(list(docs.values())), seed=0)
    asked = [c for cand in cands for c in (cand, cand.get("flip")) if c]
    assert asked
    for c in asked:
        a, b = c["computation"]["subjects"]
        assert a.split()[-1] == b.split()[-1]  # one verb: "volume prune" and "image prune", never "volume ls"
        flag = c["computation"]["term"]
        pages = [docs[p.doc_id] for p, _ in c["evidence"]]
        listed = [f" {flag} " in p.text.split("```\n\n## Description")[0] for p in pages]
        assert listed[0] and c["answer"] == ("Yes" if listed[1] else "No"), c["query"]
        assert flag in c["query"] and a in c["query"] and b in c["query"]
        assert flag not in ("--help", "--filter")  # on most commands: they tell nothing
    questions = {c["query"] for c in asked}
    # "--all" removes volumes on one page and images on the other: one flag, two meanings, never a Yes
    assert not any("--all" in q and c["answer"] == "Yes" for c in asked for q in [c["query"]])
    # the network page names --keep-storage in its prose: no No is built on it for the network pair
    assert not any("--keep-storage" in q and "network prune" in q for q in questions)
    # one option is not asked of one command twice ("node inspect" with "service inspect", then with "trust inspect")
    seen = [(c["computation"]["term"], s) for c in cands for s in c["computation"]["subjects"]]
    assert len(seen) == len(set(seen))


def test_a_flip_asks_the_same_pair_for_the_other_answer(kctl_reference):
    cands = option_candidates(read_commands(kctl_reference), seed=0)
    flipped = [c for c in cands if "flip" in c]
    assert flipped
    for c in flipped:
        assert {c["answer"], c["flip"]["answer"]} == {"Yes", "No"}
        assert set(c["computation"]["subjects"]) == set(c["flip"]["computation"]["subjects"])


def test_invented_commands_pair_a_group_with_a_verb_it_lacks_and_occur_nowhere(kctl_reference):
    names = invented_commands(kctl_reference)
    # a group with three verbs at least lends its name to a verb three groups use: secret has no inspect
    assert "kctl secret inspect" in names and "kctl secret ls" not in names
    assert "kctl image rm" not in names  # two groups remove: "rm" is no verb every group is expected to have
    text = "\n".join(d.text for d in kctl_reference).lower()
    assert all(n not in text for n in names)


class _Index:
    def __init__(self, documents):
        self.documents = documents

    def phrase_occurs(self, phrase: str) -> bool:
        return any(phrase.lower() in d.text.lower() for d in self.documents)


def test_a_null_asks_after_an_invented_command_and_draws_nothing_where_there_is_none(kctl_reference):
    draft = build_command_null(_Index(kctl_reference), random.Random(0))
    assert draft.answer == "Insufficient information." and draft.template.startswith("null.command")
    assert draft.null_entities[0] in draft.query
    rng = random.Random(1)
    state = rng.getstate()
    assert build_command_null(_Index([Document(doc_id="x", title="x", text="No commands here.")]), rng) == "no_command_names"
    assert rng.getstate() == state  # other corpora's null questions are drawn as before


def test_a_manual_without_people_or_entries_asks_after_an_invented_command(kctl_reference):
    from benchsmith.generators.multihop.compose.null import build_thing_null

    # no product names to pair (`things`): the manual's own kinds of null are drawn, commands among them
    draft = build_thing_null([], _Index(kctl_reference), random.Random(0))
    assert not isinstance(draft, str), draft
    assert draft.template.startswith("null.command") and draft.null_entities[0].startswith("kctl ")
