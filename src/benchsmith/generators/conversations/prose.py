"""Question seeds for plain prose: forum answers, public-service pages, encyclopedia paragraphs.

Documentation gives questions away through headings, definitions and lists; most prose
does not. What a person asks about it follows the sentence's own grammar:

- advice ("You should have a separate business account." -> "Should I have a separate
  business account?"; "You cannot open an account in USA unless ..." -> "Can I open an
  account in USA?"), with the condition kept when it leads ("If you are self-employed,
  you must ..." -> "Do I need to ... if I am self-employed?");
- judgements ("Mixing business and personal funds is a bad practice." -> "Is mixing
  business and personal funds a good idea?"; "It is best to act at once." -> "Is it a
  good idea to act at once?");
- topics: a noun phrase the passage is about ("term deposits", "a safe room"), asked as
  "What should I know about ...?" and answered by the sentences that name it.

Each seed stores the question it answers in `Seed.detail` (topics store the phrase as
written, article included), and the sentence indices that answer it.
"""

from __future__ import annotations

import re
from collections import Counter

from benchsmith.corpora.wire import unwrapped
from benchsmith.generators.conversations.passages import Passage, Seed, _following, _usable
from benchsmith.generators.conversations.phrases import cut_phrase, vague_phrase
from benchsmith.text import STOPWORDS

_LEAD = r"(?:(?:Yes|No|Generally|Usually|Typically|In general|Ideally|Definitely|Absolutely|Of course|Basically)\s*,\s*)?"
_MODALS = (r"should(?:n't| not)?|need to|will need to|must(?: not)?|have to|don't need to|do not need to|don't have to|"
           r"do not have to|can(?:not|'t|’t| not)?|may(?: not)?|are (?:not )?(?:required|allowed|eligible|able) to")
_ADVERB = (r"(?:(?:also|still|only|probably|definitely|always|never|usually|generally|easily|just|really|first|typically|"
           r"often|sometimes|simply|even|likely|actually|certainly)\s+)*")
_STOP = (r"(?=\s+(?:unless|if|because|since|as long as|so that|so|when|while|before|after|until|but|and then|or else|"
         r"which|where|though|although|otherwise|in order|as well as|as soon as|instead|by \w+ing|using|via|through|without)\b|"
         r"\s*[,;:(!?]|\.(?!\w)|$)")  # a dot inside a name ('the mime.types file') is no sentence end
_ADVICE = re.compile(rf"^{_LEAD}[Yy]ou\s+(?P<modal>{_MODALS})\s+{_ADVERB}(?P<vp>[a-z][^,;:()?!]*?){_STOP}")
_IF_ADVICE = re.compile(rf"^If\s+you\s+(?P<cond>[^,;:()]{{3,60}}?),\s+(?:then\s+)?you\s+(?P<modal>{_MODALS})\s+{_ADVERB}"
                        rf"(?P<vp>[a-z][^,;:()?!]*?){_STOP}")
_IT_IS = re.compile(r"^It(?:'s|’s| is) (?:usually |generally |always |often |probably )?(?P<judgement>best|a good idea|wise|"
                    r"advisable|recommended|important|essential|necessary|a bad idea|not a good idea|smart) to "
                    rf"(?P<vp>[a-z][^,;:()?!]*?){_STOP}")
# "IBM Cloudant strongly encourages you to use a partitioned database ..." -> "Should I use a partitioned database?"
_ENCOURAGES = re.compile(r"^(?:[A-Z][\w®’'\-]*\s+){1,5}(?:strongly\s+)?(?:encourages|recommends|advises|urges)\s+(?:that\s+)?you\s+"
                         rf"(?:to\s+)?(?P<vp>[a-z][^,;:()?!]*?){_STOP}")
# a tip written as an order ("Move valuables to higher levels.", "Consider a sump pump with a battery."): the verbs of
# advice only, not a console's click-steps ("Choose Create bucket.")
_IMPERATIVE = re.compile(r"^(?P<vp>(?:Consider|Avoid|Keep|Move|Gather|Store|Limit|Try|Plan|Learn|Practice|Stay|Shop|"
                         r"Research|Save|Build|Prepare|Protect|Replace|Reduce|Buy|Talk to|Ask|Make sure|Make a plan|Install|"
                         r"Turn off|Unplug|Stock|Pay off|Pay|Get|Know|Check with|Sign up|Apply|Register)"
                         rf"\b[^,;:()?!]*?){_STOP}")
