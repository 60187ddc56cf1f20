"""What keeps a composed benchmark from reading as one template or one entity asked again: relations taken by
turns, lives that fit the relation, works compared once per trio, and names that end a question cleanly."""

from __future__ import annotations

import random

from benchsmith.generators.multihop.compose.countries import born_where
from benchsmith.generators.multihop.compose.drafts import Composer
from benchsmith.generators.multihop.compose.links import find_links, read_profiles
from benchsmith.generators.multihop.compose.naming import work_reference
from benchsmith.generators.multihop.compose.profiles import read_profile
from benchsmith.generators.multihop.compose.questions import comparison_candidates
from benchsmith.generators.multihop.compose.variety import by_turns
from benchsmith.types import Chunk, Document, Span


def _docs(texts: dict[str, tuple[str, str]]) -> dict[str, Document]:
    return {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in texts.items()}


def _chunks(docs: dict[str, Document]) -> dict[str, list[Chunk]]:
    return {d: [Chunk(chunk_id=f"{d}#0", doc_id=d, index=0, n_tokens=len(x.text.split()), text=x.text,
                      span=Span(start=0, end=len(x.text)))] for d, x in docs.items()}


def test_candidates_are_taken_one_relation_at_a_time():
    cands = [{"template": t, "i": i} for i, t in enumerate(
        ["bridge.director.born", "bridge.director.died", "bridge.director.born", "bridge.parent.died",
         "bridge.spouse.born", "bridge.parent.born"])]
    assert [c["i"] for c in by_turns(cands)] == [0, 3, 4, 1, 5, 2]
    assert by_turns([]) == []


def test_a_namesake_of_another_era_is_no_parent_and_no_director():
    docs = _docs({
        "earl": ("James Stuart, 2nd Earl of Bute", "James Stuart, 2nd Earl of Bute (c. 1690 – 28 January 1723) was a "
                 "Scottish nobleman. He was the son of James Stuart."),
        "rugby": ("James Stuart", "James Stuart (born 24 September 1988) is an Australian rugby league footballer."),
        "lady": ("Anne Stuart Hale", "Anne Stuart Hale (1712 – 1780) was a Scottish lady. She was the daughter of "
                 "Robert Hale Moss."),
        "father": ("Robert Hale Moss", "Robert Hale Moss (1680 – 1741) was a Scottish merchant."),
        "film": ("Dawn Road", "Dawn Road is a 1931 American drama film directed by Tom Brand Lee."),
        "young": ("Tom Brand Lee", "Tom Brand Lee (born 3 May 1970) is an American film director."),
    })
    links = {(x.a.doc_id, x.b.doc_id) for x in find_links(read_profiles(list(docs.values())), docs)}
    assert ("lady", "father") in links  # born 32 years before his daughter: her father
    # a rugby player born in 1988 fathered no earl who died in 1723; a director born in 1970 made no 1931 film
    assert ("earl", "rugby") not in links and ("film", "young") not in links


def test_a_birthplace_that_is_a_country_is_asked_as_one():
    assert born_where("the director of Gaby Days", "Mexico", 1954) == "In which country was the director of Gaby Days born?"
    assert born_where("the director of Gaby Days", "Mexico City", 1954) == "Where was the director of Gaby Days born?"
    # born in "Germany" in 1830 is born in Prussia too; "England" is as right as "the United Kingdom"
    assert born_where("the artist of Valley of the Yosemite", "Germany", 1830) is None
    assert born_where("the artist of X", "Germany", None) is None and born_where("the artist of X", "England", 1950) is None


def test_a_title_ending_in_a_question_mark_is_never_named_in_a_question():
    asked = read_profile(Document(doc_id="a", title="Who's Your Brother?",
                                  text="Who's Your Brother? is a 1919 American drama film directed by John Adolfi."))
    plain = read_profile(Document(doc_id="b", title="Polly Rides", text="Polly Rides is a 1927 American comedy film."))
    assert asked.kind == "film" and work_reference(asked) is None
    assert work_reference(plain) == "the film Polly Rides"


