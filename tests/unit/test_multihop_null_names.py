"""Null-query names from the corpus's own parts: never two one-off parts, never a stage name as a bridge."""

from __future__ import annotations

import random

from benchsmith.generators.multihop.compose.null import build_corpus_null
from benchsmith.generators.multihop.models import BridgeGroup
from benchsmith.generators.multihop.queries._phrasing import weak_bridge


class _NoPhrases:
    def phrase_occurs(self, phrase: str) -> bool:
        return False


# Ten ordinary first names and surnames, each shared by two people, and two one-off historical names.
FIRSTS = "Anna Bruno Carla Dario Elena Fabio Greta Hugo Irene Jonas".split()
LASTS = "Adler Brandt Castro Duval Engel Fischer Gallo Hahn Ivers Jansen".split()
SHARED = [f"{f} {s}" for f, s in zip(FIRSTS, LASTS, strict=True)] + [f"{f} {s}" for f, s in zip(FIRSTS, LASTS[1:] + LASTS[:1], strict=True)]


def test_two_one_off_parts_are_never_paired_where_the_corpus_has_ordinary_ones():
    names = [*SHARED, "Olaus Petri", "Albertus Magnus"]
    invented = set()
    for seed in range(400):
        d = build_corpus_null(names, [], [], _NoPhrases(), random.Random(seed))
        if not isinstance(d, str):
            first, last = d.computation["from_parts"]
            assert first in FIRSTS or last in LASTS, d.query
            invented.add((first, last))
    assert any(f == "Olaus" or s == "Magnus" for f, s in invented)  # a one-off part may pair with an ordinary one
    assert ("Olaus", "Magnus") not in invented


def test_a_corpus_of_unique_names_still_gets_null_names():
    names = [f"{f} {s}" for f, s in zip(FIRSTS, LASTS, strict=True)]  # every part held by one name
    drafts = [build_corpus_null(names, [], [], _NoPhrases(), random.Random(s)) for s in range(20)]
    assert any(not isinstance(d, str) for d in drafts)


def test_a_funding_round_is_no_bridge():
    assert weak_bridge(BridgeGroup("entity", "series b", "Series B", "ENTITY", {}))
    assert not weak_bridge(BridgeGroup("entity", "lumora energy", "Lumora Energy", "ORG", {}))


def test_a_run_reuses_no_invented_name_part_but_a_manual_reuses_feature_words():
    from benchsmith.generators.multihop.compose.null_sources import invented_parts
    from benchsmith.generators.multihop.models import Draft

    def draft(template: str, parts: list[str]) -> Draft:
        return Draft(query="q?", answer="Insufficient information.", question_type="null_query", claims=(),
                     bridge_entity=None, bridge_topic=None, computation={"from_parts": parts}, template=template)

    assert invented_parts(draft("null.person.0", ["Dennis", "Magnus"])) == {"Dennis", "Magnus"}
    assert invented_parts(draft("null.thing.1", ["Amazon S3", "Object", "Lens"])) == set()


def test_null_people_are_described_as_the_corpus_describes_its_own():
    from benchsmith.generators.multihop.compose.null_roles import person_roles

    texts = [
        "Thomas Cole was an American painter of the Hudson River School.",
        "Asher Durand was an American painter and engraver.",
        "The work was bought by the art collector Henry Walters. Mary Reid is an American actress.",
        "Jane Doe was an American actress. The river Thames flows past the painter Ann Lee.",
        "It hangs in the government Lee Hall beside the painter Joe Frank.",
    ]
    people = ["Thomas Cole", "Asher Durand", "Henry Walters", "Mary Reid", "Jane Doe", "Ann Lee", "Joe Frank"]
    roles = person_roles(texts, people)
    assert roles[0] == "American painter"  # two people hold it
    assert "painter" in roles  # the appositive shape: "the painter Ann Lee", "the painter Joe Frank"
    assert "art collector" not in roles  # one person holds it: it would point at him
    assert not any("actress" in r for r in roles)  # gendered: the invented first name may not fit
    assert "government" not in roles and "river" not in roles


def test_a_newswire_asks_about_people_as_its_stories_report_them():
    roles = ["chief executive"]
    queries = set()
    for seed in range(60):
        d = build_corpus_null(SHARED, [], [], _NoPhrases(), random.Random(seed), roles=roles, news=True)
        if not isinstance(d, str):
            queries.add(d.template)
            assert not any(w in d.query for w in ("born", "die", "father", "wife", "film")), d.query
            assert d.null_entities[0] in d.query
    assert "null.news.2" in queries  # "Which organization named X its chief executive?"
    sourced = build_corpus_null(SHARED, ["Wire A", "Wire B"], [], _NoPhrases(), random.Random(1), roles=roles)
    assert isinstance(sourced, str) or sourced.template.startswith("null.sourced")
    # An encyclopedia's people keep the encyclopedia's questions, about the bare name: "When did the American
    # painter X die?" among answerable questions that never describe a person so would single out the nulls.
    bio = [build_corpus_null(SHARED, [], [], _NoPhrases(), random.Random(s), roles=["American painter", "art collector"])
           for s in range(40)]
    asked = [d for d in bio if not isinstance(d, str)]
    assert asked and not any("painter" in d.query or "collector" in d.query for d in asked)
    assert all(d.null_entities[0] in d.query for d in asked)


