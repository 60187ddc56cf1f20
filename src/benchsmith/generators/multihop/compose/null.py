"""Null queries built from the corpus's own name parts: a first name and a surname that each occur in the
corpus but never together, asked about in the shape the corpus's real questions take.

The name must be absent corpus-wide (`phrase_occurs`), and the null validator also rules out
fuzzy matches and names in the top retrieved chunks. A real source of the corpus is cited
when the corpus has several sources (a newswire); nothing is invented but the pairing.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

from benchsmith.generators.core.per_corpus import PerCorpus
from benchsmith.generators.multihop.compose.cli_nulls import build_command_null
from benchsmith.generators.multihop.compose.field_nulls import build_field_null
from benchsmith.generators.multihop.compose.limit_nulls import build_limit_null
from benchsmith.generators.multihop.compose.null_sources import part_bearers, source_people
from benchsmith.generators.multihop.entity_types import PERSON_TITLES
from benchsmith.generators.multihop.models import Draft
from benchsmith.generators.multihop.ner import ROLE_WORDS
from benchsmith.generators.multihop.queries.null import NULL_ANSWER

NAME_PART_MIN_NAMES = 2
_NAME_WORD = re.compile(r"^[A-Z][a-z]{2,}$")
_NOT_FIRST_NAMES = frozenset("The Van Von Der Den Saint Sir Lord Lady King Queen Prince Princess Duke Count Pope".split())
# A company's words in a name NER read as a person's ("Vendome Internationale"): no first name or surname.
_ORG_WORDS = frozenset("""International Internationale Group Holdings Holding Corp Inc Ltd Bank Trust Partners Associates
    Industries Enterprises Capital Securities Investments Financial Services Systems Technologies Resources Co Cos
    Company Corporation Fund Brothers Bros Airlines Airways Motors Petroleum Energy Communications""".split())
PERSON_TEMPLATES = (
    "When was {name} born?",
    "When did {name} die?",
    "Where was {name} born?",
    "Which {kind} was {made} by {name}?",
    "Who taught {name}?",
    "When did the father of {name} die?",
    "When was the father of {name} born?",
)  # never "Was {name} born before <a real person>?": the two are set side by side for no reason a reader has
# What a person template asks about, as the corpus writes it: a template is used only where at least
# RELATION_MIN_DOCS documents state that relation of someone ("born" in a collection of painting articles,
# a teacher rarely: "pupil of", "studied under", never a bare "taught", which a mixed collection writes of anyone who
# taught at a school). The father templates ask in the shape of the corpus's bridge questions ("When did the father
# of X die?"), so a null is not told apart by being one hop; where the corpus states parents ("son of", "daughter
# of"). No spouse template: "wife" or "husband" would guess the invented person's sex. The work template needs the
# corpus's own kind of work, checked by its caller.
PERSON_RELATIONS = (r"born", r"died|death", r"born in", None, r"pupil of|studied under|student of|taught by|apprenticed to",
                    r"son of|daughter of", r"son of|daughter of")
RELATION_MIN_DOCS = 5
ROLES_DRAWN = 12  # the corpus's most widely held descriptions of people that a null question may use
THING_TEMPLATES = (
    "What is {name} used for?",
    "When was {name} introduced?",
    "Which permissions does {name} require?",
)
# A dated collection without source names (a wire archive loaded without them) asks as a newswire does.
NEWS_TEMPLATES = (
    "Which company did {name} join?",
    "What role did {name} take on?",
    "Which organization named {name} its {role}?",
    "Which post was {name} appointed to?",
    "Whom did {name} succeed?",
)
SOURCED_TEMPLATES = (
    "According to {source}, which company did {name} join?",
    "What role did {name} take on, as reported by {source}?",
    "Which organization named {name} its {role}, according to {source}?",
    "Which post was {name} appointed to, according to {source}?",
    "Whom did {name} succeed, as reported by {source}?",
)
ROLE_TEMPLATE = 2  # the one news template that needs a description the corpus gives its people


def name_parts(names: Sequence[str], min_names: int = 1) -> tuple[list[str], list[str]]:
    """First names and surnames of two-or-three-word names, most common first (ties alphabetical), each held by
    at least `min_names` distinct names."""
    firsts: Counter[str] = Counter()
    lasts: Counter[str] = Counter()
    for n in dict.fromkeys(names):
        parts = n.split()
        if (2 <= len(parts) <= 3 and all(_NAME_WORD.match(p) for p in parts) and parts[0] not in _NOT_FIRST_NAMES
                and not set(parts) & _ORG_WORDS):
            firsts[parts[0]] += 1
            lasts[parts[-1]] += 1
    order = lambda c: [w for w, k in sorted(c.items(), key=lambda kv: (-kv[1], kv[0])) if k >= min_names]  # noqa: E731
    return order(firsts), order(lasts)


_POSTS = frozenset("""executive president chairman chairwoman treasurer director officer secretary manager controller
    counsel partner chief head""".split())
# Words written just before a person's name ("Oil Minister Hisham Nazer", "Mr Regan") or in an apposition after it
# ("Roger Birk, chairman emeritus of ..."): what makes a name a person's in the corpus's own words.
PERSON_CUES = ROLE_WORDS | PERSON_TITLES | frozenset(
    """mr mrs ms dr head leader founder owner author painter artist writer poet actor singer player lawyer banker
    investor magnate financier trustee""".split())
_CUE_BEFORE = re.compile(r"(?:\b([A-Za-z]+)\.?\s+)$")
_CUE_AFTER = re.compile(r"^(?:\s*,\s*(?:who\b|(?:the\s+|a\s+|an\s+)?(?:[\w\-]+\s+){0,3}?([a-z]+)\b)"
                        r"|\s+(?:said|says|told|added)\s+(?:he|she|his|her)\b|\s*\((?:[RDI]-))")
_SCAN_DOCS = 20  # documents read per name: enough to meet a cue, bounded for names the corpus repeats everywhere


def written_as_person(name: str, index) -> bool:
    """Whether the corpus writes `name` as a person's: a role or title just before it, an apposition or "said he"
    after it, or "Mr <surname>". A name read as a person's by NER alone ("Financiere Robur", a company; "Thre
    Wallenbergs", a family) is not, and its parts would make invented names of the wrong kind."""
    last = name.split()[-1]
    pattern = re.compile(r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in name.split()) + r"(?![\w-])")
    mr = re.compile(r"\b(?:Mr|Mrs|Ms|Dr)\.?\s+" + re.escape(last) + r"\b")
    for doc in index.documents_with_phrase(name)[:_SCAN_DOCS]:
        text = doc.text
        if mr.search(text):
            return True
        for m in pattern.finditer(text):
            before = _CUE_BEFORE.search(text[max(0, m.start() - 40) : m.start()])
            if before and before.group(1).lower() in PERSON_CUES:
                return True
            after = _CUE_AFTER.match(text[m.end() : m.end() + 80])
            if after and (after.group(1) is None or after.group(1) in PERSON_CUES):
                return True
    return False