_DO_NOT = re.compile(rf"^(?:Don't|Don’t|Do not|Never)\s+(?:even\s+|ever\s+)?(?P<vp>[a-z][^,;:()?!]*?){_STOP}")
_GERUND_JUDGEMENT = re.compile(r"^(?P<subj>[A-Z][a-z]+ing\b[^,;:()]{3,60}?) (?:is|can be|would be) (?:usually |generally |"
                               r"always |often |probably |really |very |not )*(?:a |an )?(?:(?:very|really|pretty) )?"
                               r"(?:bad|good|great|terrible|smart|wise|poor|risky|safe|dangerous|reasonable|mistake|"
                               r"waste|better|worse|best)\b")
# a verb phrase leaning on something the question cannot carry ("keep it", "ask them", "do this")
_LEANS = re.compile(r"\b(?:it|its|they|them|their|this|that|these|those|he|she|him|his|her|there|one|ones|such|so|same|"
                    r"above|below|here|else|other|others)\b|\bthe (?:amount|rest|difference|price|money|balance|latter|former)\b",
                    re.I)
# what a reader finds after a step ("You should now have two files: ...") is the walkthrough's state, not a recommendation
_OUTCOME = {"now", "then", "already", "eventually", "automatically", "immediately", "receive", "notice", "hear", "observe",
            "expect", "end", "also"}
_NEEDS = ("need to", "will need to", "must", "have to", "don't need to", "do not need to", "don't have to",
          "do not have to", "are required to", "are not required to")


def _my(text: str) -> str:
    """The page's reader becomes the asker: 'your account' -> 'my account', 'afford you' -> 'afford me'."""
    text = re.sub(r"\byourself\b", "myself", text)
    text = re.sub(r"\byour\b", "my", text)
    text = re.sub(r"\byou(?:'re|’re)\b", "I'm", text)
    text = re.sub(r"\byou are\b", "I am", re.sub(r"\byou were\b", "I was", text))
    # the object ("afford you protection", "for you") becomes "me"; a subject ("as many as you want") stays "I"
    text = re.sub(r"(?<=\w )you\b(?=\s*(?:[,.;:?!]|$|\s(?:to|for|a|an|the|with|from|in|on|at|and|or|if|when|some|any)\b))",
                  "me", text)
    return re.sub(r"\byou\b", "I", text)


def _verb_phrase(vp: str, after: str = "") -> str | None:
    """The asked verb phrase in the asker's voice; None when it leans on its page. `after`: the text that follows it
    in the sentence ("to list" before ", create, get and update ..." is a list cut short)."""
    vp = re.sub(r"^(?:choose|decide|want|opt|elect) to\s+", "", vp.strip())  # "choose to manage permissions"
    vp = re.sub(r"^(?:don't|don’t|do not)\s+", "", vp)  # "recommends that you don't use X" asks "Should I use X?"
    vp = re.sub(r"\s+(?:either|too|as well|also)$", "", vp)  # "Don't rule out a hybrid approach either"
    if re.search(r"\bto \w+$", vp) and re.match(r"\s*,\s*[a-z]+\b", after):
        return None
    words = vp.split()
    if not 2 <= len(words) <= 12 or _LEANS.search(vp) or any(ch in vp for ch in "\"“”`[]{}<>=/"):
        return None
    if words[-1].lower() in STOPWORDS or words[0].lower() in ("be", "do", "get", "go", "make", "take") and len(words) < 3:
        return None  # "... you should do the", "you can do so": a fragment, not a thing to ask about
    if words[0].lower() in ("not", "never", "ever", "feel", "say", "see", "think", "check", "read", "find", "wish", "want",
                            "like", "prefer", "choose", "decide"):  # "You may wish to ..." is no "Can I wish to ...?"
        return None  # "you can see ...", "you should check ...": the writer pointing, not advice about the topic
    if words[0].lower() in _OUTCOME or (words[0].lower() == "be" and words[1].lower() in ("able", "seeing", "redirected",
                                                                                          "prompted", "presented", "shown")):
        return None  # "You should now have two files", "you should be able to ...": what a step leaves, not advice
    if words[1].lower() == "the" and vague_phrase(" ".join(words[1:])):
        return None  # "consider the alternatives", "change the default value": of what?
    if re.search(r"\b(?:certain|any necessary|appropriately|accordingly|first|again|then|as needed|respectively|the required|the specified|"
                 r"the necessary|the preceding|the example)\b", vp):
        return None  # "grant the required permissions to the IAM role first": a step of a walkthrough, not advice
    return _my(vp)


