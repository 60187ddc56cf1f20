"""Factoid and entity seeds for open-domain prose (encyclopedia, news, public-service pages).

Definitions and procedures are rare outside technical documentation; what a person
asks about such text is who/when/where/how-many about the things it names. A fact
seed is a sentence whose grammar gives the question away ("The Steelers have won
six Super Bowls" -> "How many Super Bowls have the Steelers won?"), with the
question stored in `Seed.detail`. An entity seed is a name the passage keeps
coming back to ("What can you tell me about Europa Clipper?").
"""

from __future__ import annotations

import re

from benchsmith.generators.conversations.news import news_question
from benchsmith.generators.conversations.phrases import cut_phrase, vague_phrase

# words of a verb phrase, not of a noun phrase ("Remember to always include ...")
_VERB_PHRASE_WORDS = {"to", "always", "never", "also", "just", "only", "not", "then", "now", "can", "will", "should",
                      "must", "may", "please"}

_SUBJECT = r"(?P<subj>(?:The\s+)?[A-Z][\w'’.\-]*(?:\s+(?:of\s+(?:the\s+)?|de\s+|and\s+)?[A-Z0-9][\w'’.\-]*){0,5})"
_WHEN_VERBS = ("founded|established|built|launched|created|formed|opened|discovered|introduced|released|completed|"
               "signed|elected|hired|named|designed|developed|announced|renamed|born|adopted|approved|passed|"
               "enacted|awarded|selected|constructed|dedicated|organized|incorporated|acquired|published")
_NUMBER = r"(?P<num>\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|\w+ty(?:-\w+)?)"
_COUNT_VERBS = "won|played|appeared in|made|hosted|recorded|scored|produced|reached|visited|lost|released|launched"

# a subject that is a common noun phrase ("The tournament brackets", "EV", "Market cap") as well as a name
_NP_SUBJECT = (r"(?P<subj>(?:The\s+)?(?:[A-Z][\w'’.\-]*|[a-z][\w\-]*)(?:\s+(?:of\s+)?[a-z][\w\-]*){0,3}|"
               r"(?:The\s+)?[A-Z][\w'’.\-]*(?:\s+[A-Z0-9][\w'’.\-]*){0,4})")

