"""Heuristic wording of user turns: a question and its standalone rewrite from a seed, in mtRAG's question types.

Each function returns (user text, standalone rewrite). The user text may lean on the
history (a pronoun for the term of the previous turn, "What about X?" ellipsis); the
rewrite never does.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from benchsmith.generators.conversations.passages import Seed, howto_from_title
from benchsmith.generators.conversations.verify import classify_question

# Which question types a seed kind can be asked as.
KIND_TYPES = {
    "definition": ("Factoid", "Explanation", "Keyword", "Non-Question"),
    "capability": ("Factoid", "Explanation", "Non-Question"),
    "procedure": ("How-To", "Non-Question"),
    "recommendation": ("Opinion",),
    "overview": ("Summarization", "Keyword", "How-To", "Non-Question"),
    "fact": ("Factoid",),
    "entity": ("Summarization", "Keyword", "Non-Question"),
    "more": ("Summarization",),  # an entity asked about before, from a passage not used yet
    # a question the page itself asks and answers (FAQ pages, forum posts), asked as written: its type is read from it
    "faq": ("Factoid", "Explanation", "Opinion", "How-To", "Comparative", "Keyword", "Summarization"),
    # advice and judgements in prose (prose.advice_question): "Should I ...?", "Can I ...?", "Is ... a good idea?"
    "advice": ("Opinion", "Factoid"),
    "topic": ("Summarization", "Keyword", "Non-Question"),  # a noun phrase a passage is about (prose.topic_seeds)
}


@dataclass(frozen=True)
class Wording:
    user: str
    rewrite: str
    types: tuple[str, ...]
    standalone: bool


def _lower_article(term: str) -> str:
    """'An ACL' -> 'an ACL', 'The Minnesota Vikings' -> 'the Minnesota Vikings' (the term goes mid-sentence)."""
    first, _, rest = term.partition(" ")
    return f"{first.lower()} {rest}" if rest and first in ("The", "A", "An") else term


def _plural(term: str) -> bool:
    words = term.split()
    if len(words) > 1 and words[0] not in ("the", "The") and words[0][:1].isupper() and all(
            w[:1].isupper() or w[:1].isdigit() or w in ("on", "for", "of", "and", "in") for w in words):
        return False  # a name: 'Amazon S3 Storage Lens', 'AWS Organizations' (but 'the Minnesota Vikings')
    last = term.split(" of ")[0].split()[-1]  # "the set of permissions" agrees with "set"
    return last.endswith("s") and not last.endswith(("ss", "us", "is", "S3")) and not last.isupper()


def _be(term: str) -> str:
    return "are" if _plural(term) else "is"


def _pronoun(term: str) -> str:
    return "they" if _plural(term) else "it"


def _object_pronoun(term: str) -> str:
    return "them" if _plural(term) else "it"


def _capability_question(term: str, verb: str, subject: str) -> str:
    does = "do" if subject == "they" or (subject != "it" and _plural(term)) else "does"  # "What do they provide?"
    if verb in ("allows", "lets", "enables"):
        return f"What {does} {subject} let you do?"
    if verb == "provides":
        return f"What {does} {subject} provide?"
    if verb == "supports":
        return f"What {does} {subject} support?"
    return f"How {does} {subject} help?"


def word(seed: Seed, qtype: str, rng: random.Random, *, pronoun: bool = False) -> Wording | None:
    """The question of `qtype` about `seed` (None when the seed cannot be asked that way).

    With `pronoun`, the term is replaced by it/they (the user leans on the previous turn).
    """
    term = _lower_article(seed.term)
    ref = _pronoun(seed.term) if pronoun else term
    obj = _object_pronoun(seed.term) if pronoun else term
    be = _be(seed.term)
    if qtype not in KIND_TYPES.get(seed.kind, ()):
        return None
    if seed.kind in ("faq", "advice"):
        question = seed.detail
        return Wording(question, question, (qtype,), standalone=True) if qtype in classify_question(question) else None
    if seed.kind == "definition" and seed.detail == "person":
        if pronoun:
            return None  # "he" or "she": the passage would have to say which
        options = {
            "Factoid": [(f"Who is {term}?", f"Who is {term}?")],
            "Explanation": [(f"Can you tell me who {term} is?", f"Who is {term}?")],
            "Keyword": [(f"{term}?", f"Who is {term}?")],
            "Non-Question": [(f"I'd like to know more about {term}.", f"Tell me about {term}.")],
        }[qtype]
    elif seed.kind == "definition":
        # the page's own verb says whether the term is one thing ("rotatelogs is a simple program"), not its last letter
        plural = seed.detail == "are" if seed.detail in ("is", "are") else _plural(seed.term)
        be = "are" if plural else "is"
        ref = ("they" if plural else "it") if pronoun else term
        obj = ("them" if plural else "it") if pronoun else term
        options = {
            "Factoid": [(f"What {be} {ref}?", f"What {be} {term}?")],
            "Explanation": [(f"Can you explain what {ref} {be}?", f"Can you explain what {term} {be}?")] + (
                [] if any(w[:1].isupper() for w in term.split()[1:]) else  # a name ("Snow at Argenteuil") means nothing
                [(f"What {'do' if plural else 'does'} {ref} mean?", f"What {'do' if plural else 'does'} {term} mean?")]),
            "Keyword": [(f"{term}?", f"What {be} {term}?")],
            "Non-Question": [(f"I'd like to understand {obj} better.", f"Explain what {term} {be}.")],
        }[qtype]
    elif seed.kind == "capability":
        subject = ref if pronoun else term
        verb = seed.detail
        if qtype == "Explanation" and verb in ("supports", "provides"):
            return None  # "How does X help me?" is not what "X supports Y" answers
        options = {
            "Factoid": [(_capability_question(term, verb, subject), _capability_question(term, verb, term))],
            "Explanation": [(f"Why would I use {obj}?", f"Why would I use {term}?"),
                            (f"How {'do' if _plural(seed.term) else 'does'} {ref} help me?",
                             f"How {'do' if _plural(seed.term) else 'does'} {term} help me?")],
            "Non-Question": [(f"Tell me what {ref} can do for me.", f"Tell me what {term} can do for me.")],
        }[qtype]
    elif seed.kind == "procedure":
        goal = re.sub(r"\byou are\b", "I am", seed.term)  # "To check if you are using suexec" -> "if I am using"
        goal = re.sub(r"\byou\b", "I", re.sub(r"(?<=\w )you\b(?=\s*$)", "me", goal))
        options = {
            "How-To": [(f"How do I {goal}?", f"How do I {goal}?"), (f"How can I {goal}?", f"How can I {goal}?"),
                       (f"What are the steps to {goal}?", f"What are the steps to {goal}?")],
            "Non-Question": [(f"I need to {goal}.", f"I need to {goal}. How do I do that?")],
        }[qtype]
    elif seed.kind == "recommendation" and "best practice" in seed.term.lower():
        options = [(f"What are the {seed.term[0].lower() + seed.term[1:]}?", f"What are the {seed.term[0].lower() + seed.term[1:]}?")]
    elif seed.kind == "recommendation":
        topic = _as_topic(seed.term)
        options = [(f"What do you recommend when it comes to {topic}?", f"What do you recommend when it comes to {topic}?"),
                   (f"Is there a best practice for {topic}?", f"Is there a best practice for {topic}?")]
    elif seed.kind == "fact":  # the question the sentence's grammar gives (facts.fact_question)
        question = seed.detail
        asked = question.replace(seed.term, ref, 1) if pronoun and seed.term in question else question
        options = [(asked, question)]
    elif seed.kind == "entity":
        options = {
            "Summarization": [(f"What can you tell me about {obj}?", f"What can you tell me about {term}?"),
                              (f"Tell me about {obj}.", f"Tell me about {term}.")],
            "Keyword": [(term, f"Tell me about {term}.")] if len(term.split()) >= 2 and not pronoun else [],
            "Non-Question": [(f"I'd like to know more about {obj}.", f"Tell me about {term}.")],
        }[qtype]
    elif seed.kind == "topic":  # the phrase as the passage writes it, article included ("a safe room")
        phrase = seed.detail or term
        options = {
            "Summarization": [(f"What should I know about {phrase}?", f"What should I know about {phrase}?"),
                              (f"What can you tell me about {phrase}?", f"What can you tell me about {phrase}?")],
            "Keyword": [(seed.term.removeprefix("the "), f"What should I know about {phrase}?")],
            "Non-Question": [(f"I'd like to know more about {phrase}.", f"What should I know about {phrase}?")],
        }[qtype]
    elif seed.kind == "more":
        if seed.detail == "1":  # the second time in a conversation: another wording, so the two do not read alike
            user, rewrite = f"Is there anything else about {obj} I should know?", f"Is there anything else about {term} I should know?"
        else:
            user, rewrite = f"What else can you tell me about {obj}?", f"What else can you tell me about {term}?"
        return Wording(user, rewrite, ("Summarization",), standalone=False)
    else:  # overview: the passage title
        title = seed.term
        low = _as_topic(title)
        howto = howto_from_title(title)
        options = {
            "Summarization": [(f"Can you give me an overview of {low}?", f"Can you give me an overview of {low}?"),
                              (f"Summarize what I should know about {low}.", f"Summarize what I should know about {low}.")],
            "Keyword": [(f"{low}" if len(title.split()) <= 5 else "", f"Give me an overview of {low}.")],
            "How-To": [(f"How do I {howto}?", f"How do I {howto}?")] if howto else [],
            "Non-Question": [(f"I want to learn about {low}.", f"Give me an overview of {low}.")],
        }[qtype]
        options = [o for o in options if o[0]]
    if not options:
        return None
    user, rewrite = rng.choice(options)
    user, rewrite = " ".join(_users_voice(user).split()), " ".join(_users_voice(rewrite).split())
    if not re.match(r"[a-z][\w]*[_./\-\d]", user):  # "mod_socache_dbm?" is written as the code writes it
        user = user[0].upper() + user[1:]
    rewrite = rewrite[0].upper() + rewrite[1:]
    return Wording(user, rewrite, (qtype,), standalone=user == rewrite or not pronoun)


_IMPERATIVES = {"share", "use", "create", "configure", "enable", "disable", "manage", "delete", "add", "set", "get", "make",
                "protect", "monitor", "move", "copy", "upload", "download", "store", "assemble", "plan", "prepare", "build",
                "choose", "find", "keep", "stay", "apply", "change", "install", "run", "view", "restore", "replicate", "grant"}


def _as_topic(title: str) -> str:
    """'Cleaning up your example resources' -> 'cleaning up your example resources' (a task title mid-sentence);
    'Share an object with others' -> 'sharing an object with others' (so "when it comes to" reads as English)."""
    first, _, rest = title.partition(" ")
    if first.endswith("ing") and first[:1].isupper() and first[1:].islower():
        return f"{first.lower()} {rest}".strip()
    if first.lower() in _IMPERATIVES and rest and rest.split()[0].lower() in {"a", "an", "the", "your", "my", "objects", "data", "up"} | {
            w for w in rest.split()[:1] if w[:1].islower()}:
        verb = first.lower()
        verb = verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb + verb[-1] if verb in {"set", "get", "run", "plan", "stop"} else verb
        return f"{verb}ing {rest}"
    return title


def _users_voice(text: str) -> str:
    """A page's 'your bucket' is the user's own in their question: 'How do I configure my bucket?'."""
    return re.sub(r"\byourself\b", "myself", re.sub(r"\byour\b", "my", re.sub(r"\bYour\b", "My", text)))


def clarification(term: str, rng: random.Random) -> Wording:
    """A question about a term the agent just used."""
    term = _lower_article(term)
    be = _be(term)
    options = [(f"What do you mean by {term}?", "Explanation"), (f"Wait, what {be} {term}?", "Factoid")]
    if len(term.split()) >= 2:  # a bare one-word echo ("Identity?") reads as noise
        options.append((f"{term}?", "Keyword"))
    user, qtype = rng.choice(options)
    return Wording(user[0].upper() + user[1:], f"What {be} {term}?", (qtype,), standalone=True)


def clarify_name(term: str, rng: random.Random) -> Wording:
    """A name the agent just used, asked about: 'You mentioned the Chicago Cardinals. Tell me more about them.'"""
    # the name again, not a pronoun: "it" for Monet reads as a slip, and a name says nothing of which one fits
    user = rng.choice([f"You mentioned {term}. Can you tell me more?", f"Tell me more about {term}."])
    return Wording(user, f"Tell me more about {term}.", ("Summarization",), standalone=user.startswith("Tell"))


def after_miss(wording: Wording) -> Wording:
    """The user narrows or re-asks after the agent could not answer ('Okay, then what is ...?'), as mtRAG labels
    Clarification."""
    user = wording.user
    return replace(wording, user=f"Okay, then {user[0].lower()}{user[1:]}" if user[1:2].islower() else f"Okay. {user}")


def ellipsis(previous_term: str, seed: Seed) -> Wording | None:
    """'What about X?' after 'What is Y?': the question is carried over from the previous turn."""
    if seed.kind != "definition":
        return None
    term = _lower_article(seed.term)
    return Wording(f"What about {term}?", f"What {_be(seed.term)} {term}?", ("Factoid",), standalone=False)


def comparative(a: Seed, b: Seed, *, pronoun: bool) -> Wording:
    ta, tb = _lower_article(a.term), _lower_article(b.term)
    rewrite = f"What is the difference between {ta} and {tb}?"
    user = f"How {'are' if _plural(a.term) else 'is'} {_pronoun(a.term)} different from {tb}?" if pronoun else rewrite
    return Wording(user, rewrite, ("Comparative",), standalone=not pronoun)


def composite(first: Wording, second: Wording) -> Wording:
    """Two questions in one turn: 'What is X, and how do I Y?'."""
    def join(a: str, b: str) -> str:
        return f"{a.rstrip('?.')}, and {b[0].lower()}{b[1:]}"

    return Wording(join(first.user, second.user), join(first.rewrite, second.rewrite), ("Composite",),
                   standalone=first.standalone and second.standalone)


CONVERSATIONAL = (
    ("Thanks, that helps.", "You're welcome! Let me know if there is anything else you would like to know."),
    ("Okay, good to know.", "Glad that helps. Feel free to ask if you have more questions."),
    ("Great, thank you!", "You're welcome! Is there anything else I can help you with?"),
    ("Interesting.", "It is! Let me know if you would like more detail on any part of it."),
)