def _modal_question(modal: str, vp: str, cond: str = "") -> str:
    cond = re.sub(r"^are\b", "am", re.sub(r"^were\b", "was", cond))  # "if you are a developer" -> "if I am ..."
    tail = f" if I {_my(cond)}" if cond else ""
    if modal.startswith("should"):
        return f"Should I {vp}{tail}?"
    if modal.startswith("are") and "eligible" in modal:
        return f"Am I eligible to {vp}{tail}?"
    if modal in _NEEDS:
        return f"Do I need to {vp}{tail}?"
    return f"Can I {vp}{tail}?"


def advice_question(sentence: str, *, technical: bool = False) -> tuple[str, str] | None:
    """(verb phrase, question) for a sentence that tells the reader what they should, must or can do.

    In technical documentation (`technical`) orders and obligations are a walkthrough's steps ("Save the administrator
    user credentials.", "You need to include the version ID ..."), so only what the reader can or should do is asked.
    """
    if technical and (_IMPERATIVE.match(sentence) or _DO_NOT.match(sentence) or _IT_IS.match(sentence)):
        return None
    if technical and (m := _ADVICE.match(sentence)) and re.match(r"use\s+(?:\S+\s+){0,3}\S+$", m.group("vp")) and re.match(
            r"\s*(?:\(|,|to\b|for\b|with\b|when\b|in\b)", sentence[m.end("vp"):]):
        return None  # "You can also use permissions policies (...) to manage ...": "Can I use permissions policies?" for what?
    if m := _IF_ADVICE.match(sentence):
        vp, cond = _verb_phrase(m.group("vp")), m.group("cond").strip()
        if vp and not _LEANS.search(cond) and len(cond.split()) <= 10:
            return vp, _modal_question(m.group("modal"), vp, cond)
        return None
    if m := _ADVICE.match(sentence):
        vp = _verb_phrase(m.group("vp"), sentence[m.end("vp"):])
        if technical and m.group("modal") in _NEEDS:
            return None
        return (vp, _modal_question(m.group("modal"), vp)) if vp else None
    if m := _ENCOURAGES.match(sentence):
        vp = _verb_phrase(m.group("vp"), sentence[m.end("vp"):])
        return (vp, f"Should I {vp}?") if vp else None
    if m := _DO_NOT.match(sentence):  # "Don't waste money on a third party warranty." -> "Should I waste money ...?"
        vp = _verb_phrase(m.group("vp"))
        return (vp, f"Should I {vp}?") if vp and len(vp.split()) >= 3 else None
    if (m := _IMPERATIVE.match(sentence)) and "**" not in sentence:
        vp = _verb_phrase(m.group("vp")[0].lower() + m.group("vp")[1:])
        return (vp, f"Should I {vp}?") if vp and len(vp.split()) >= 3 else None
    if m := _IT_IS.match(sentence):
        vp = _verb_phrase(m.group("vp"))
        if not vp:
            return None
        if m.group("judgement") in ("important", "essential", "necessary"):
            return vp, f"Is it important to {vp}?"
        return vp, f"Is it a good idea to {vp}?"
    if m := _GERUND_JUDGEMENT.match(sentence):
        subj = m.group("subj").strip()
        if _LEANS.search(subj) or len(subj.split()) > 10:
            return None
        subj = _my(subj[0].lower() + subj[1:])
        return subj, f"Is {subj} a good idea?"
    return None