_PATTERNS: tuple[tuple[re.Pattern, str], ...] = (
    # "The Green Bay Packers franchise, founded in 1919, is the oldest team not to change locations." ->
    # "What is the oldest team not to change locations?" (the subject is the answer, so the question names it not)
    (re.compile(rf"^{_SUBJECT}(?:\s+franchise)?(?:\s*,[^,]{{3,60}},)?\s+(?P<aux>is|was|are|were)\s+the\s+"
                r"(?P<sup>(?:[a-z]+est|first|only|most\s+[a-z]+))\s+(?P<rest>[a-z][^,;:()]{3,90}?)\s*(?:,|\.|$)"),
     "What {one} the {sup} {rest}?"),
    # "EV is used to quantify the total price of a company's worth." -> "What is EV used for?"
    # "Half moon is often used to mean the first- and third-quarter moons" -> "What does half moon mean?"
    (re.compile(rf"^{_NP_SUBJECT}\s+(?P<aux>is|are)\s+(?:often\s+|mainly\s+|mostly\s+|commonly\s+)?used\s+to\s+"
                r"(?:mean|describe|refer\s+to|denote)\b"),
     "What does {subj} mean?"),
    (re.compile(rf"^{_NP_SUBJECT}\s+(?P<aux>is|are)\s+(?:often\s+|mainly\s+|mostly\s+|commonly\s+)?used\s+(?:to|for|as)\b"),
     "What {aux} {subj} used for?"),
    # "The tournament brackets are made up of six teams ..." -> "What are the tournament brackets made up of?"
    (re.compile(rf"^{_NP_SUBJECT}\s+(?P<aux>is|are|was|were)\s+made\s+up\s+of\b"), "What {aux} {subj} made up of?"),
    # "Transfer of any amount over $14k ... triggers gift tax liability." -> "What triggers gift tax liability?"
    (re.compile(r"^(?P<cause>[A-Z][^,;:]{3,120}?)\s+(?P<verb>triggers|causes|determines|dictates|drives)\s+"
                r"(?P<subj>(?!what|which|how|whether|who|when|where|why)[a-z][\w\s\-]{3,40}?)\s*\.$"),
     "What {verb} {subj}?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>was|were)\s+(?P<verb>{_WHEN_VERBS})\s+(?:in|on|during)\s+"
                r"(?:\w+\s+){0,2}(?:\d{1,2}\s*,?\s*)?(?:1[5-9]|20)\d\d\b"),
     "When {aux} {subj} {verb}?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>has|have)\s+(?P<verb>{_COUNT_VERBS})\s+{_NUMBER}\s+"
                r"(?P<obj>(?:[A-Za-z][\w\-]*\s+){0,2}?[A-Za-z][\w\-]*s)\b"),
     "How many {obj} {aux} {subj} {verb}?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>is|are)\s+located\s+(?:in|on|at|near)\b"), "Where {aux} {subj} located?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>is|are|was|were)\s+named\s+after\b"), "Who {aux} {subj} named after?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>is|are)\s+caused\s+by\b"), "What causes {subj}?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>consists?|consisted)\s+of\b"), "What does {subj} consist of?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>takes?|lasts?)\s+(?:about|approximately|roughly|around|up to|nearly)?\s*\d"),
     "How long does {subj} take?"),
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>was|were)\s+(?:the\s+)?first\s+(?P<rest>[a-z][\w\s\-]{{3,40}}?)\s+(?:to|in|of)\b"),
     "What {aux} {subj} the first {rest} to do?"),
    # "The Standard plan is priced based on two factors: ..." -> "How is the Standard plan priced?"
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>is|are|was|were)\s+(?P<verb>priced|calculated|measured|determined|billed|charged|"
                r"funded|formed|selected|chosen|financed|estimated|rated|ranked|governed|regulated|enforced)\s+"
                r"(?:based\s+on|by|on|through|using|from|according|in\s+terms)\b"),
     "How {aux} {subj} {verb}?"),
    # "The Pittsburgh Steelers have the most Super Bowl championship titles, with six." -> "Who has the most ...?"
    (re.compile(rf"^{_SUBJECT}\s+(?P<aux>has|have|holds?)\s+the\s+(?P<most>most|fewest|longest|highest|lowest|largest)\s+"
                r"(?P<obj>[A-Za-z][\w\s\-]{3,50}?)\s*(?:,|\bwith\b|\bof any\b|\bin\b)"),
     "Who has the {most} {obj}?"),
    # "A large basalt rock collected by ... is informally known as Great Scott." -> "What is Great Scott?"
    (re.compile(r"^(?P<subj>(?:An?|The)\s+[a-z][^,]{10,120}?)\s+(?P<aux>is|was)\s+(?:informally\s+|commonly\s+|also\s+|now\s+)?"
                r"(?:known|referred to)\s+as\s+(?:the\s+)?(?P<name>[A-Z][\w\-]*(?:\s+[A-Z0-9][\w\-]*){0,4})\s*\.?$"),
     "What {aux} {name}?"),
)
# Prose written for the public (advice pages, FAQ answers, encyclopedias) states facts about common nouns more often than
# about names: "Pet waste can contain harmful bacteria ..." -> "What can pet waste contain?". The subject must stand on
# its own ("the water", "the state" lean on the page), so these ask only about phrases of two words or more, or one
# word written without "the".
_OWN_SUBJECT = (r"(?P<subj>(?:[A-Z][\w'’\-]*|[a-z][\w\-]*)(?:\s+(?!(?:can|may|also|is|are|often|usually|only|will|"
                r"include|includes|contain|contains)\b)(?:of\s+)?[a-zA-Z][\w\-]*){0,3})")
