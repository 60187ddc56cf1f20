"""What comparisons of two encyclopedic articles' subjects share: telling a lead sentence is about the subject,
naming the subject as prose does, and drawing pairs (each subject once) asked Yes, No or as a choice.

Used by `place_measures` (populations, elevations, lengths) and `founding` (the year a subject began).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from benchsmith.corpora.sentences import sentence_offsets
from benchsmith.generators.multihop.compose.profiles import Value, entity_name
from benchsmith.types import Document
from benchsmith.validators.markup import has_markup

LEAD_SENTENCES = 4  # a stub states its measures and dates right after the sentence that defines its subject
PAIRS_PER_SUBJECT = 3  # partners drawn per subject: thousands of census stubs would otherwise pair each with all
SUBJECT_USES = 1  # questions per subject: seven villages in eleven questions of a hundred make a dull benchmark
_IT = r"(?:It|its|Its|it)"


@dataclass(frozen=True)
class Lead:
    """An article whose first sentence opens on its subject and defines it as a kind ("Marufabad is a village")."""

    doc: Document
    name: str  # the subject, as the title names it
    spans: list[tuple[int, int]]  # the lead's sentences
    defined: re.Match  # the definition in the first sentence; its `kind` group names the kind

    @property
    def first(self) -> Value:
        return Value(self.doc.text[self.spans[0][0]:self.spans[0][1]], *self.spans[0])


def defined_leads(documents: Sequence[Document], defines: re.Pattern) -> Iterator[Lead]:
    """The articles whose first sentence opens on the title's subject and defines it by `defines`."""
    for doc in documents:
        name = entity_name(doc.title)
        spans = sentence_offsets(doc.text)[:LEAD_SENTENCES]
        if not name or not spans:
            continue
        first = doc.text[spans[0][0]:spans[0][1]]
        defined = defines.search(first)
        if defined is not None and opens_on(first, name) and not has_markup(first):
            yield Lead(doc, name, spans, defined)


def opens_on(sentence: str, name: str) -> bool:
    """Whether a sentence opens on the article's subject: "Gohar is", "The Vara is", "Qaleh- ye Sahar( also ...)" (some
    collections split hyphenated names), for the title "Gohar, Iran", "Vara", "Qaleh-ye Sahar"."""
    opening, head = re.sub(r"^The ", "", re.sub(r"-\s+", "-", sentence)), name.split(",")[0]
    return opening.startswith(head) and not opening[len(head):len(head) + 1].isalnum()  # "Lima" is not "Limassol"


def tied_to_subject(sentence: str, name: str, kinds: Sequence[str]) -> bool:
    """Whether a lead sentence is about the article's subject: it opens on its name, "It"/"Its", or "The <kind>"."""
    return opens_on(sentence, name) or bool(re.match(rf"(?:{_IT}|The (?:{'|'.join(kinds)}))\b", sentence))


# A name built on one of these nouns takes "the" in prose ("the Estonian Theatre and Music Museum", "the Halden
# Tower"), unless it is a possessive ("St. Mary's Library"); "Dunmore College", "Windsor Castle", "Wembley Stadium"
# take none, and "University of Leeds" takes one for its "of".
_THE_NOUNS = frozenset("Museum Gallery Library Archive Archives Institute Society Association Bridge Tower River Canal "
                       "Dam".split())


def named_with_the(first_sentence: str, name: str) -> bool:
    """Whether prose says "the" before the subject's name: its article does ("The Vara is a river", never "The Chemours
    Company" for the title "Chemours"), or the name is built on an institution's noun."""
    head = name.split(",")[0]
    rest = first_sentence[len("The " + head):] if first_sentence.startswith("The " + head) else None
    if rest is not None and not rest[:1].isalnum() and not re.match(r"\s+[A-Z]", rest):
        return True
    words = head.split()
    return "'s " not in head and (any(w in _THE_NOUNS for w in words) or (len(words) > 2 and words[1] == "of"))


def spoken_name(title_name: str, the: bool = False) -> str:
    """A title's place qualifier as prose says it: "Gohar, Iran" -> "Gohar in Iran" (a comma would split a choice);
    "the Vara" where the article says "The Vara"."""
    head, _, rest = title_name.partition(", ")
    return ("the " if the else "") + (f"{head} in {rest}" if rest else head)


def one_pair_each(groups: Mapping[Any, Sequence[Any]], rng: random.Random, comparable: Callable[[Any, Any], bool]) -> list:
    """Pairs within each group (items with a `page`), a few drawn partners per subject, shuffled, each subject in
    one pair at most."""
    pairs = []
    for key in sorted(groups, key=str):
        group = sorted(groups[key], key=lambda s: s.page.doc_id)
        for x in group:
            drawn = rng.sample(group, min(len(group), 4 * PAIRS_PER_SUBJECT))
            partners = [y for y in drawn if y.page.doc_id > x.page.doc_id
                        and y.page.name.lower() != x.page.name.lower() and comparable(x, y)]
            pairs += [(x, y) for y in partners[:PAIRS_PER_SUBJECT]]
    rng.shuffle(pairs)
    uses: Counter[str] = Counter()
    kept = []
    for x, y in pairs:
        if uses[x.page.doc_id] < SUBJECT_USES and uses[y.page.doc_id] < SUBJECT_USES:
            uses.update((x.page.doc_id, y.page.doc_id))
            kept.append((x, y))
    return kept


def asked(pairs: Sequence[tuple], rng: random.Random, question: Callable[[Any, Any, bool], dict | None],
          holds: Callable[[Any, Any], bool], choice_every: int) -> list[dict]:
    """Each pair asked Yes/No (the answers in turn, each carrying its opposite as `flip`), one in `choice_every` as a
    choice where `question` can word one. `holds(x, y)`: the question's relation ("more than", "before") holds."""
    first_yes = rng.random() < 0.5
    out = []
    for i, (x, y) in enumerate(pairs):
        choice = question(x, y, True) if i % choice_every == choice_every - 1 else None
        if choice is not None:
            out.append(choice)
            continue
        want_yes = first_yes == (i % 2 == 0)
        first, second = (x, y) if holds(x, y) == want_yes else (y, x)
        out.append({**question(first, second, False), "flip": question(second, first, False)})
    return out