def advice_seeds(passage: Passage, *, technical: bool = False) -> list[Seed]:
    out: list[Seed] = []
    for i, s in enumerate(passage.sentences):
        text = s.text
        quotable = _usable(text) or (text.startswith(("It is", "It's", "It’s")) and _usable("X" + text[2:]))
        if not quotable or text.endswith(":"):
            continue
        if found := advice_question(text, technical=technical):
            term, question = found
            # what follows goes on with the advice: it shares a word with it ("Tips on managing money ..." does not)
            own = _content(text)
            answer = (i, *(j for j in _following(passage.sentences, i, 2)[1:]
                           if not passage.sentences[j].text.endswith(":") and own & _content(passage.sentences[j].text)))
            if len(answer) > 1 and answer[1] != i + 1:
                answer = (i,)
            # a lone sentence in a manual must tell more than the question asked ("Can I specify any necessary httpd
            # command line arguments?" answered "You can also specify any necessary httpd command line arguments."
            # says nothing; the builder checks the whole response of every turn the same way)
            told = set().union(*(_content(passage.sentences[j].text) for j in answer)) - _content(question)
            if technical and len(told - _YES_NO_WORDS) < 3:
                continue
            out.append(Seed(passage.chunk.chunk_id, "advice", term, answer, question))
    return out


_YES_NO_WORDS = {"you", "can", "should", "not", "cannot", "also", "may", "must", "need", "yes", "no", "will", "don", "doesn"}


def _content(text: str) -> set[str]:
    return {w.lower().rstrip("s") for w in re.findall(r"[A-Za-z][\w\-]{2,}", text) if w.lower() not in STOPWORDS}


# a noun phrase: two or three content words after a word that opens one ("a", "the", "of", "your" ...)
_OPENS_NP = {"a", "an", "the", "of", "for", "in", "on", "with", "your", "my", "their", "about", "any", "some", "no", "own",
             "from", "into", "by", "our", "his", "her"}
_NOT_NOUN = STOPWORDS | {
    "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "do", "does", "did", "can", "will", "would",
    "should", "could", "may", "might", "must", "get", "got", "make", "made", "take", "use", "used", "need", "want", "keep",
    "pay", "put", "go", "see", "know", "think", "find", "give", "look", "new", "good", "bad", "best", "better", "great",
    "many", "much", "more", "most", "less", "few", "other", "same", "such", "own", "very", "really", "just", "also", "even",
    "only", "still", "well", "way", "lot", "lots", "thing", "things", "something", "anything", "everything", "time",
    "times", "year", "years", "day", "days", "part", "kind", "sort", "number", "amount", "end", "case", "cases", "point",
    "first", "second", "last", "next", "able", "sure", "free", "small", "large", "big", "little", "long", "high", "low",
    "several", "certain", "different", "various", "example", "following", "possible", "likely", "whole", "entire",
    "underneath", "beneath", "inside", "nearby", "overall", "together", "alone", "ahead", "away", "back", "instead"}
_TOKEN = re.compile(r"[A-Za-z][\w\-’']*(?:\.\w+)*|[^\w\s]")  # 'mime.types' is one word, not 'mime' and a stop
_NOT_FIRST = re.compile(r"^(?:\w+est|current|leading|starting|available|cool|main|major|various|total|full|two|three|four|"
                        r"five|six|seven|eight|nine|ten|hundred|thousand|million|billion|dozen)$")
_ADJECTIVE_END = re.compile(r"(?:ary|ive|ous|ful|ble|ic|al|less|ish|everyday|clean|include|includes)$")


_VAGUE = {"wide", "broad", "narrow", "defined", "engaging", "easy-to-use", "simple", "typical", "common", "general",
          "specific", "particular", "real", "actual", "whole", "single", "additional", "extra", "similar"}
_DETERMINER = {"the", "a", "an", "its", "their", "your", "this", "that", "these", "those", "specific", "all", "each",
               "some", "any", "every", "both", "no"}