_PROSE_PATTERNS: tuple[tuple[re.Pattern, str], ...] = (
    # "Pet waste can contain harmful bacteria such as E. coli" -> "What can pet waste contain?"
    (re.compile(rf"^{_OWN_SUBJECT}\s+(?P<aux>can|may|often|usually)\s+(?P<verb>contain|include|cause|affect|damage|spread|"
                r"carry|harm|reduce|prevent|produce|release)\s+(?P<obj>[a-z][^.;:]{8,})"),
     "What {aux} {subj} {verb}?"),
    # "Wildland Fires include wildfires and those fires ..." -> "What do wildland fires include?"
    (re.compile(rf"^{_OWN_SUBJECT}\s+(?P<aux>includes?|contains?)\s+(?P<obj>[a-z][^.;:]{{8,}})"),
     "What {do} {subj} {base}?"),
    # "Flooding can also occur when a dam breaks" -> "When can flooding occur?"
    (re.compile(rf"^{_OWN_SUBJECT}\s+(?:(?P<aux>can|may)\s+(?:also\s+)?)?(?P<verb>occurs?|happens?|forms?|develops?|starts?|"
                r"begins?)\s+(?:only\s+)?(?P<when>when|if|after|during|in areas|where)\b"),
     "{wh} {subj} {verb}?"),
    # "The state is primarily responsible for compiling the list of ..." -> "Who is responsible for compiling ...?"
    (re.compile(r"^(?P<subj>(?:The\s+)?[A-Za-z][\w'’.\-]*(?:\s+[A-Za-z][\w'’.\-]*){0,5}?)\s+(?P<aux>is|are)\s+"
                r"(?:primarily\s+|mainly\s+|largely\s+|chiefly\s+|ultimately\s+)?responsible\s+for\s+"
                r"(?P<rest>[a-z][^,;:()]{8,80}?)\s*\.?$"),
     "Who is responsible for {rest}?"),
    # "Global warming is made worse by the melting of polar ice" -> "What makes global warming worse?"
    (re.compile(rf"^{_OWN_SUBJECT}\s+(?P<aux>is|are)\s+made\s+(?P<how>worse|better|possible|easier|harder)\s+by\b"),
     "What makes {subj} {how}?"),
    # "Wet towels under a door are used in cases when ..." -> "When are wet towels under a door used?"
    (re.compile(rf"^{_OWN_SUBJECT}\s+(?P<aux>is|are)\s+(?:only\s+)?used\s+(?:in\s+cases\s+)?(?:when|if)\b"),
     "When {aux} {subj} used?"),
)
_LEANS = re.compile(r"^(?:the|this|that|these|those|it|its|their|our|your|my|his|her|such|each|one|some|any|all)\b", re.I)
_NOT_NOUN_START = re.compile(r"^(?:[A-Za-z]+ly|not|also|then|now|still|just|only|even|here|there|what|which|who|how|why|"
                             r"when|where|if|although|because|while|since|unless|until|as|so|but|and|or)\b", re.I)


