"""Whether a sentence can be quoted in an answer on its own: whole, prose, not leaning on a sentence not quoted.

The heuristic strategy's responses are quotes, so every seed's answer and every sentence
added to a response passes `_usable` (and click-steps only inside a procedure: `ui_step`).
"""

from __future__ import annotations

import re

from benchsmith.text import STOPWORDS
from benchsmith.validators.conversation import Sentence

_DANGLING_START = {"let's", "let’s", "however", "also", "this", "these", "that", "those", "it", "its", "they", "such", "then", "there",
                   "here", "both", "for", "instead", "otherwise", "so", "but", "and", "or", "in", "at", "when",
                   "next", "finally", "first", "second", "third", "lastly", "afterwards", "afterward",  # mid-procedure
                   "therefore", "thus", "hence", "consequently"}

_CODE_LIKE = re.compile(r"[{}=;<>\\]|\*\*\*|^\W|https?://|\baws \w|\.(?:java|py|json|xml)\b|[a-z][A-Z]\w*\(")
# page furniture glued into the text by scraping ("Read MoreWorkers", "LaunchOct.") and calls to action
_GLUED = re.compile(r"\b[A-Z][a-z]+[A-Z][a-z]+[A-Z][a-z]+[A-Z]|[a-z]{2}[.!?][A-Z][a-z]")
_BOILERPLATE = re.compile(r"\bread more\b|\bcreate a website account\b|\bshown here\b|\bpictured\b|\bphoto credit|"
                          r"\b(?:this|your|the|good|great|generic|a) question\b|\bthis (?:post|thread|answer)\b|\bOP\b|"
                          r"^(?:edit|update|optional|note|tip|important)\b\s*:", re.I)  # a forum post talking about itself: not an answer's words


# a sentence about something the reader of an answer cannot see (a figure, the example below, a video)
POINTS_ELSEWHERE = re.compile(r"\b(?:the following|as follows|the preceding|as (?:described|explained|shown|discussed|noted) in\b|(?:the|this) (?:walkthrough|example|code example)\b|"
                              r"(?:steps|instructions|procedure) below|follow the steps|(?:shown|see|listed|described|discussed|mentioned|explained|noted) (?:below|above|here|earlier|previously)|"
                              r"(?:this|the) (?:image|video|figure|photo|picture|screenshot|diagram)\b|in the video|pictured|"
                              r"these examples|example below)", re.I)


# openings that lean on the sentence before ("As such, we recommend ...") whatever their first word
_LEANS_BACK = re.compile(r"^(?:As (?:such|a result|mentioned|described|noted|shown|discussed|explained|stated)|\w+ then\b|In addition|Additionally|Similarly|Likewise|"
                         r"In (?:this|that|such a) case|For (?:this|that) reason|In other words|Because of this|Again|"
                         r"More (?:technically|specifically|precisely|generally|importantly)|\w+ (?:other|more|further)\b|"
                         r"The (?:second|third|fourth|next|previous|former|latter|last)\b|To do (?:this|so|that)\b|If (?:not|so)\b|"
                         r"(?:Over|During|At|By|Since|Until|Before|After) (?:that|this|which) (?:time|point|period|year|date)\b)")
# ("Fourteen other NFL franchises ...", "Two more ...": others than the ones the sentence before named)


# "A bucket owner, however, can ...": the subject set against the sentence before
_ASIDE = re.compile(r"^(?:\S+\s+){0,5}?\S+,\s+(?:however|though|instead|therefore|thus|too|in turn|on the other hand),", re.I)


# a code comment or step caption with no subject ("Adds a sample object to the bucket.")
_NO_SUBJECT = re.compile(r"^[A-Z][a-z]+s\s+(?:a|an|the|sample|this|these|all|each|new|it|them|one|two|multiple)\b")
# a referent only the code or the previous sentence gives ("You send requests using this client.")
_THIS_THING = re.compile(r"\b(?i:after|before|until|from) that\b(?! \w+ (?:is|are|was|were)\b)|\bat that point\b|"
                         r"\b(?:this|these|those) (?!is\b|was\b|are\b|means\b|way\b|case\b|time\b|year\b|page\b|guide\b|topic\b|section\b)"
                         r"(?P<noun>[a-z][\w\-]*)")


_AUX = {"is", "are", "was", "were", "be", "been", "has", "have", "had", "can", "will", "may", "must", "should", "would",
        "could", "does", "do", "did", "might"}