def _ends_phrase(token: str | None, last: str) -> bool:
    """What follows a noun phrase: punctuation, the end, or a function word ('the safe room is', 'a safe room in');
    not a determiner after a word in -s ('the client generates the signature': 'generates' is the verb)."""
    if token is not None and token.lower() in _DETERMINER and last.endswith("s"):
        return False
    return token is None or not token[0].isalnum() or token.lower() in STOPWORDS or token.lower() in _NOT_NOUN


def noun_phrases(text: str) -> list[tuple[str, str]]:
    """(opening word, phrase) for each lower-case noun phrase of 2-3 content words the text writes after an opener
    and before a function word or punctuation (so 'the groundwater resource clean' is no phrase)."""
    tokens = _TOKEN.findall(text)
    out: list[tuple[str, str]] = []
    for i in range(1, len(tokens)):
        if tokens[i - 1].lower() not in _OPENS_NP or _NOT_FIRST.match(tokens[i]):
            continue
        words: list[str] = []
        for w in tokens[i : i + 3]:
            if not re.fullmatch(r"[a-z][a-z\-]+", w) or w in _NOT_NOUN or w.endswith(("ly", "'s", "’s")):
                break
            words.append(w)
        while len(words) >= 2 and not _ends_phrase(tokens[i + len(words)] if i + len(words) < len(tokens) else None,
                                                   words[-1]):
            words.pop()
        if len(words) >= 2 and not _ADJECTIVE_END.search(words[-1]) and not words[-1].endswith(("ing", "ed")):
            out.append((tokens[i - 1].lower(), " ".join(words)))
    return out


_LEADING = re.compile(r"^(?P<phrase>[A-Z][a-z\-]+(?:\s+[a-z][a-z\-]+){1,2})\s+(?:is|are|was|were|has|have|can|could|will|"
                      r"would|may|might|must|should|does|do|did)\b")


def leading_phrases(passage: Passage) -> list[str]:
    """Noun phrases of two or three words that open a quotable sentence as its subject ("Zero percent interest may
    sound great ...", "Gift tax is indeed at 35%"), lower-cased; none of their words a function word or a verb."""
    out: list[str] = []
    for s in passage.sentences:
        m = _LEADING.match(s.text)
        if not m or not _usable(s.text):
            continue
        words = m.group("phrase").lower().split()
        if (any(w in _NOT_NOUN for w in words) or _NOT_FIRST.match(words[0]) or _ADJECTIVE_END.search(words[-1])
                or words[-1].endswith(("ing", "ed", "ly")) or words[0].endswith(("ing", "ly"))):
            continue
        out.append(" ".join(words))
    return out


def phrase_counts(passages: list[Passage]) -> Counter[str]:
    """In how many passages each noun phrase occurs: a phrase written once in one passage is rarely a topic."""
    counts: Counter[str] = Counter()
    for p in passages:
        counts.update({phrase for _, phrase in noun_phrases(p.chunk.text)})
    return counts


def _anaphoric(phrase: str, sentence: str) -> bool:
    """'A side effect is that ...', 'The reason is that ...': the phrase stands for something said before."""
    return re.match(rf"(?:(?:the|a|an|your|my)\s+)?{re.escape(phrase)}\s+(?:is|was|are|were)\s+(?:that|because|why)\b",
                    sentence, re.I) is not None


def _describes(phrase: str, answer: list[str]) -> bool:
    """In documentation a topic is worth a turn when its answer says what the thing is or does at some length: a
    definition ('A safe room is a room ...') or two sentences naming it; one sentence using it in passing is not."""
    if len(answer) >= 2:
        return True
    return re.match(rf"(?:(?:the|a|an|your|my)\s+)?{re.escape(phrase)}\s+(?:is|are)\s+(?:a|an|the|one|used|any)\b",
                    answer[0], re.I) is not None