def prose_fact_question(sentence: str) -> tuple[str, str] | None:
    """(subject, question) from a public-prose sentence about a thing that stands on its own (see _PROSE_PATTERNS)."""
    for pattern, template in _PROSE_PATTERNS:
        m = pattern.match(sentence)
        if not m:
            continue
        groups = {k: (v or "").strip() for k, v in m.groupdict().items()}
        subject = groups["subj"]
        if "rest" in groups:  # the subject is the answer: the question names only what it is responsible for
            if _BAD_SUBJECT.match(subject) or re.search(r"\b(?:you|your|we|our|i|my|their|its|his|her)\b", groups["rest"], re.I):
                return None
            question = template.format(**groups)
            return subject, question
        if _LEANS.match(subject) or _NOT_NOUN_START.match(subject) or _BAD_SUBJECT.match(subject):
            return None
        if re.match(r"(?i:newer|older|later|earlier|other|more|fewer|less)\b", subject):
            return None  # "Newer openssl versions may include ...": newer than the page's own
        if cut_phrase(subject) or vague_phrase(subject) or any(w.lower() in _VERB_PHRASE_WORDS for w in subject.split()) or any(
                re.fullmatch(r"[a-z]+ed", w) for w in subject.split()[1:]):  # "Files processed for server-side (includes)"
            return None  # "Remember to always (include ...)": an order, not a thing
        if len(subject) < 4 or re.search(r"\b(?:you|we|i|it|they|he|she|this|that)\b", subject, re.I):
            return None
        if subject[:1].isupper() and not re.match(r"[A-Z][a-z]*[A-Z]|[A-Z]{2,}", subject):  # sentence case, not a name
            words = subject.split()
            if not any(w[:1].isupper() for w in words[1:]):
                subject = subject[0].lower() + subject[1:]
            else:  # 'Wildland Fires' (a glossary's capitals): lower the common words
                subject = " ".join(w.lower() if w[1:].islower() else w for w in words)
                subject = re.sub(r"^(?:A|An|The) ", lambda m: m.group(0).lower(), subject)  # "A Certificate contains"
        groups["subj"] = subject
        head = re.split(r" (?:of|for|in|on|with|from) ", subject)[0]  # "httpd for Windows" is one httpd
        plural = bool(re.search(r"[a-rt-z]s$", head)) and not head.endswith(("ss", "us", "is"))
        if groups.get("aux") in ("includes", "contains"):
            plural = False  # the sentence's own verb: "httpd for Windows contains ..."
        elif groups.get("aux") in ("include", "contain"):
            plural = True
        if "base" in template:
            groups["base"] = groups["aux"].rstrip("s")
            groups["do"] = "do" if plural else "does"
        if "wh" in template:
            when = groups["when"]
            groups["wh"] = ("Where" if when in ("where", "in areas") else "When") + (
                f" {groups['aux']}" if groups.get("aux") else (" do" if plural else " does"))
            verb = groups["verb"]
            groups["verb"] = verb[:-1] if verb.endswith("s") and not groups.get("aux") else verb.rstrip("s") if groups.get("aux") else verb
        question = template.format(**groups)
        return subject, question[0].upper() + question[1:]
    return None


_BAD_SUBJECT = re.compile(r"^(?:The\s+)?(?:(?i:same|other|such|following|next|previous|above|latter|former|second|"
                          r"remaining|rest|new|last)\b|This|That|These|Those|It|They|He|She|We|You|In|On|At|For|After|Before|When|"
                          r"If|As|By|With|During|Since|While|Although|Because|However|There|Here|One|Each|Some|Many|Most|"
                          r"All|Both|Other|Another|Such|Then|Today|Now|Also|Note|See|Read|Click|Learn|Visit)\b")


def _clean_subject(subject: str) -> str | None:
    subject = subject.strip(" ,")
    if _BAD_SUBJECT.match(subject) or len(subject) < 2 or len(subject.split()) > 6:
        return None
    words = subject.split()
    if len(words) == 2 and words[0] in ("The", "the") and words[1].islower():
        return None  # "the protocol", "the method": the page's own, which a question cannot name
    if cut_phrase(subject) or vague_phrase(subject) or (subject[:1].islower() and subject.split()[0] in ("the", "a", "an")):
        return None  # "the method that (is used to ...)": a sentence cut at a line break; "the standard approach"
    if subject.startswith("The ") and len(subject.split()) > 1:
        subject = "the " + subject[4:]
    return subject


def fact_question(sentence: str) -> tuple[str, str] | None:
    """(subject, question) when the sentence's grammar says which question it answers."""
    for pattern, template in _PATTERNS:
        m = pattern.match(sentence)
        if not m:
            continue
        subject = _clean_subject(m.group("subj")) if "cause" not in m.groupdict() else m.group("subj").strip()
        if "name" in m.groupdict():  # asked about the name, not the description it names
            subject = m.group("name")
        if subject is None:
            return None
        groups = {k: (v or "").strip() for k, v in m.groupdict().items()}
        groups["subj"] = subject
        if "sup" in groups:
            if len(groups["rest"].split()) > 14:
                continue
            # "The Impressionists were the first artists who ..." -> "were"; "The Vikings were the first team" -> "was"
            many = re.match(r"[a-z\-]+(?<!s)s\b", groups["rest"]) is not None or groups["rest"].startswith("people")
            groups["one"] = ("were" if many else "was") if groups["aux"] in ("was", "were") else ("are" if many else "is")
            if re.match(_PERSON_HEAD, groups["rest"]):
                template = template.replace("What", "Who", 1)
        if groups.get("aux") in ("takes", "lasts", "take", "last"):
            template = template.replace("does", "do") if groups["aux"] in ("take", "last") else template
        question = template.format(**groups)
        return subject, question[0].upper() + question[1:]
    return news_question(sentence)


