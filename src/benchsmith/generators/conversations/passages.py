"""Question seeds found in a passage's structure: definitions, procedures, capabilities, recommendations, titles.

A seed is what a question can be asked about (a term) and the sentences of the
passage that answer it, by index into the passage's sentences. Everything is
found with rules, so the heuristic strategy needs no model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from benchsmith.corpora.wire import unwrapped
from benchsmith.generators.conversations.facts import fact_question, prose_fact_question, repeated_names
from benchsmith.generators.conversations.phrases import _ADVERB_NOUNS, cut_phrase, vague_phrase
from benchsmith.generators.conversations.quotable import (  # noqa: F401  (re-exported: grounding and prose use them)
    POINTS_ELSEWHERE,
    _following,
    _usable,
    ui_step,
)
from benchsmith.types import Chunk
from benchsmith.validators.conversation import Sentence, split_sentences

_PRONOUN_START = {"it", "this", "that", "these", "those", "they", "there", "he", "she", "you", "we", "which", "what",
                  "here", "following", "each", "such", "both", "its", "their", "his", "her", "one", "all", "some", "i",
                  "if", "when", "for", "in", "on", "to", "as", "by", "with", "after", "before", "however", "also",
                  "while", "although", "because", "since", "unlike", "like", "shown", "see", "note", "once", "so",
                  "then", "thus", "now", "today", "below", "above", "another", "other", "many", "most", "only", "not",
                  "every", "either", "neither", "use", "using", "where", "whether", "how", "why", "who", "same", "let's", "let’s",
                  "but", "and", "or", "yet", "nor", "just", "even", "still", "instead", "otherwise", "therefore"}
_VERBISH = {"is", "are", "was", "were", "be", "can", "will", "should", "must", "may", "do", "does", "has", "have"}
_DEFINITION = re.compile(
    r"^(?P<term>(?:(?:The|A|An)\s+)?[A-Za-z0-9][\w\-'’./()]*(?:\s+[\w\-'’./()]+){0,5}?)\s+"
    r"(?P<verb>is|are|refers to|means)\s+(?:(?:basically|essentially|just|simply|really|generally|usually|typically|"
    r"actually|roughly|commonly|often|also|supposed to be)\s+)?(?P<rest>(?:a|an|the|one|any|how much|how many|what|defined as)\b.{12,})$"
)  # hedged and informal definitions too ("Market cap is basically the amount ...", "NAV is how much ..."): forum prose
# "Naila Boss is an English underground rapper": a person, asked about with "Who is ...?", never "What is ...?".
_PERSON_NOUNS = (r"actor|actress|singer|rapper|songwriter|writer|author|poet|painter|artist|director|producer|politician|"
                 r"footballer|player|composer|musician|guitarist|drummer|journalist|scientist|engineer|businessman|"
                 r"businesswoman|nobleman|noblewoman|prince|princess|king|queen|duke|duchess|countess|bishop|priest|"
                 r"lawyer|judge|soldier|architect|photographer|dancer|comedian|presenter|screenwriter|novelist|historian|"
                 r"philosopher|economist|physician|mathematician|athlete|cyclist|coach|entrepreneur|sculptor|diplomat|"
                 r"activist|cricketer|wrestler|boxer|swimmer|filmmaker|cinematographer|editor|illustrator|explorer|biographer|critic|"
                 r"theosophist|curator")
PERSON_DESCRIPTION = (r"(?:an?|the)\s+(?:(?!(?:by|of|from|for|about|with)\b)[\w'’-]+\s+){0,6}?(?:" + _PERSON_NOUNS
                      + r")s?\b")  # "a painting by Canadian artist Tom Thomson" describes a painting, not a person  # "an English ... rapper"
_PERSON_REST = re.compile("^" + PERSON_DESCRIPTION, re.IGNORECASE)
# a plural term defined by the kind of thing it is, with no article ("Spreading basins are designated areas of land
# that ...", "Wildfires are unplanned or unwanted fires burning vegetation ..."): the class noun is followed by what
# sets the term apart, so "Floods are common" or "Bills are mailed out on ..." are not read as definitions
_PLURAL_DEFINITION = re.compile(
    r"^(?P<term>[A-Za-z][a-z\-]+(?:\s+[a-z][a-z\-]+){0,3}s)\s+are\s+(?!(?:not|also|very|often|usually|still|now|then|"
    r"made|used|located|found|one|just|only|more|less|most|being|able|likely|available|required|needed)\b)(?![a-z]+ly\b)"
    r"(?P<rest>(?:[a-z\-]+\s+(?:or\s+|and\s+)?){0,4}?(?P<head>[a-z]{3,}s)\s+(?:of|that|which|where|who|whose|used|"
    r"burning|designed|intended|caused|made)\b.{8,})$"
)
_CAPABILITY = re.compile(
    r"^(?P<term>(?:(?:The|A|An)\s+)?[A-Z][\w\-'’./()]*(?:\s+[\w\-'’./()]+){0,5}?)\s+"
    r"(?P<verb>allows|lets|enables|helps|provides|supports)\s+(?P<rest>.{12,})$"
)
_PROCEDURE = re.compile(r"^To\s+(?P<goal>[a-z][^,:]{8,90})[,:]\s+(?P<rest>\S+(?:\s+\S+){4,}.*)$")  # "you test it" says nothing
_RECOMMEND = re.compile(r"\b(?:we recommend|is recommended|are recommended|best practice|we strongly recommend|"
                        r"it is a good idea|you should|should be)\b", re.IGNORECASE)
# "To add to what others have said, ..." is a turn of phrase, not a task someone asks how to do
_DISCOURSE_GOAL = re.compile(r"^(?:add to|be (?:fair|honest|clear|sure|precise|exact|specific)|put it|sum up|summarize|answer|clarify|say|recap|"
                             r"show|demonstrate|illustrate|keep (?:the|this) example|simplify|"
                             r"conclude|illustrate|understand|explain|give you|help you understand|the best of|my knowledge|"
                             r"date|this end|that end)\b|\bwhat (?:others|you|i|we)\b", re.I)
_GERUND_TITLE = re.compile(r"^(?P<verb>[A-Z][a-z]+ing)\s+(?P<rest>[^:(]+)$")
_E_STEMS = {"us", "manag", "configur", "creat", "enabl", "mov", "stor", "retriev", "restor", "remov", "replicat", "analyz",
            "chang", "archiv", "organiz", "secur", "defin", "writ", "updat", "invok", "delet", "disabl", "activat", "generat",
            "rotat", "validat", "compar", "prepar", "shar", "integrat", "migrat", "schedul", "automat", "authenticat",
            "mak", "receiv", "sav", "trac", "optimiz", "resolv", "clos", "serv", "provid", "estimat"}
_DOUBLED = {"sett": "set", "gett": "get", "runn": "run", "logg": "log", "stopp": "stop", "plann": "plan", "mapp": "map",
            "shipp": "ship", "tagg": "tag", "pinn": "pin", "begin": "begin"}


@dataclass(frozen=True)
class Seed:
    """Something a question can be asked about in one chunk.

    kind: definition | capability | procedure | recommendation | overview | fact | entity | faq
    term: the noun phrase asked about (for a procedure: the goal, e.g. "enable versioning").
    answer: indices of the chunk sentences that answer it.
    """

    chunk_id: str
    kind: str
    term: str
    answer: tuple[int, ...]
    detail: str = ""


@dataclass
class Passage:
    chunk: Chunk
    sentences: list[Sentence]
    seeds: list[Seed] = field(default_factory=list)


def clean_term(term: str) -> str | None:
    """A usable noun phrase, or None (pronoun-led, too long, unbalanced, code-like, cut, vague)."""
    term = re.sub(r"\s*\(\s*\)", "", term).strip(" ,;:")  # "The Magpie ()": a pronunciation the scrape lost
    words = term.split()
    if words and (cut_phrase(term) or vague_phrase(term) or re.fullmatch(r"[A-Za-z]{2,}ly", words[0])
                  and words[0].lower() not in _ADVERB_NOUNS):
        return None  # "Currently httpd (provides ...)": an adverb, not part of the name
    if re.search(r"[A-Za-z]['’]s [a-z]+ and\b", term):
        return None  # "Thomson's life and mysterious death": a subject of the page's sentence, not a thing
    if not words or len(words) > 6 or words[0].lower() in _PRONOUN_START or "n't" in term or "’t" in term:
        return None
    if "  " in term or any(w.lower() in _VERBISH for w in words[1:]) or (len(words) > 1 and words[1].lower() in _PRONOUN_START):
        return None
    if term.count("(") != term.count(")") or any(ch in term for ch in "`<>[]{}=;\"") or len(term) < 3:
        return None
    if words[-1].lower() in {"the", "a", "an", "of", "and", "or", "to", "for", "in", "on", "with", "that", "also", "now",
                             "thus", "therefore", "hence", "however", "instead", "too",
                             "still", "currently", "only", "even", "then", "always", "often", "usually", "typically"}:
        return None
    if not any(ch.isalpha() for ch in term):
        return None
    if len(words) == 2 and words[0].lower() == "the" and words[1].islower():
        return None  # "the policy", "the format": the one in the page's example, which a user cannot name
    if re.match(r"the (?:easy|simple|new|following|above|same|other|previous|next|last|first|example|sample)\b", term, re.I) or (
            words[0].lower() == "the" and re.search(r"\b[a-z]+['’]s\b", term)):
        return None  # "the easy-to-use GUI", "the header's value": only the page's own sentence says which one
    if any(w.lower() in ("said", "says", "told", "added") for w in words):
        return None  # "Merrill said the loan": a report of what someone said, not a thing
    if any(w.lower() in ("your", "you", "my", "our", "we") for w in words):
        return None  # "the responses from your assistant": the page talking to its reader, not a thing to ask about
    return term


_TITLE_SUFFIX = re.compile(r"\s+[|–—:]\s+.*$|\s+-\s+.*$")
_TITLE_PARTS = re.compile(r"\s+[•·»]\s+")
_SITE_PART = re.compile(r"^(?:FAQs?|Home|News|Blog|CivicEngage|Official Website)$|\bCivicEngage\b", re.I)


_TITLE_PREFIX = re.compile(r"^\([^)]*\)\s*")
_TITLE_TAIL = re.compile(r"\s+(?:overview|introduction|basics)$", re.I)
_DEICTIC = re.compile(r"\b(?:these|those|this|such|above|below|following|preceding|previous)\b", re.I)


def clean_title(title: str) -> str:
    """The topic part of a page title: 'Meet Europa Clipper | Spacecraft – NASA' -> 'Meet Europa Clipper',
    '(Optional) Configuring a redirect' -> 'Configuring a redirect', 'Object Lock overview' -> 'Object Lock'."""
    title = _TITLE_PREFIX.sub("", _TITLE_SUFFIX.sub("", title.strip()).strip())
    parts = [p for p in _TITLE_PARTS.split(title) if p.strip() and not _SITE_PART.search(p.strip())]
    title = max(parts, key=len) if parts else ""  # 'FAQs • Disaster Preparedness' -> 'Disaster Preparedness'
    title = re.sub(r"\s*\([^)]*\)$", "", title)
    return _TITLE_TAIL.sub("", title).strip()


def find_seeds(chunk: Chunk) -> Passage:
    sentences = split_sentences(unwrapped(chunk.text))
    seeds: list[Seed] = []
    title = clean_title(chunk.title)
    title = re.sub(r"^(?:Understanding|Introducing|Learning about|(?:An? )?(?:overview|introduction) (?:of|to))\s+", "", title,
                   flags=re.I)  # 'Overview of managing access' is asked about as 'managing access'
    for i, s in enumerate(sentences):
        text = s.text
        if not _usable(text):
            continue
        if _DEICTIC.search(text):  # "supports these prefixes": the answer leans on a sentence not quoted
            continue
        if m := _DEFINITION.match(text.lstrip("\"“'")):
            term = clean_term(m.group("term"))
            if term and term.lower() not in {"this", "that"} and not re.match(r"[A-Z][a-z]+ing\b", term):
                who = "person" if _PERSON_REST.match(m.group("rest")) else m.group("verb")
                term = re.sub(r"\s*\([^()]*\d[^()]*\)$", "", term).strip()  # "David Bret( born 8 November 1954)"
                seeds.append(Seed(chunk.chunk_id, "definition", term, _following(sentences, i, 1), who))
                continue
        if m := _CAPABILITY.match(text):
            term = clean_term(m.group("term"))
            # "The replication configuration provides information related to ... KMS keys": what one configuration in
            # the page's context holds, not what "the replication configuration" provides in general
            # "Building MPMs as DSO modules allows ...": a practice, not a thing (as for definitions)
            if term and not re.match(r"[A-Z][a-z]+ing\b", term) and not (
                    m.group("verb") in ("provides", "supports") and term.split()[0] in ("The", "the")):
                seeds.append(Seed(chunk.chunk_id, "capability", term, (i,), m.group("verb")))
                continue
        if m := _PROCEDURE.match(text):
            goal = re.sub(r"^be able to\s+", "", m.group("goal").strip())  # "To be able to manage a service ..."
            rest = m.group("rest")
            # the reader does it ("To X, use ...", "To X, you ..."), not the product ("To X, Amazon S3 stores ...")
            # "To retrieve more data, use the AWS CLI": more than what the page's previous step did; no goal of its own
            if (len(goal.split()) <= 12 and "(" not in goal and not _DISCOURSE_GOAL.match(goal)
                    # "change the default behavior": of what? the page's own thing, which the question cannot name
                    and not (goal.split()[1:2] == ["the"] and vague_phrase(goal.split(maxsplit=1)[-1]))
                    and not re.search(r"\b(?:more|other|additional|further|another|same|rest|remaining)\b", goal)
                    and (rest[:1].islower() or re.search(r"\byou\b", rest))
                    # "To perform X, an IAM principal needs permission ...": a condition, not what the reader does
                    and not re.match(r"(?:a|an|the|each|every|some|this|these|it|its|they|their)\b", rest)):
                seeds.append(Seed(chunk.chunk_id, "procedure", goal, _following(sentences, i, 3)))
                continue
        if fact := fact_question(text) or prose_fact_question(text):
            seeds.append(Seed(chunk.chunk_id, "fact", fact[0], _following(sentences, i, 1), fact[1]))
            continue
        if (m := _PLURAL_DEFINITION.match(text)) and clean_term(m.group("term")) and not re.match(
                r"[A-Z][a-z]+ing\s+(?:the|a|an|his|her|their|its|this|these|those)\b", m.group("term")) and not m.group(
                "head").endswith(
                ("ways", "always", "sometimes", "perhaps", "whereas", "less")):  # "The first two lines are always of ..."
            term = m.group("term")
            term = term[0].lower() + term[1:] if re.fullmatch(r"[A-Z][a-z\-]+(?: [a-z\-]+)*", term) else term
            seeds.append(Seed(chunk.chunk_id, "definition", term, _following(sentences, i, 1), "are"))
            continue
        if (_RECOMMEND.search(text) and title and 2 <= len(title.split()) <= 10 and not headline(title)
                and not re.search(r"\b(?:guidelines?|examples?|overview|introduction|best practices?)\b", title, re.I)
                and (len(_stems(title) & _stems(text)) >= 2 or _stems(title.split()[-1]) <= _stems(text))):
            # the advice is about the page's subject ("We recommend you first review the introductory topics" is not)
            seeds.append(Seed(chunk.chunk_id, "recommendation", title, (i,)))
    seeds += faq_seeds(chunk, sentences)
    usable = [i for i, s in enumerate(sentences)
              if _usable(s.text) and not s.text.endswith(":") and s.text.strip(" .") != title and not ui_step(s.text)]
    first_words = set(" ".join(sentences[u].text for u in usable[:2]).lower().split())
    about_title = chunk.index == 0 or len({w.lower() for w in title.split()} & first_words) >= 2
    # the overview opens on its subject, named early ("Multipart upload allows you to ..."), not on a detail that
    # mentions it late ("Only after you either complete or stop a multipart upload will ...")
    # ... and on its subject rather than on a condition of one of its steps ("If there are more keys to return, ..."
    # shares only "keys" with "Listing Keys Using the AWS SDK for .NET")
    opening = sentences[usable[0]].text if usable else ""
    shared = _stems(title) & _stems(" ".join(opening.split()[:8]))
    opens_on_title = bool(shared) and (len(shared) >= 2 or len(_stems(title)) <= 2) and not re.match(
        r"(?:If|When|Once|After|Before|Unless|Until|While)\b", opening)
    if (title and len(title.split()) >= 2 and about_title and opens_on_title and len(usable) >= 2 and not headline(title)
            and not any(ch in title for ch in ",:;?!")):
        seeds.append(Seed(chunk.chunk_id, "overview", title, tuple(usable[:3])))
    seeds += entity_seeds(chunk, sentences, title)
    return Passage(chunk, sentences, seeds)


_FAQ_LEAD = re.compile(r"^(?:#+\s*|FAQs?\s*[•:|-]\s*|Q\s*[:.]\s*|\d+\.\s+|[\"“])+")
_ASKS = re.compile(r"^(?:what|which|who|when|where|why|how|is|are|was|were|do|does|did|can|could|should|will|would)\b", re.I)
_LEANING = re.compile(r"\b(?:it|its|they|them|their|this|that|these|those|one|he|she|his|her|yes|no|else|above|below|"
                      r"you|your)\b", re.I)  # "Do you already have an AWS Outpost?" is the page asking the reader
_HEADING_WORDS = {"should", "not", "be", "is", "are", "can", "do", "does", "have", "has", "will", "must", "get", "use",
                  "make", "set", "need"}
_TITLE_WORD = re.compile(r"(?<=\w )(?:Do|Does|Is|Are|Can|A|An|The|Of|To|In|For|With|Using|On|And|Or|By|From)\b")


# a sentence that tells the reader what to do: the answer a how-to question needs first
_INSTRUCTS = re.compile(r"\byou (?:can|must|need to|should|use)\b|^(?:To|Use|Choose|Open|Create|Specify|Sign in|Select|"
                        r"Enter|Run|Add|Set|Configure|Enable|Turn on|Call|Send|Attach|Grant|Follow|Go to|Visit|Pay|Contact)\b")


_STEP = re.compile(r"\byou (?:must|need to|should)\b|^(?:To \w+|First|Use|Choose|Open|Create|Specify|Sign in|Select|Enter|"
                   r"Run|Add|Set|Configure|Enable|Turn on|Call|Send|Attach|Grant|Follow|Go to)\b")


def instructs(sentence: str, *, strict: bool = False) -> bool:
    """The sentence tells the reader what to do; `strict`: as a step or an obligation, not "you can ..." (which a
    feature overview says too)."""
    return bool((_STEP if strict else _INSTRUCTS).search(sentence))


_YES_NO = re.compile(r"^(?:Yes|No|Yes, \w+|No, \w+)[.!]?$")
_ANSWER_PRONOUN = re.compile(r"^(?:It|They|These|This|That|Those)\b")


def _answer_after(sentences: list[Sentence], i: int) -> tuple[int, ...]:
    """The sentences answering the question at i: a bare 'Yes.' and sentences whose pronoun stands for the question's
    subject ('These materials have always been recommended ...') count, since the question is said just before."""
    picked: list[int] = []
    for j in range(i + 1, min(len(sentences), i + 4)):
        text = sentences[j].text.strip()
        if _YES_NO.match(text) and not picked:
            picked.append(j)
            continue
        leaning = _ANSWER_PRONOUN.match(text) and (not picked or _YES_NO.match(sentences[picked[0]].text.strip()))
        if text.endswith((":", "?")) or not (_usable(text) or (leaning and _usable("X" + text[len(text.split()[0]):]))):
            break
        picked.append(j)
    if picked and _YES_NO.match(sentences[picked[0]].text.strip()) and len(picked) == 1:
        return ()  # "Yes." alone says too little
    return tuple(picked)


def faq_seeds(chunk: Chunk, sentences: list[Sentence]) -> list[Seed]:
    """Questions the page asks and answers itself (FAQ pages, forum posts): 'Can contaminated groundwater be
    cleaned up?' answered by the sentences after it. Only self-contained ones: a question leaning on a pronoun
    ('Should they be wet?') or answered by sentences sharing none of its words is skipped."""
    out: list[Seed] = []
    for i, s in enumerate(sentences[:-1]):
        question = _FAQ_LEAD.sub("", s.text.strip()).strip()
        words = question.split()
        if not question.endswith("?") or not 4 <= len(words) <= 18 or not _ASKS.match(question):
            continue
        if _LEANING.search(question) or any(ch in question for ch in "[]()`"):
            continue
        capitals = [w for w in words[1:] if w[:1].isupper() and not w.isupper() and w.lower() in _HEADING_WORDS]
        if capitals:
            continue  # "What Should Not be Cached?": a heading in title case, not a user's question
        if re.search(r"\b(?:NOT|ALL|ONLY|NEVER|ANY|NO)\b", question):
            continue  # "Is the target group NOT the superuser group?": a checklist's condition, not a user's question
        answer = _answer_after(sentences, i)
        if not answer or answer[0] != i + 1:
            continue
        # the answer names what was asked, in any inflection ("Is our water fluoridated?" / "fluoride is not added"),
        # within its first three sentences ("Where do groundwater toxins come from?" names groundwater in its third)
        shared = _roots(question) & _roots(" ".join(sentences[j].text for j in answer[:3]))
        yes_no = not re.match(r"(?:what|which|who|when|where|why|how)\b", question, re.I)
        if yes_no and re.match(r"(?:Was|Were|Is|Are) the\b", question) and not re.match(r"(?:Yes|No)\b", sentences[answer[0]].text):
            continue  # "Was the wrapper called with the proper number of arguments?": a checklist's condition
        if yes_no and not re.match(r"(?:Yes|No)\b", sentences[answer[0]].text) and len(shared) < 2:
            continue  # "Is plastic really going to stop a chemical agent?" followed by something else than the answer
        said_yes = bool(_YES_NO.match(sentences[answer[0]].text.strip()))  # "Yes." right after it answers it
        if not (shared or said_yes) or (re.match(r"How (?:do|can|should) I\b", question)
                                        and not _INSTRUCTS.search(sentences[answer[0]].text)):
            continue  # "How do I pay my water bill?" answered "Water bills are mailed out ...": not how
        question = _TITLE_WORD.sub(lambda m: m.group(0).lower(), question[0].upper() + question[1:])
        out.append(Seed(chunk.chunk_id, "faq", question.rstrip("?").strip(), answer, question))
    return out


def _stems(text: str) -> set[str]:
    """Content words, plural 's' dropped: an overview's first sentence must name something of its title."""
    return {w.lower().rstrip("s") for w in re.findall(r"[A-Za-z][\w\-]{2,}", text)
            if w.lower() not in _TITLE_STOP}