def _news_template(rng: random.Random, roles: Sequence[str]) -> int:
    """A news template's index: any of them, the role one only where the corpus describes its people."""
    usable = [k for k in range(len(NEWS_TEMPLATES)) if k != ROLE_TEMPLATE or roles]
    return usable[rng.randrange(len(usable))]


_RELATIONS_STATED: PerCorpus[bool] = PerCorpus()


def _relation_stated(template: int, index) -> bool:
    """Whether the corpus states the relation a person template asks about (see PERSON_RELATIONS)."""
    pattern = PERSON_RELATIONS[template]
    if pattern is None or not hasattr(index, "documents"):
        return True
    found = re.compile(rf"\b(?:{pattern})\b")
    return _RELATIONS_STATED.get(index, template,
                                 lambda: sum(bool(found.search(d.text)) for d in index.documents) >= RELATION_MIN_DOCS)


def people_only(names: Sequence[str], trusted: Sequence[str], index) -> list[str]:
    """The names to take invented names' parts from: `trusted` people (those with an article of their own) and the
    other names the corpus writes as people's (`written_as_person`), none whose surname the corpus also uses for a
    family or a firm ("the Wallenbergs"). Without a searchable index the names are taken as given."""
    if not hasattr(index, "documents_with_phrase"):
        return list(names)
    trusted_set = set(trusted)
    out = []
    for n in dict.fromkeys(names):
        if n in trusted_set:
            out.append(n)
        elif len(n.split()) >= 2 and not index.phrase_occurs(f"the {n.split()[-1]}") and written_as_person(n, index):
            out.append(n)
    return out


