"""Null queries for a command-line reference: a command it never documents, made of its own group and verb words.

    What does the docker secret prune command do?

The reference's commands come in groups that share verbs ("docker network prune", "docker volume prune",
"docker secret ls"); a verb three groups at least use, joined to a group that lacks it, names a command a reader
takes as real. The command is proven absent: its name occurs on no page (as text, in any case); the null
validator then checks it against the corpus's names and the question's top BM25 passages.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence

from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.compose.cli_options import read_commands
from benchsmith.generators.multihop.models import Draft
from benchsmith.generators.multihop.queries.null import NULL_ANSWER
from benchsmith.types import Document

GROUP_MIN = 3  # verbs a group must have to lend its name
VERB_MIN = 3  # groups that must use a verb for it to be lent
TEMPLATES = ("What does the {name} command do?", "Which options does the {name} command accept?")


def invented_commands(documents: Sequence[Document]) -> list[str]:
    """"prog group verb" names absent from every page, from groups and verbs the reference documents often."""
    verbs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for command in read_commands(documents):
        words = command.name.split()
        if len(words) == 3:
            verbs[(words[0], words[1])].add(words[2])
    users = Counter(verb for used in verbs.values() for verb in used)
    common = sorted(v for v, n in users.items() if n >= VERB_MIN)
    groups = {g: v for g, v in verbs.items() if len(v) >= GROUP_MIN}
    if not groups or not common:
        return []  # no command reference: the corpus's text is not gathered for nothing
    text = "\n".join(d.text.lower() for d in documents)
    return [f"{prog} {group} {verb}" for (prog, group), used in sorted(groups.items()) for verb in common
            if verb not in used and f"{prog} {group} {verb}" not in text]


_CANDIDATES: PerCorpus[tuple[list[str], set[str]]] = PerCorpus()  # the invented commands, and those asked so far


def build_command_null(index, rng: random.Random) -> Draft | str:
    """One null query about an invented command not asked yet, or the reason there is none (drawing nothing from
    `rng` then): "command_names_used" where the reference gives invented commands and all were asked."""
    documents = getattr(index, "documents", None)
    if documents is None:
        return "no_command_names"
    names, used = _CANDIDATES.get(index, "commands", lambda: (
        [n for n in invented_commands(list(documents)) if not index.phrase_occurs(n)], set()))
    if not names:
        return "no_command_names"
    fresh = [n for n in names if n not in used]
    if not fresh:
        return "command_names_used"
    name = fresh[rng.randrange(len(fresh))]
    used.add(name)
    i = len(used) % len(TEMPLATES)  # in turn: one wording for every invented command reads as a pattern
    return Draft(
        query=TEMPLATES[i].format(name=name), answer=NULL_ANSWER, question_type="null_query", claims=(),
        bridge_entity=None, bridge_topic=None, keywords=(name,), null_entities=(name,), null_sources=(),
        computation={"op": "null", "invented": [name], "from_parts": name.split()[1:]},
        template=f"null.command.{i}",
    )