def _roots(text: str) -> set[str]:
    """Content words cut to six letters, so inflections meet ("responsibility" / "responsible", "internship" /
    "interns")."""
    return {w[:6] for w in _stems(text)}


_TITLE_STOP = {"the", "and", "for", "with", "your", "you", "using", "about", "from", "into", "amazon", "aws", "what", "how"}


def entity_seeds(chunk: Chunk, sentences: list[Sentence], title: str, limit: int = 3) -> list[Seed]:
    """Names the passage keeps returning to, answered by the (up to three) quotable sentences that name them."""
    out: list[Seed] = []
    for name in repeated_names(chunk.text, title):
        term = clean_term(name)
        if term is None:
            continue
        core = name.removeprefix("the ")  # 'the Lite plan' (facts._with_head_noun) is written 'The Lite plan' too
        # 'Europa' in 'Europa Clipper' or "Jupiter's moon Europa" is another subject than Europa or Jupiter
        alone = re.compile(rf"(?<![\w'’]){re.escape(core)}(?![\w'’]|\s+[A-Z0-9])")
        answer = tuple(i for i, s in enumerate(sentences)
                       if alone.search(s.text) and _usable(s.text) and not s.text.endswith(":") and not _DEICTIC.search(s.text)
                       and not ui_step(s.text))[:3]  # "CloudFront fills in the **Origin ID** for you": a console step
        # the name as the sentence's subject: followed by its verb ("S3 Object Lock enables ...", "Europa Clipper will
        # ..."), not modifying another noun ("The S3 Storage Lens default dashboard is named ...")
        verb = re.compile(rf"{alone.pattern}(?:\s*\([^)]*\)|\s*,|\s+['’]s)*\s+(?:(?:is|are|was|were|has|have|had|can|will|"
                          rf"may|must|should|would|could|does|do|did)\b|[a-z]+(?:s|ed)\b)")  # "Luna 16 ( 1970 ) was"
        leads = [i for i in answer if verb.match(sentences[i].text.removeprefix("The "))]
        subject = bool(leads)
        if not leads:  # "Tell me about Batch Operations" answered by "If you are running S3 Batch Operations on ..."
            continue
        answer = tuple(i for i in answer if i >= leads[0])  # opens on the sentence the name is the subject of
        if (len(answer) >= 2 and subject) or (answer and alone.search(title)):
            out.append(Seed(chunk.chunk_id, "entity", term, answer))
    out.sort(key=lambda s: -len(s.answer))
    return out[:limit]