def topic_seeds(passage: Passage, counts: Counter[str], limit: int = 3, *, technical: bool = False) -> list[Seed]:
    """Noun phrases the passage is about: repeated in it or elsewhere in the corpus, and the subject (within the
    first ten words) of a quotable sentence; answered by up to three sentences naming it."""
    found: dict[str, str] = {}
    within = Counter(phrase for _, phrase in noun_phrases(passage.chunk.text))
    for opener, phrase in noun_phrases(passage.chunk.text):
        if phrase not in found and (within[phrase] >= 2 or counts[phrase] >= 2):
            found[phrase] = opener
    lowered = passage.chunk.text.lower()
    for phrase in leading_phrases(passage):  # "Gift tax is indeed at 35%": a forum answer opens on what it is about
        if phrase not in found and (counts[phrase] >= 1 or lowered.count(phrase) >= 2):
            found[phrase] = ""
    named = {s.term.lower().removeprefix("the ") for s in passage.seeds}
    story = unwrapped(passage.chunk.text) != passage.chunk.text  # hard-wrapped: newswire
    out: list[Seed] = []
    for phrase, opener in found.items():
        if phrase in named:
            continue
        pattern = re.compile(rf"\b{re.escape(phrase)}\b", 0 if opener else re.I)  # a leading phrase is capitalised
        answer = tuple(i for i, s in enumerate(passage.sentences)
                       if pattern.search(s.text) and _usable(s.text) and not s.text.endswith(":"))[:3]
        # the answer opens on the phrase as its subject ("A safe room, as defined by FEMA, is ..."), not on a
        # sentence mentioning it in passing ("Turn off the gas at the outside main valve ...")
        # ... followed by its verb ("The home screen displays ..."), not by "then" ("The object version is then
        # protected ...": a step of something told before)
        # a forum answer (no title, no headings) rarely opens a sentence on its topic: there a phrase other answers use
        # too ("personal checks", "gift tax") is what the thread is about, answered by the sentences naming it
        # ... a kind of thing ("a debit card", "of direct deposit"), not one the writer points at ("the accounts",
        # "your mobile app")
        thread = (not (passage.chunk.title or "").strip() and counts[phrase] >= 2 and bool(answer)
                  # written as a sentence, naming the phrase itself ("a bank account", not "a Swiss bank account")
                  and passage.sentences[answer[0]].text[:1].isupper()
                  and re.search(rf"\b{opener} {re.escape(phrase)}\b", passage.sentences[answer[0]].text, re.I) is not None
                  and opener not in ("the", "your", "my", "their", "our", "his", "her", "own", "its")
                  and (not re.search(r"(?:s|ed|ing)$", phrase.split()[-1]) or phrase.endswith(("ss", "us")))
                  and phrase.split()[0] not in _VAGUE and not phrase.split()[0].endswith("ing"))
        if not thread and (not answer or not re.match(rf"(?:(?:the|a|an|your|my)\s+)?{re.escape(phrase)}(?:\s*,[^,]+,)?\s+(?:is|are|was|were|"
                                      rf"has|have|had|can|could|will|would|may|might|must|should|does|do|did|[a-z]+s)\b"
                                      rf"(?!\s+(?:then|also|still|now|again)\b)", passage.sentences[answer[0]].text, re.I)):
            continue
        if not thread and answer and _anaphoric(phrase, passage.sentences[answer[0]].text):
            continue  # "A side effect is that old log files ...": the side effect of what the page said before
        if vague_phrase(f"{opener} {phrase}" if opener in ("a", "an", "the") else f"the {phrase}") or cut_phrase(phrase):
            continue  # "the specified location", "a side effect": the page's own, which a question cannot name
        if technical and answer and not _describes(phrase, [passage.sentences[i].text for i in answer]):
            continue  # "A regular expression may be used to specify a set of request headers.": a mention in passing
        article = {"a": "a", "an": "an", "the": "the", "your": "my", "my": "my"}.get(opener, "")
        if article == "the" and story:
            continue  # in a news story "the payment date" is this bond's: another story's is another thing
        plural = phrase.endswith("s") and not phrase.endswith(("ss", "us", "is"))
        if article in ("a", "an"):
            article = "" if plural else "an" if phrase[0] in "aeiou" else "a"  # "a savings accounts" is the writer's slip
        # the term a later turn refers to ("the lunar distance"; "savings accounts"): what unanswerable turns ask about
        term = phrase if plural or not article else f"the {phrase}"
        out.append(Seed(passage.chunk.chunk_id, "topic", term, answer, f"{article} {phrase}".strip()))
    out.sort(key=lambda s: (-len(s.answer), -within[s.term]))
    return out[:limit]