_PERSON_HEAD = re.compile(r"(?:[a-z\-]+\s+){0,2}?(?:artists?|painters?|people|persons?|players?|writers?|authors?|women|men|"
                          r"woman|man|scientists?|composers?|musicians?|architects?|leaders?|presidents?|kings?|queens?|biographers?|critics?|"
                          r"poets?|photographers?|sculptors?|owners?|founders?|inventors?|explorers?|astronauts?)\b")


_NAME = re.compile(r"(?<![\w'’])(?:[A-Z][a-z][\w'’\-]*|[A-Z]{2,}[a-z]?)(?:\s+(?:of\s+(?:the\s+)?|de\s+)?"
                   r"(?:[A-Z][\w'’\-]+|\d+))*")
_NOT_NAMES = {"The", "A", "An", "This", "That", "These", "Those", "It", "In", "On", "At", "For", "If", "When", "As", "By",
              "After", "Before", "However", "There", "Here", "We", "You", "They", "He", "She", "I", "Our", "Your", "Its",
              "Read", "More", "Click", "Learn", "Sign", "Create", "FAQs", "FAQ", "Home", "Menu", "Contact", "Yes", "No",
              # "Multiple Listen directives may be used ...": a quantifier, not part of the name
              "Multiple", "Several", "Many", "Some", "Each", "Every", "All", "Other", "Most", "Any", "Both", "Various",
              "Different", "Two", "Three", "Few", "New"}


def repeated_names(text: str, title: str) -> list[str]:
    """Names (capitalised, not sentence-initial function words) the passage mentions at least twice, or in its title."""
    counts: dict[str, int] = {}
    inside: set[str] = set()  # names seen mid-sentence: a capitalised first word only ('Creates sample objects') is no name
    for m in _NAME.finditer(text):
        name = m.group(0).strip()
        words = name.split()
        while words and words[0] in _NOT_NAMES:
            words = words[1:]
        if not words or (len(words) == 1 and len(words[0]) < 4 and not re.fullmatch(r"[A-Z]{2,3}", words[0])):  # NAV, ETF
            continue
        name = " ".join(words).removesuffix("’s").removesuffix("'s")
        counts[name] = counts.get(name, 0) + 1
        if m.start() > 0 and text[:m.start()].rstrip()[-1:] not in ".!?:\n" and text[:m.start()].strip():
            inside.add(name)
    names = [n for n, c in counts.items() if (c >= 2 or (n in title and c >= 1)) and len(n.split()) <= 5
             and (len(n.split()) > 1 or n in inside or n in title)]
    return [_with_article(_with_head_noun(n, text), text) for n in names]


def _with_article(name: str, text: str) -> str:
    """'Patriots' -> 'the Patriots', 'NFL' -> 'the NFL' when the text mostly writes the name after 'the'."""
    if name.lower().startswith("the "):
        return name
    # "the NFL was", "by the Patriots ,": the name itself; not "the S3 Storage Lens dashboard" (another noun's modifier)
    after_the = len(re.findall(rf"\b[Tt]he\s+{re.escape(name)}(?=\s*[,.;:)!?]|\s+(?:is|are|was|were|has|have|had|can|will|"
                               rf"would|and|or|of|in|on|at|to|for|with|from|by|as|that|which|who|won|lost|made|became|began|beat|led|"
                               rf"held|left|came|grew|went|took|[a-z]+ed)\b)", text))
    return f"the {name}" if after_the and after_the * 2 >= len(re.findall(rf"\b{re.escape(name)}\b", text)) else name


def _with_head_noun(name: str, text: str) -> str:
    """'Lite' -> 'the Lite plan' when the text nearly always writes the one-word name before the same noun."""
    if len(name.split()) > 1:
        return name
    after = re.findall(rf"\b{re.escape(name)}\s+([a-z]{{3,}})\b", text)
    if len(after) >= 2 and max(after.count(a) for a in set(after)) >= 0.6 * len(re.findall(rf"\b{re.escape(name)}\b", text)):
        return f"the {name} {max(set(after), key=after.count)}"
    return name
