"""Questions a reader asks about a news story, from the grammar of its sentences.

Newswire states changes ("Saudi crude oil output last month fell to 3.5 mln bpd from 3.8 mln"), announcements
("First Union Corp said it has filed ... for an offering of 100 mln dlrs"), expectations and causes ("... fell ...
because of lower liftings"); each gives away who/what/how much/why, answered by the sentence itself.
"""

from __future__ import annotations

import re

from benchsmith.corpora.wire import without_dateline

_SUBJ = r"(?P<subj>[A-Z][\w'’.\-]*(?:\s+(?!said\b|says\b)[\w'’.\-/]+){0,7}?)"
_NUM = r"(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten)\b"
_BASE = {"rose": "rise", "fell": "fall", "increased": "increase", "declined": "decline", "dropped": "drop",
         "climbed": "climb", "gained": "gain", "jumped": "jump", "slipped": "slip", "eased": "ease", "grew": "grow"}
_CHANGE = re.compile(rf"^{_SUBJ}\s+(?P<verb>{'|'.join(_BASE)})\s+(?:by\s+|to\s+)?(?:an\s+average\s+(?:of\s+)?)?"
                     rf"(?:about\s+|around\s+|nearly\s+|some\s+)?{_NUM}")
_SAID_IT = re.compile(rf"^{_SUBJ}\s+said\s+(?P<who>it|he|she|they)\s+(?P<rest>(?:has|had|have|will|would|is|was|plans|"
                      r"agreed|expects|intends)\b.{15,})")
# "The Commodity Credit Corporation said the export bonus ...": a named body's statement about something
_SAID_THAT = re.compile(rf"^{_SUBJ}\s+said\s+(?:that\s+)?(?P<rest>(?:the|a|an|its|[A-Z])\S*\s.{{25,}})")
_BODY = re.compile(r"(?:Inc|Corp|Corporation|Co|Ltd|Plc|Bank|Board|Ministry|Department|Commission|Council|Organization|"
                   r"Association|Exchange|Reserve|Group|Fund|Agency|Authority|Office|Federation|Union)\.?$")
_EXPECTED = re.compile(rf"^{_SUBJ}\s+(?P<aux>is|are|was|were)\s+expected\s+to\s+(?P<rest>[a-z]+\b.{{6,}})")
_AMOUNT = re.compile(rf"^{_SUBJ}\s+(?P<aux>was|were|is|are|totalled|totaled|amounted\s+to)\s+{_NUM}\s*"
                     r"(?:mln|billion|pct|bags|tonnes|dlrs|barrels|bpd|bushels|yen|marks|francs|stg|cts)\b")
_BAD = re.compile(r"^(?:The|This|That|These|Those|It|They|He|She|We|In|On|At|For|But|And|Under|After|Before|When|If|As|"
                  r"Both|Other|Some|Most|All|Company|Shr|Net|Revs|Qtly|Sen|Rep|Mr|Mrs)\b(?!\s+[A-Z])")


_CALENDAR = re.compile(r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
                       r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)")
_DEMONYM = re.compile(r"(?:an|ish|ese|i|ch|ian|ean)$")  # "Saudi crude oil output", "Dutch imports": a name's adjective


def _subject(raw: str) -> str | None:
    subject = raw.strip(" ,")
    if _BAD.match(subject) or re.match(r"(?:Both|Neither|Either)\b", subject) or len(subject.split()) > 8 or re.search(r"[,;:()<>]|\bsaid\b", subject):
        return None
    if re.search(r"\b(?:same|other|such|latter|former|these|those)\b", subject):
        return None  # "Exports of the same commodities": which ones only the story's previous sentence says
    first, _, rest = subject.partition(" ")
    if (re.fullmatch(r"[A-Z][a-z]+(?:-[a-z]+)+", first) or rest[:1].islower() or not rest and first.endswith("s")) and (
            re.fullmatch(r"[A-Z][a-z\-]+", first) and not _DEMONYM.search(first)):
        subject = (first.lower() + " " + rest).strip()  # "Arrivals for the week ...", "Total deposits", "Underwriters"
    elif "-" in first and _CALENDAR.search(first):
        subject = (first[0].lower() + first[1:] + " " + rest).strip()  # "End-February reserves"
    if not re.search(r"[A-Z]|\d{4}", _CALENDAR.sub("", re.sub(r"^The ", "", subject))):
        return None  # "How much did revenues rise?", "end-February reserves": whose, only the story says
    if subject.startswith("The "):
        subject = "the " + subject[4:]
    return subject


def news_question(sentence: str) -> tuple[str, str] | None:
    """(subject, question) for a newswire sentence, or None."""
    text = without_dateline(sentence.strip())
    if m := _CHANGE.match(text):
        if (subj := _subject(m.group("subj"))) is None:
            return None
        base = _BASE[m.group("verb")]
        asks = f"Why did {subj} {base}?" if re.search(r"\bbecause\b|\bdue to\b", text) else f"How much did {subj} {base}?"
        return subj, asks[0].upper() + asks[1:]
    if m := _SAID_IT.match(text):
        if (subj := _subject(m.group("subj"))) is None or not re.search(r"[A-Z]", subj[1:] + subj[0]):
            return None
        if m.group("who") != "it" and len(subj.split()) < 2:
            return None  # "What did Manoogian say?": a surname alone; the story named the person in full before
        verb = "announce" if m.group("who") == "it" else "say"
        return subj, f"What did {subj} {verb}?"
    if (m := _SAID_THAT.match(text)) and not re.match(r"(?:it|he|she|they)\b", m.group("rest")):
        if (subj := _subject(m.group("subj"))) is None or not _BODY.search(subj) or len(subj.removeprefix("the ").split()) < 2:
            return None
        return subj, f"What did {subj} say?"
    if m := _EXPECTED.match(text):
        if (subj := _subject(m.group("subj"))) is None:
            return None
        asks = f"What {m.group('aux')} {subj} expected to do?"
        return subj, asks[0].upper() + asks[1:]
    if m := _AMOUNT.match(text):
        if (subj := _subject(m.group("subj"))) is None or m.group("aux") not in ("was", "were", "is", "are"):
            return None
        asks = f"What {m.group('aux')} {subj}?"
        return subj, asks[0].upper() + asks[1:]
    return None