def _has_verb(words: list[str]) -> bool:
    """A clause, not a caption ('The canonical user ID of the owner of the source bucket.') nor a scrap cut at a line
    ('IIS and other Windows servers.', 'scope of the various virtual hosting configurations.'): a sentence opening on
    an article or in lower case, or a short one, has an auxiliary or a word that can be a finished verb (-s/-ed)
    before its last one."""
    # a long sentence, or a short one opening on a capitalised word (an order: "Research term deposit rates.")
    if words[0] not in ("The", "A", "An") and not words[0][:1].islower() and (len(words) > 8 or words[0][1:].islower()):
        return True
    # "The httpd binary invoked by apache2ctl.": a participle before "by" is a caption's, not the sentence's verb
    return any(w.lower().strip(",;") in _AUX or (re.fullmatch(r"[a-z]+(?:(?<!ou)s|ed)", w.strip(",;")) and not (
        w.endswith("ed") and i + 1 < len(words) and words[i + 1] == "by")) for i, w in enumerate(words[:-1]))


_CLICK = re.compile(r"^(?:(?:From|In|On|Under) (?:the )?[\w\s\-]{2,40}, )?(?:click|select|choose|tap|go to)\b|"
                    r"^(?:From|In|On|Under) (?:the )?[\w\s\-]{2,40}(?:tab|section|page|pane|menu|dialog|window|list|field),", re.I)


def ui_step(sentence: str) -> bool:
    """A click-step of a console walkthrough ('Under **Objects**, select your object.', 'From the Integrations
    section, click the Web chat tile.'): part of a procedure only."""
    return "**" in sentence or bool(_CLICK.match(sentence))


def _leans_on_before(sentence: str) -> bool:
    """'You send requests using this client.', 'To test permissions, you must set up one of these tools.': the
    referent is in a sentence not quoted (unless the sentence itself named it earlier: 'create a role and attach
    this role')."""
    for m in _THIS_THING.finditer(sentence):
        noun = m.group("noun")
        if noun is None or noun.rstrip("s") not in sentence[: m.start()].lower():
            return True
    return False


# the writer speaking of themselves ("I have a number of bank accounts."): a forum post's voice, not an answer's
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I’m|I've|I’ve|I'd|I’d|I'll|me|my|mine|myself)\b")
# a sentence cut at an abbreviation ("... is installed on Aug."), a scraped heading glued on ("Finance Terms - A buyer
# ..."), an encyclopedia's sort key ("7008384407600000000 ♠ 384 407")
_BROKEN = re.compile(r"\b(?:Jan|Feb|Mar|Apr|Aug|Sept?|Oct|Nov|Dec|St|Dr|Mr|Mrs|Ms|No|vs|U\.S|e\.g|i\.e|etc)\.$|"
                     r"^[A-Z][\w ]{2,30} [-–] [A-Z]|♠|\d{12,}|,\s*\.$")


def fragment_start(sentence: str) -> bool:
    """The sentence opens in lower case on an English word ('the URL of some worker is ...', 'which means ...'): the
    tail of a sentence cut at a line break or a chunk boundary, not a whole one. A command or a file name written in
    lower case ('rotatelogs is ...', 'httpd configuration files contain ...') opens a whole sentence."""
    words = sentence.lstrip("\"“'(").split(maxsplit=1)
    first = words[0] if words else ""
    return first[:1].islower() and first.lower().strip(",;:") in _FRAGMENT_WORDS


# a lower-case first word that says the sentence started earlier
_FRAGMENT_WORDS = STOPWORDS | {"using", "including", "because", "although", "though", "unless", "whether", "whereas",
                               "respectively", "otherwise", "instead", "therefore", "thus", "hence", "e.g", "i.e", "etc"}


def _usable(sentence: str) -> bool:
    """Prose a response can quote: a whole sentence of 5-60 words that is not code, a table row or a link list."""
    words = sentence.split()
    return (not _FIRST_PERSON.search(sentence) and not fragment_start(sentence) and not _BROKEN.search(sentence)
            and sentence.count("(") == sentence.count(")") and 5 <= len(words) <= 60 and not _CODE_LIKE.search(sentence) and sentence[-1:] in ".!:"
            and not _GLUED.search(sentence) and not _BOILERPLATE.search(sentence)
            and "](" not in sentence and words[0].lower().strip(",") not in _DANGLING_START and not _LEANS_BACK.match(sentence)
            and not _NO_SUBJECT.match(sentence) and not _leans_on_before(sentence) and _has_verb(words)
            and not _ASIDE.match(sentence)
            and not POINTS_ELSEWHERE.search(sentence)
            and sum(w[0].islower() for w in words) >= 0.4 * len(words) and "?" not in sentence)


def _following(sentences: list[Sentence], i: int, limit: int = 2) -> tuple[int, ...]:
    """The sentence and up to `limit` more that continue it (list items after a colon, same-topic sentences)."""
    picked = [i]
    for j in range(i + 1, min(len(sentences), i + 1 + limit)):
        if _usable(sentences[j].text) or sentences[i].text.endswith(":"):
            picked.append(j)
        else:
            break
    return tuple(picked)