def test_two_works_compared_with_one_third_are_not_compared_with_each_other():
    docs = _docs({f"w{i}": (f"Golden Field {chr(65 + i)}", f"Golden Field {chr(65 + i)} is an {1880 + 3 * i} painting by "
                            f"the Australian artist Tom Robb{chr(97 + i)}.") for i in range(4)})
    comp = Composer(docs, _chunks(docs), seed=1, n=400)
    profiles = read_profiles(list(docs.values()))
    by_pair = {}
    for seed in range(40):
        for c in comparison_candidates(profiles, [], {}, random.Random(seed), 20, comp.origins):
            by_pair.setdefault(frozenset(p.doc_id for p, _ in c["evidence"]), c)
    assert not isinstance(comp.to_draft(by_pair[frozenset({"w0", "w1"})]), str)
    assert not isinstance(comp.to_draft(by_pair[frozenset({"w1", "w2"})]), str)
    # three questions over three paintings read as one: w0 and w2 were each set beside w1
    assert comp.to_draft(by_pair[frozenset({"w0", "w2"})]) == "pair_implied"
    assert not isinstance(comp.to_draft(by_pair[frozenset({"w0", "w3"})]), str)


def test_a_large_corpus_cites_each_document_once_and_a_small_one_more_often():
    def composer(n_docs: int) -> Composer:
        docs = _docs({f"d{i}": (f"Page {i}", f"Page {i} is a page.") for i in range(n_docs)})
        return Composer(docs, {}, seed=1, n=40)

    assert composer(6000).doc_cap == 1  # 40 items over 6,000 articles: no article need be cited twice
    assert composer(73).doc_cap == 2  # 73 articles: once per 20 items requested


def test_a_work_is_named_as_an_option_in_one_choice_only():
    from benchsmith.generators.multihop.compose.inverse import inference_candidates

    texts = {}
    for i, film in enumerate(["Blue Dawn", "Red Field", "Cold Sea", "Dry Hill"]):
        texts[f"f{i}"] = (film, f"{film} is a {1950 + i} Italian film directed by Ada Mor{chr(97 + i)}.")
        texts[f"p{i}"] = (f"Ada Mor{chr(97 + i)}", f"Ada Mor{chr(97 + i)} ({1901 + 2 * i} – {1971 + i}) was an Italian "
                                                   "film director.")
    docs = _docs(texts)
    comp = Composer(docs, _chunks(docs), seed=1, n=400)
    cands = inference_candidates(find_links(read_profiles(list(docs.values())), docs), {d: x.text for d, x in docs.items()})
    first = next(c for c in cands if not isinstance(comp.to_draft(c), str))
    named = set(first["computation"]["choice"])
    again = [c for c in cands if set(c["computation"]["choice"]) & named and c["key"] != first["key"]]
    outcomes = [comp.to_draft(c) for c in again]
    assert "option_already_named" in outcomes and all(isinstance(o, str) for o in outcomes)


def test_a_title_two_works_of_the_corpus_share_is_dated_and_a_year_that_picks_a_work_out_is_never_hidden():
    docs = _docs({"a": ("Ek Hi Bhool", "Ek Hi Bhool is a 1981 Bollywood drama film directed by Tatineni Rao."),
                  "b": ("Ek Hi Bhool (1940 film)", "Ek Hi Bhool is a 1940 Hindi drama film directed by Vijay Bhatt.")})
    p = {x.doc_id: x for x in read_profiles(list(docs.values()))}
    assert work_reference(p["a"], "creator") == "the 1981 film Ek Hi Bhool"
    assert work_reference(p["b"], "creator") == "the 1940 film Ek Hi Bhool"
    # "Was the painting Ville-d'Avray painted before ...?": the year is the question and the only tell
    assert work_reference(p["a"], "year") is None