def thing_parts(names: Sequence[str]) -> tuple[list[str], list[str]]:
    """Brand words and the feature names that follow them ("Amazon" / "Deep Archive").

    A brand word leads at least BRAND_MIN_NAMES distinct names (a word leading one or two names,
    "Availability Zones", is part of a term, not a brand); tails are what follows a brand word,
    so an invented pairing reads like a real product ("Amazon Parquet"), not like a fragment.
    """
    split = []
    for n in dict.fromkeys(names):
        parts = n.split()
        if 2 <= len(parts) <= 4 and re.match(r"^[A-Z][A-Za-z0-9]+$", parts[0]) and parts[0] not in _NOT_FIRST_NAMES \
                and all(re.match(r"^[A-Z][\w\-]+$", p) for p in parts):
            split.append((parts[0], " ".join(parts[1:])))
    lead = Counter(h for h, _ in split)
    brands = {h for h, k in lead.items() if k >= BRAND_MIN_NAMES}
    tails = Counter(t for h, t in split if h in brands and t.split()[0] not in brands)
    order = lambda c: [w for w, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))]  # noqa: E731
    return order(Counter({h: lead[h] for h in brands})), order(tails)


BRAND_MIN_NAMES = 3


BRAND_CAPITALIZED = 0.9  # a brand word is written capitalized in at least this share of its occurrences


def _case_counts(texts: Sequence[str]) -> tuple[Counter[str], Counter[str]]:
    """How often each word (lowercased) occurs, and how often it is written capitalized."""
    seen: Counter[str] = Counter()
    capitalized: Counter[str] = Counter()
    for t in texts:
        for w in re.findall(r"\b[A-Za-z][A-Za-z0-9]+\b", t):
            seen[w.lower()] += 1
            capitalized[w.lower()] += w[0].isupper()
    return seen, capitalized


def proper_words(texts: Sequence[str]) -> set[str]:
    """Words the corpus nearly always capitalizes ("Glacier", "Lens"): names, not common nouns ("Bucket", "Logs")."""
    seen, capitalized = _case_counts(texts)
    return {w for w in seen if capitalized[w] >= BRAND_CAPITALIZED * seen[w]}


