"""What keeps a turn on its question: an opener names its subject, a response stops once the question is answered,
and a keyword turn is answered about that keyword.

A reader of a benchmark conversation sees three defects the other checks let through: a first turn that leans on
nothing ("Can I explicitly set a different duration value?" - of what?), a response that goes on past its answer
with sentences on something else ("What does Amazon SNS mean?" -> "... Create an Amazon SNS topic."), and a
keyword answered with a detail that does not name it.
"""

from __future__ import annotations

import re

from benchsmith.generators.conversations.grounding import Grounded, about
from benchsmith.generators.conversations.passages import clean_title, instructs
from benchsmith.validators.conversation import content_words

# words of a question that say how it is asked, not what about ("What can you tell me about ...", "Should I ...")
QUESTION_WORDS = frozenset("""what which who whom whose when where why how can could should would will shall may might
must do does did is are was were be been tell know explain mean means meaning like understand learn need want give
please me i my you your it its they them this that these those there about more something anything else any some
thing things way ways good idea okay ok also really just""".split())
# verbs and modifiers a title shares with any task; sharing only these does not make an opener name its subject
_GENERIC = frozenset("""create creating add adding use using set setting change changing make making get getting new
different explicitly default first one two own same other another""".split())
_LEANS_BACK = re.compile(r"^(?:It|Its|They|Their|This|These|That|Those|He|She|His|Her)\b")
# kinds whose wording names the term itself ("What is X?", "Tell me about X.", the sentence's own question)
_NAMING_KINDS = frozenset({"definition", "capability", "overview", "fact", "entity", "topic", "more"})


def _stems(text: str) -> set[str]:
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in content_words(text)}


def focus_words(question: str, term: str, common: frozenset[str] = frozenset()) -> set[str]:
    """The words the question is about: its content words and the term's, less how it is asked and less the corpus's
    own subject words (a third of the passages use them, so sharing one says nothing)."""
    words = (_stems(question) | _stems(term)) - QUESTION_WORDS
    return (words - common) or words


def opener_names_subject(user: str, kind: str, term: str, title: str) -> bool:
    """A first turn must say what it is about: a question worded on its term names it; a question taken from the text
    (advice, a procedure's goal, a page's own FAQ question) must share a word of substance with its page's title."""
    if kind in _NAMING_KINDS:
        return bool(_stems(term) - QUESTION_WORDS - _GENERIC) and bool(_stems(term) & _stems(user))
    subject = _stems(clean_title(title)) - QUESTION_WORDS - _GENERIC
    if not subject:  # a forum post has no title: the question must carry its subject in two words of substance
        return len(_stems(user) - QUESTION_WORDS - _GENERIC) >= 2
    return bool(subject & (_stems(user) - _GENERIC))


def trim_to_focus(grounded: Grounded, focus: set[str], *, how_to: bool) -> int:
    """Stop the response once it leaves the question: after the direct answer (always kept), a sentence stays only
    when it shares a focus word or picks the sentence before it up with a pronoun; an instruction step stays only in
    a how-to answer. Everything from the first sentence that fails is dropped (what follows it leans on it).
    Returns how many sentences were dropped."""
    kept = grounded.sentences[:1]
    for sentence in grounded.sentences[1:]:
        on_focus = bool(_stems(sentence) & focus) or bool(_LEANS_BACK.match(sentence))
        if not on_focus or (instructs(sentence, strict=True) and not how_to):
            break
        kept.append(sentence)
    dropped = len(grounded.sentences) - len(kept)
    if dropped:
        keep = set(kept)
        grounded.sentences = kept
        grounded.used = {c: ss for c, ss in ((c, [s for s in ss if s in keep]) for c, ss in grounded.used.items()) if ss}
    return dropped


def answers_keyword(grounded: Grounded, term: str) -> bool:
    """A keyword turn ("S3 Object Lock retention?") is answered by a first sentence about that keyword: it names every
    word of it near its start, as a definition or an overview does."""
    return bool(grounded.sentences) and about(grounded.sentences[0], term)


_OVERVIEW_TYPES = frozenset({"Summarization", "Keyword", "Explanation"})


def opens_on_statement(grounded: Grounded, types: list[str], kind: str) -> bool:
    """What a thing is or what to know about it is answered by a statement, not by a step ("I'd like to know more
    about a conversation starter." -> "Add three conversation starter messages." is a walkthrough's instruction)."""
    overview = bool(_OVERVIEW_TYPES & set(types)) or ("Non-Question" in types and kind != "procedure")
    return not (overview and grounded.sentences and instructs(grounded.sentences[0], strict=True))