def test_an_article_answers_alone_for_its_title_even_where_its_text_names_its_subject_in_full():
    docs = _docs({
        "t": ("Tatiana Schlossberg", "Tatiana Celia Kennedy Schlossberg (born May 5, 1990) is an American journalist. "
              "She is the daughter of Caroline Kennedy."),
        "c": ("Caroline Kennedy", "Caroline Bouvier Kennedy (born November 27, 1957) is an American author. She was an ambassador."),
    })
    comp = Composer(docs, _chunks(docs), seed=1, n=400)
    cands = [c for c in comp.candidates("bridge_query", 10) if c["template"] == "bridge.parent.nationality"]
    assert cands and {comp.to_draft(c) for c in cands} == {"single_document_answerable"}  # "American" is in her own article


def test_a_nationality_that_another_includes_is_never_a_bridge_answer():
    from benchsmith.generators.multihop.compose.questions import bridge_candidates

    docs = _docs({"f": ("Wet Moor", "Wet Moor is a 1950 drama film directed by Alan Hale Brook."),
                  "p": ("Alan Hale Brook", "Alan Hale Brook (1901 – 1970) was an English film director.")})
    links = find_links(read_profiles(list(docs.values())), docs)
    asked = {c["template"] for seed in range(20) for c in bridge_candidates(links, random.Random(seed))}
    assert asked and "bridge.director.nationality" not in asked  # "English", or "British"?


def test_a_person_whose_lead_names_the_kind_of_their_work_is_no_work():
    gardin = read_profile(Document(doc_id="g", title="Vladimir Gardin", text="Vladimir Gardin (born Vladimir Blagonravov; "
                                   "– 28 May 1965) was a pioneering Russian film director and actor. In 1913, he turned "
                                   "to cinema and made \"Anna Karenina\" (1914)."))
    assert gardin.kind != "film" and gardin.year is None
    assert read_profile(Document(doc_id="f", title="For Happiness",
                                 text="For Happiness is a 1917 Russian drama film directed by Yevgeny Bauer.")).kind == "film"


def test_one_creators_works_are_in_a_capped_share_of_the_items():
    from benchsmith.generators.multihop.compose.drafts import CREATOR_SHARE

    texts = {f"w{i}": (f"Quiet Field {chr(65 + i)}", f"Quiet Field {chr(65 + i)} is an {1880 + i} painting by the "
                       "French artist Jules Marrot.") for i in range(8)}
    docs = _docs(texts)
    comp = Composer(docs, _chunks(docs), seed=1, n=40)
    profiles = read_profiles(list(docs.values()))
    cands = [c for seed in range(10) for c in comparison_candidates(profiles, [], {}, random.Random(seed), 20, comp.origins)]
    outcomes = [comp.to_draft(c) for c in cands]
    assert sum(not isinstance(o, str) for o in outcomes) == max(2, round(40 * CREATOR_SHARE)) == 2
    assert "creator_asked_enough" in outcomes


def test_two_people_of_one_occupation_but_two_stated_nationalities_are_no_pair():
    from benchsmith.generators.multihop.compose.questions import related

    def person(name: str, lead: str):
        return read_profile(Document(doc_id=name, title=name, text=f"{name} (born 4 May 1990) {lead} He plays."))

    aussie, nepal = person("Ryan Johns", "is an Australian cricketer."), person("Anil Sahu", "is a Nepalese cricketer.")
    other, plain = person("Evan Roberts", "is an Australian cricketer."), person("Tom Okafor", "is a cricketer.")
    assert aussie.nationality.text == "Australian" and nepal.nationality.text == "Nepalese"
    assert not related(aussie, nepal, {}) and related(aussie, other, {})
    assert related(nepal, plain, {})  # one nationality unstated: the occupation pairs them


def test_a_two_word_nationality_is_read_and_a_creed_is_not():
    def lead(text: str):
        return read_profile(Document(doc_id="x", title=text.split(" (")[0], text=text))

    assert lead("Ryan John (born 4 May 1990) is a West Indian cricketer.").nationality.text == "West Indian"
    assert lead("Jo Dias (born 1990) is a Cape Verdean singer.").nationality.text == "Cape Verdean"
    assert lead("Al Bonn (born 1950) was a Roman Catholic priest.").nationality is None