def product_names(texts: Sequence[str]) -> list[str]:
    """Capitalized names of two to four words led by a brand word, a word the corpus nearly always capitalizes
    ("Amazon S3 Storage Lens", "AWS Key Management Service"), most frequent first. Code identifiers
    (camelCase words) are not names."""
    seen, capitalized = _case_counts(texts)
    word = r"[A-Z][A-Za-z0-9\-]*[A-Za-z0-9]"
    counts: Counter[str] = Counter()
    for t in texts:
        for m in re.finditer(rf"(?<![\w.:/\-])({word}(?: {word}){{1,3}})(?![\w\-])", t):
            parts = m.group(1).split()
            # A sentence's first word ("The", "For") is no part of the name that follows it.
            while parts and (parts[0] in _NOT_FIRST_NAMES or capitalized[parts[0].lower()] < BRAND_CAPITALIZED * seen[parts[0].lower()]):
                parts = parts[1:]
            if len(parts) >= 2 and not any(re.search(r"[a-z][A-Z]", p) for p in parts):
                counts[" ".join(parts)] += 1
    return [n for n, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


_NOT_FEATURE_WORDS = frozenset("Guide Reference Documentation Docs Examples Example FAQ Pricing API APIs Code SDK SDKs "
                               "Console User Developer Service Services Regions Region".split())


def compound_parts(things: Sequence[str], proper: set[str] | None = None) -> tuple[list[str], list[str], list[str]]:
    """(brands, leading feature words, closing feature words) of the corpus's product names; never a word that
    is a feature of its own or belongs to one feature only.

    A brand is a name that opens at least BRAND_MIN_NAMES longer names ("Amazon S3" opens "Amazon S3 Storage
    Lens"); the feature part is what follows it. The brand opening the most names is used. A leading
    word opens, and a closing word ends, the feature part of at least two names ("Storage Lens",
    "Storage Class"; "Bucket Keys", "Condition Keys"), so an invented pairing of one of each reads
    like the corpus's own products without being another name of one of them.
    """
    names = list(dict.fromkeys(things))
    prefixes = {" ".join(n.split()[:k]) for n in names for k in range(1, len(n.split()) - 1)}
    features: dict[str, list[list[str]]] = {}
    for brand in prefixes:
        tails = [n[len(brand) + 1 :].split() for n in names if n.startswith(brand + " ")]
        tails = [t for t in tails if len(t) >= 2]
        # "Amazon" before "S3 Storage Lens", "S3 Object Lock": the brand is "Amazon S3", one word longer.
        if tails and Counter(t[0] for t in tails).most_common(1)[0][1] * 2 <= len(tails):
            features[brand] = tails
    ranked = sorted((b for b in features if len(features[b]) >= BRAND_MIN_NAMES), key=lambda b: (-len(features[b]), b))
    if not ranked:
        return [], [], []
    splits = features[ranked[0]]
    # "GET", "REST": protocol words. With `proper`, only words the corpus always capitalizes: "Bucket Logs" or
    # "Access Endpoints" would describe a real, documented thing in common words; "Glacier Lens" names nothing.
    brand_words = set(ranked[0].split())
    # A word that is a feature of its own ("Amazon S3 Glacier", "Amazon S3 Select") evokes that feature: "S3
    # Glacier Lens" reads as a real Glacier tool, and the corpus's Glacier pages would seem to answer it.
    standalone = {n[len(ranked[0]) + 1:] for n in names if n.startswith(ranked[0] + " ") and len(n.split()) == len(ranked[0].split()) + 1}
    word = lambda w: (w not in _NOT_FEATURE_WORDS and w not in brand_words and not w.isupper()  # noqa: E731
                      and w not in standalone and (proper is None or w.lower() in proper))
    opening = Counter(p[0] for p in splits if word(p[0]))
    closing = Counter(p[-1] for p in splits if word(p[-1]))
    # A word that opens or closes one feature only is that feature's own ("Lens" of "Storage Lens"): a pairing
    # with it is read as that feature misnamed. Words shared by two features or more are the corpus's
    # vocabulary, and a new pairing of them names nothing the reader knows.
    least = 2
    order = lambda c: [w for w, k in sorted(c.items(), key=lambda kv: (-kv[1], kv[0])) if k >= least]  # noqa: E731
    return ranked[:1], order(opening), order(closing)


# Per list of names (made once per batch of null tries, with the `proper` words and people that go with it)
_PARTS: PerCorpus[tuple] = PerCorpus()
_NAME_PARTS: PerCorpus[tuple] = PerCorpus()


def build_thing_null(things: Sequence[str], index, rng: random.Random, proper: set[str] | None = None) -> Draft | str:
    """A null query about a feature whose name pairs a real brand with the opening word of one real feature and
    the closing word of another ("S3 Object Lens"), a pairing the corpus never writes.

    Never a brand with another brand's whole feature name: "Amazon Key Management Service" beside the
    corpus's "AWS Key Management Service" is another name of a documented product, so the corpus
    would answer it. The name and its feature part must each be absent corpus-wide.
    """
    heads, opening, closing = _PARTS.get(things, "parts", lambda: compound_parts(things, proper))
    # A count limit the manual states for other holders, asked of one it never gives a figure for
    # (`limit_nulls`): drawn as often as an invented feature where both exist, alone where no pairing is safe.
    unsafe = not heads or len(opening) < 2 or len(closing) < 2  # at least four pairings to draw from
    if unsafe or rng.random() < 0.5:
        # A reference manual's entries (modules, directives) give names of its own to invent from: asked first,
        # for a manual's count limits are stated of things too loosely named to prove a limit unstated
        field_null = build_field_null(index, rng)
        if isinstance(field_null, Draft) or field_null == "field_names_used":
            return field_null
        command_null = build_command_null(index, rng)  # a command-line reference's commands, likewise
        if isinstance(command_null, Draft) or command_null == "command_names_used":
            return command_null
        limit_null = build_limit_null(index, rng)
        if isinstance(limit_null, Draft) or unsafe:
            return limit_null if isinstance(limit_null, Draft) else "no_safe_null_names"
    brand = heads[0]
    first = opening[rng.randrange(min(len(opening), 40))]
    last = closing[rng.randrange(min(len(closing), 40))]
    feature = f"{first} {last}"
    if first == last or index.phrase_occurs(feature) or any(feature.lower() == t.lower() for t in things):
        return "name_occurs"
    name = f"{brand} {feature}"
    i = rng.randrange(len(THING_TEMPLATES))
    return Draft(
        query=THING_TEMPLATES[i].format(name=name), answer=NULL_ANSWER, question_type="null_query", claims=(),
        bridge_entity=None, bridge_topic=None, keywords=(name,), null_entities=(name,), null_sources=(),
        computation={"op": "null", "invented": [name], "from_parts": [brand, first, last]}, template=f"null.thing.{i}",
    )


ORIGIN_PEOPLE_MIN = 4  # people of one nationality whose name parts may make an invented name of that nationality


def origin_groups(people: Sequence[str], origins: Mapping[str, str]) -> list[tuple[list[str], list[str]]]:
    """(first names, surnames) of the people of each nationality with at least ORIGIN_PEOPLE_MIN of them, most
    people first: "Giulio" and "Galasso" are parts of two Italians' names, so "Giulio Galasso" reads as
    a real Italian's, where "Muhammad Galasso" or "Elisabetta Quang" give the invention away."""
    by_origin: dict[str, list[str]] = defaultdict(list)
    for n in people:
        if n in origins:
            by_origin[origins[n]].append(n)
    groups = [name_parts(ns) for _, ns in sorted(by_origin.items(), key=lambda kv: (-len(kv[1]), kv[0]))
              if len(ns) >= ORIGIN_PEOPLE_MIN]
    return [(f, la) for f, la in groups if len(f) >= 2 and len(la) >= 2]


def build_corpus_null(names: Sequence[str], sources: Sequence[str], real_people: Sequence[str], index,
                      rng: random.Random, things: Sequence[str] = (), work: tuple[str, str] = ("film", "directed"),
                      proper: set[str] | None = None, roles: Sequence[str] = (), news: bool = False,
                      origins: Mapping[str, str] | None = None) -> Draft | str:
    """One null query, or the reason none could be built this try. A newswire's person is asked about by the
    posts its stories name (`roles`: "Which organization named X its chief executive?"). Where the corpus gives its
    people's nationalities (`origins`: name -> demonym), an invented name joins the parts of two people of one
    nationality (`origin_groups`)."""
    def parts() -> tuple:
        people = people_only(names, real_people, index)
        return (name_parts(people), name_parts(people, min_names=NAME_PART_MIN_NAMES),
                origin_groups(people, origins or {}), part_bearers(people))

    (firsts, lasts), (shared_firsts, shared_lasts), groups, bearers = _NAME_PARTS.get(names, "people", parts)
    if len(firsts) < 8 or len(lasts) < 8:
        return build_thing_null(things, index, rng, proper)
    enough_shared = min(len(shared_firsts), len(shared_lasts)) >= 8
    distinctive = [w for w in lasts if w not in set(shared_lasts)]
    if groups:
        group_firsts, group_lasts = groups[rng.randrange(len(groups))]
        first = group_firsts[rng.randrange(len(group_firsts))]
        last = group_lasts[rng.randrange(len(group_lasts))]
    elif enough_shared and len(distinctive) >= 8:
        # An ordinary given name with a surname only one of the corpus's people bears: "Margaret Smith" pairs two
        # common parts into a name too generic to prove anything absent.
        first = shared_firsts[rng.randrange(min(len(shared_firsts), 200))]
        last = distinctive[rng.randrange(min(len(distinctive), 200))]
    else:
        first = firsts[rng.randrange(min(len(firsts), 200))]
        last = lasts[rng.randrange(min(len(lasts), 200))]
    if enough_shared and first not in shared_firsts and last not in shared_lasts:
        # Two parts each held by one name alone: "Magnus" of "Albertus Magnus" is an epithet, and pairing such
        # one-off parts ("Olaus" of "Olaus Petri") can rebuild a real person the corpus never names ("Olaus
        # Magnus"). One part at least must be an ordinary given name or surname, shared by two names, where the
        # corpus has enough of those (a corpus of invented people, each name unique, has none).
        return "one_off_name_parts"
    name = f"{first} {last}"
    if first == last or index.phrase_occurs(name) or index.phrase_occurs(f"{last}, {first}"):
        return "name_occurs"
    if any(index.phrase_occurs(f"{w} {last}") for w in ("in", "from")):
        return "surname_is_a_place"  # "Carlo Poland": the corpus writes "in Poland"
    if len(sources) >= 2 or news:
        # "Which organization named X its investor / finance minister?": an organization names its officers only.
        roles = [r for r in roles if r.split()[-1].lower() in _POSTS]
    if len(sources) >= 2:
        # A newswire's people are asked about as its stories report them (who joined, who was named what), not
        # as an encyclopedia's (birth, death, parents).
        source = sources[rng.randrange(len(sources))]
        i = _news_template(rng, roles)
        role = roles[rng.randrange(min(len(roles), ROLES_DRAWN))] if roles else ""
        query = SOURCED_TEMPLATES[i].format(name=name, source=source, role=role)
        template = f"null.sourced.{i}"
    elif news:
        i = _news_template(rng, roles)
        role = roles[rng.randrange(min(len(roles), ROLES_DRAWN))] if roles else ""
        query = NEWS_TEMPLATES[i].format(name=name, role=role)
        template = f"null.news.{i}"
    else:
        usable = [k for k in range(len(PERSON_TEMPLATES)) if _relation_stated(k, index)]
        if not usable:
            return "no_stated_relation"
        i = usable[rng.randrange(len(usable))]
        # The bare name, as the answerable questions name people: "When did the author X die?" alone among them
        # would tell a reader which questions have no answer.
        query = PERSON_TEMPLATES[i].format(name=name, kind=work[0], made=work[1])
        template = f"null.person.{i}"
    return Draft(
        query=query, answer=NULL_ANSWER, question_type="null_query", claims=(), bridge_entity=None, bridge_topic=None,
        keywords=(name,), null_entities=(name,), null_sources=(),
        computation={"op": "null", "invented": [name], "from_parts": [first, last],
                     "from_people": source_people((first, last), bearers)}, template=template,
    )