def test_who_taught_is_asked_only_where_the_corpus_names_teachers():
    from types import SimpleNamespace

    from benchsmith.generators.multihop.compose.null import PERSON_TEMPLATES, _relation_stated

    taught = PERSON_TEMPLATES.index("Who taught {name}?")
    school = SimpleNamespace(documents=[SimpleNamespace(text=f"Person {i} taught at the village school.") for i in range(6)])
    assert not _relation_stated(taught, school)  # a mixed collection: people taught somewhere, no one's teacher named
    pupils = SimpleNamespace(documents=[SimpleNamespace(text=f"Painter {i} was a pupil of Jan Steen.") for i in range(6)])
    assert _relation_stated(taught, pupils)


def test_a_null_asks_about_a_father_only_where_the_corpus_states_parents():
    from types import SimpleNamespace

    from benchsmith.generators.multihop.compose.null import PERSON_TEMPLATES, _relation_stated

    father = PERSON_TEMPLATES.index("When did the father of {name} die?")
    works = SimpleNamespace(documents=[SimpleNamespace(text=f"Painting {i} is by Jan Steen.") for i in range(6)])
    assert not _relation_stated(father, works)
    nobles = SimpleNamespace(documents=[SimpleNamespace(text=f"Count {i} was the son of Otto of Limburg.") for i in range(6)])
    assert _relation_stated(father, nobles)  # asked in the shape of the corpus's bridge questions


def test_an_invented_name_joins_parts_of_two_people_of_one_nationality():
    # given names two people share, as the corpus-wide rule against pairing two one-off parts asks
    italians = ["Giulio Galasso", "Giulio Neri", "Mario Bonnard", "Mario Ferri", "Rosa Galasso"]
    koreans = ["Park Jongah", "Park Jiyeon", "Kim Selin", "Kim Jingyu"]
    origins = {**dict.fromkeys(italians, "Italian"), **dict.fromkeys(koreans, "Korean"),
               **dict.fromkeys(SHARED, "German")}
    names = [*SHARED, *italians, *koreans]
    parts = {o: {w for n in ns for w in n.split()} for o, ns in
             (("Italian", italians), ("Korean", koreans), ("German", SHARED))}
    seen = set()
    for seed in range(200):
        d = build_corpus_null(names, [], [], _NoPhrases(), random.Random(seed), origins=origins)
        if isinstance(d, str):
            continue
        first, last = d.computation["from_parts"]
        origin = next(o for o, ws in parts.items() if first in ws)
        assert last in parts[origin], d.query  # never "Giulio Jongah"
        seen.add(origin)
    assert seen == {"Italian", "Korean", "German"}


# Eight people, each name part held by one of them: any first name may pair with any surname.
UNIQUE = ["Elizabeth Stevenson", "Denise Angel", "Carla Castro", "Dario Duval", "Fabio Fischer", "Greta Gallo",
          "Hugo Hahn", "Irene Ivers"]


def test_a_run_never_draws_twice_on_one_real_person():
    from benchsmith.generators.multihop.compose.null_sources import DrawnNames, invented_parts

    drafts = [build_corpus_null(UNIQUE, [], [], _NoPhrases(), random.Random(s)) for s in range(300)]
    by_name = {d.null_entities[0]: d for d in drafts if not isinstance(d, str)}
    mirror = by_name["Elizabeth Angel"], by_name["Denise Stevenson"]  # from Elizabeth Stevenson and Denise Angel
    assert not invented_parts(mirror[0]) & invented_parts(mirror[1])  # no part shared: parts alone let both in
    drawn = DrawnNames()
    assert drawn.admit(mirror[0]) and not drawn.admit(mirror[1])
    drawn = DrawnNames()
    admitted = [d for d in drafts if not isinstance(d, str) and drawn.admit(d)]
    sources = [p for d in admitted for p in d.computation["from_people"]]
    assert len(admitted) >= 2 and len(sources) == len(set(sources))


def test_an_invented_name_records_the_people_its_distinctive_parts_come_from():
    from benchsmith.generators.multihop.compose.null_sources import part_bearers, source_people

    names = [*UNIQUE, "John Adler", "John Brandt", "John Engel", "Rory Elizabeth Kennedy"]
    bearers = part_bearers(names)
    assert source_people(["John", "Angel"], bearers) == ["Denise Angel"]  # three Johns point at no one
    assert source_people(["Elizabeth", "Hahn"], bearers) == ["Elizabeth Stevenson", "Rory Elizabeth Kennedy", "Hugo Hahn"]
    drafts = [build_corpus_null(names, [], [], _NoPhrases(), random.Random(s)) for s in range(100)]
    johns = [d for d in drafts if not isinstance(d, str) and d.computation["from_parts"][0] == "John"]
    assert johns and all(len(d.computation["from_people"]) == 1 for d in johns)
    assert all(d.computation["from_people"] == [n for n in names if n.endswith(" " + d.computation["from_parts"][1])]
               for d in johns)


def test_feature_nulls_may_share_words_and_record_no_people():
    from benchsmith.generators.multihop.compose.null_sources import DrawnNames
    from benchsmith.generators.multihop.models import Draft

    def thing(name: str, parts: list[str]) -> Draft:
        return Draft(query=f"What is {name} used for?", answer="Insufficient information.", question_type="null_query",
                     claims=(), bridge_entity=None, bridge_topic=None, null_entities=(name,),
                     computation={"from_parts": parts}, template="null.thing.0")

    drawn = DrawnNames()
    assert drawn.admit(thing("S3 Object Lens", ["S3", "Object", "Lens"]))
    assert drawn.admit(thing("S3 Object Keys", ["S3", "Object", "Keys"]))
    assert not drawn.admit(thing("S3 Object Lens", ["S3", "Object", "Lens"]))  # one question per invented name