_HEADLINE_VERB = re.compile(r"\b(?:may|might|will|can|could|is|are|was|were|be|been|has|have|meet|how|why|what)\b", re.I)


def headline(title: str) -> bool:
    """A news-style title ('Drought Fuels Wildfires in the Amazon') names an event, not a topic to ask an overview of;
    a gerund title ('Configuring a redirect') is a task and stays."""
    words = title.split()
    if _GERUND_TITLE.match(title) and len(words) <= 10:
        return False
    return len(words) >= 6 or bool(_HEADLINE_VERB.search(title))


_NOT_TASKS = {"understanding", "learning", "knowing", "introducing", "working"}


def howto_from_title(title: str) -> str | None:
    """'Adding objects to versioning-suspended buckets' -> 'add objects to versioning-suspended buckets'."""
    m = _GERUND_TITLE.match(title.strip())
    if not m or len(title.split()) > 9 or " - " in title:
        return None
    if m.group("verb").lower() in _NOT_TASKS:
        return None  # 'Understanding Amazon S3 Storage Lens' is an overview, not a task anyone asks how to do
    stem = m.group("verb").lower()[:-3]
    stem = _DOUBLED.get(stem, stem + "e" if stem in _E_STEMS else stem)
    rest = m.group("rest").strip()
    return f"{stem} {rest}"
