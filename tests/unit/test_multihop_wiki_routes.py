"""Encyclopedia routes: what a work's article says about where it hangs and who made it, people told apart by their
title's description, a creator's birthplace from another work's article, one question per (work, creator) hop,
and a short set topped up with comparisons up to a ceiling."""

from __future__ import annotations

from benchsmith.generators.core.quotas import fill, quotas
from benchsmith.generators.multihop.compose.creator_life import (
    birthplace_bridge_candidates,
    life_bridge_candidates,
    life_inference_candidates,
    life_routes,
)
from benchsmith.generators.multihop.compose.drafts import Composer
from benchsmith.generators.multihop.compose.hops import single_document
from benchsmith.generators.multihop.compose.links import read_profiles
from benchsmith.generators.multihop.compose.naming import person_reference
from benchsmith.generators.multihop.compose.profiles import Profile, read_profile
from benchsmith.generators.multihop.compose.shared import PhraseIndex
from benchsmith.types import Chunk, Document, Span


def _profile(title: str, text: str) -> Profile:
    return read_profile(Document(doc_id="x", title=title, text=text))


def _docs(texts: dict) -> dict[str, Document]:
    return {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in texts.items()}


def test_a_works_collection_is_read_from_present_tense_exhibit_and_acquisition_sentences_never_a_past_show():
    crows = _profile("Crows", "Crows is an oil painting of 1822 by the German artist Karl Weide. Acquired by the "
                     "Musée du Louvre in 1975, it is much admired.")
    assert crows.home.text == "Musée du Louvre" and crows.year.year == 1822
    storm = _profile("Storm", "Storm is an 1866 landscape oil painting by Albert Brandt. The painting is exhibited at "
                     "the Brooklyn Museum, who acquired it in 1976.")
    assert storm.home.text == "Brooklyn Museum"
    salon = _profile("Road", "Road is a 1911 painting by Albert Gleizes. The work was exhibited at the Salon des "
                     "Independants Museum in 1911.")
    assert salon.home is None  # a past exhibition is not where the work hangs


def test_a_creator_is_read_after_a_medium_or_year_and_a_work_from_was_painted_by():
    avenue = _profile("Avenue", "The Avenue is a Dutch Golden Age painting of 1689 by Meindert Hobbema, now in the "
                      "National Gallery, London.")
    assert [(r, n) for r, n, _ in avenue.links] == [("painter", "Meindert Hobbema")]
    geelong = _profile("View of Geelong", "View of Geelong is an 1856 oil painting on canvas by Eugene von Guerard.")
    assert [n for _, n, _ in geelong.links] == ["Eugene von Guerard"]
    canal = _profile("Canal", "Canal is a painting by the English landscape painter, watercolourist and printmaker "
                     "J. M. W. Turner. It was painted in 1828.")
    assert [n for _, n, _ in canal.links] == ["J. M. W. Turner"] and canal.year.year == 1828
    vesuvius = _profile("Vesuvius by Moonlight", "Vesuvius by Moonlight was painted by Joseph Wright of Derby in 1774. "
                        "It shows the volcano.")
    assert (vesuvius.kind, vesuvius.year.year) == ("painting", 1774)
    assert [n for _, n, _ in vesuvius.links] == ["Joseph Wright of Derby"]
    # a circa year is no year a question may state ("Which painting from 1855 ...?" of "a c. 1855 painting")
    assert _profile("Valley Farm", "Valley Farm is a c. 1855 painting by the American artist George Inness.").year is None
    # "a painting of the valley by ..." names what it shows, not who made it
    valley = _profile("Valley", "Valley is a painting of the valley by Moonrise Lake. It is large.")
    assert valley.links == []


def test_a_person_whose_title_is_disambiguated_is_named_by_its_description_never_by_a_compared_year():
    poet = Profile("p", "John Mackay", kind="person", qualifier="poet")
    assert person_reference(poet) == "the poet John Mackay"
    player = Profile("q", "John Mackay", kind="person", qualifier="Scottish footballer, born 1990")
    assert person_reference(player) == "the Scottish footballer John Mackay"
    assert person_reference(player, "born") is None  # only the compared year tells him from other footballers
    assert person_reference(Profile("r", "Ann Lee", kind="person", qualifier="born 1950")) is None
    assert person_reference(Profile("s", "Ann Lee", kind="person", qualifier="American football")) is None
    assert person_reference(Profile("t", "Ann Lee", kind="person")) == "Ann Lee"
    # kin inside a relative clause belongs to the person the clause is about
    prince = _profile("Badi Mirza", "Badi Mirza was a prince, who was the son of military leader Bahram Mirza, who was "
                      "the youngest son of Ismail I, the founder of the dynasty.")
    assert [link for link in prince.links if link[0] == "parent"] == []
    irene = _profile("Princess Irene", "Princess Irene (13 February 1904 – 15 April 1974) was the second daughter of "
                     "Constantine I of Greece and his wife Sophie.")
    assert [(r, n) for r, n, _ in irene.links] == [("parent", "Constantine I of Greece")]
    # a birthplace is read where the lead puts it, whole or not at all, and never another person's
    for text, place in (("Jean Stelli (6 December 1894 in Lille – 2 February 1975 in Grasse) was a French director.", "Lille"),
                        ("Fred Leo (11 January 1932 – 2 December 2003) was an Italian film director born in San "
                         "Ferdinando di Puglia, Italy.", "San Ferdinando di Puglia, Italy"),
                        ("Jacques Rave (1885–1925) was a French painter; he was born in Paris, France in 1885.", "Paris, France"),
                        ("Huc Lu (1881–1961) was an artist, the son of Jules Lu and Emma Clark who was born in Ohio.", None)):
        person = _profile(text.split(" (")[0], text)
        assert (person.birthplace.text if person.birthplace else None) == place
    # a disambiguation page has no subject of its own
    assert _profile("Back from the Edge (disambiguation)", "Back from the Edge is a 2016 album by James Arthur. "
                    "Back from the Edge may also refer to:") is None


BIRTH = {
    "a": ("Canyon Light", "Canyon Light is an 1864 painting by Albert Brandt. It shows a valley at dusk."),
    "b": ("Storm over the Peaks", "Storm over the Peaks is an 1866 painting by Albert Brandt. Albert Brandt "
          "(1830–1902) was born in Solingen, Germany, and moved to America."),
    "c": ("Lake Morning", "Lake Morning is an 1864 painting by Jules Marrot. Jules Marrot was born in May 1810."),
}


def test_a_creators_birthplace_from_another_works_article_is_a_bridge_neither_article_answers_alone():
    docs = _docs(BIRTH)
    cands = birthplace_bridge_candidates(read_profiles(list(docs.values())), docs)
    assert [(c["query"], c["answer"], [p.doc_id for p, _ in c["evidence"]]) for c in cands] == [
        ("Where was the artist of Canyon Light born?", "Solingen, Germany", ["a", "b"])]  # "born in May" is no place
    gold = {d: docs[d].text for d in ("a", "b")}
    assert single_document(gold, cands[0]["answer"], cands[0]["anchors"]) == []
    # the asked work's own article names the place: one article would do
    own = _docs(dict(BIRTH, a=("Canyon Light", BIRTH["a"][1] + " Brandt loved Solingen.")))
    assert birthplace_bridge_candidates(read_profiles(list(own.values())), own) == []


LIVES = {
    "a": ("Canyon Light", "Canyon Light is an 1864 American painting by Albert Brandt. It shows a valley at dusk."),
    "b": ("Storm over the Peaks", "Storm over the Peaks is an 1866 American painting by Albert Brandt (1830–1902)."),
    "c": ("Rain on the Peaks", "Rain on the Peaks is an 1868 American painting by Albert Brandt (1830–1902)."),
    "d": ("Snow Field", "Snow Field is an 1869 American painting by Albert Brandt. It shows snow."),
    "g": ("Salt Marsh", "Salt Marsh is an 1867 American painting by Anna Velde (1822–1899)."),  # a decoy for inference
}


def _composer(docs: dict[str, Document], n: int = 40) -> Composer:
    chunks = {d: [Chunk(chunk_id=f"{d}#0", doc_id=d, text=doc.text, span=Span(start=0, end=len(doc.text)), index=0,
                        n_tokens=len(doc.text.split()))] for d, doc in docs.items()}
    return Composer(docs, chunks, seed=7, n=n)


def test_every_article_stating_a_life_is_a_route_but_a_work_creator_hop_and_a_life_are_asked_sparingly():
    docs = _docs(LIVES)
    routes = life_routes(read_profiles(list(docs.values())), docs)
    assert sorted((r.x.doc_id, r.life.source.doc_id) for r in routes) == [("a", "b"), ("a", "c"), ("d", "b"), ("d", "c")]
    comp = _composer(docs, n=200)  # documents may be cited often: only the hop and life rules bind
    drafts = [d for d in comp.drafts("bridge_query", 50) if not isinstance(d, str)]
    anchors = [next(c.fact.doc_id for c in d.claims) for d in drafts]
    assert len(anchors) == len(set(anchors)) == 2  # one question per work about its artist
    # born and died of one work's artist, through two articles, read as one question asked twice
    cands = {(c["evidence"][0][0].doc_id, c["evidence"][-1][0].doc_id, c["template"]): c
             for c in life_bridge_candidates(routes)}
    comp = _composer(docs, n=200)
    assert not isinstance(comp.to_draft(cands[("a", "b", "bridge.creator_life.born")]), str)
    assert comp.to_draft(cands[("a", "c", "bridge.creator_life.died")]) == "hop_already_asked"
    # a third question about one artist's life, through another work, is one too many
    assert not isinstance(comp.to_draft(cands[("d", "c", "bridge.creator_life.died")]), str)
    more = _docs(dict(LIVES, e=("Dust Plain", "Dust Plain is an 1871 American painting by Albert Brandt. It shows dust.")))
    profiles = read_profiles(list(more.values()))
    third = next(c for c in life_inference_candidates(life_routes(profiles, more), profiles, more)
                 if c["answer"] == "Dust Plain")
    assert comp.to_draft(third) == "life_asked_enough"
    # one year of a life is asked once: "born in 1830" again, through another work, repeats a question
    comp = _composer(docs, n=200)
    assert not isinstance(comp.to_draft(cands[("a", "b", "bridge.creator_life.born")]), str)
    profiles = read_profiles(list(docs.values()))
    inverse = {(c["answer"], c["template"]): c for c in life_inference_candidates(routes, profiles, docs)}
    assert comp.to_draft(inverse[("Snow Field", "inference.creator_life.born.choice")]) == "life_asked_enough"
    assert not isinstance(comp.to_draft(inverse[("Snow Field", "inference.creator_life.died.choice")]), str)


def test_a_short_set_tops_up_a_trusted_type_to_its_ceiling_and_no_further():
    mix = {"hop": 0.55, "cmp": 0.3, "null": 0.15}
    order = ["hop", "cmp", "null"]

    def streams():
        return {"hop": iter(range(10)), "cmp": iter(range(99)), "null": iter(range(99))}

    plain = fill(streams(), quotas(40, mix, order), mix, 40)
    assert [len(plain[t]) for t in order] == [10, 13, 7]  # share + 5 points each (floored)
    stretched = fill(streams(), quotas(40, mix, order), mix, 40, ceilings={"cmp": 0.45})
    assert [len(stretched[t]) for t in order] == [10, 18, 7]  # 45% of 40, still short of 40
    # a ceiling below share + tolerance changes nothing
    assert fill(streams(), quotas(40, mix, order), mix, 40, ceilings={"cmp": 0.2}) == plain


def test_two_works_are_compared_through_their_creators_own_articles_year_first():
    import random

    from benchsmith.generators.multihop.compose.creator_compare import creator_comparison_candidates
    from benchsmith.generators.multihop.compose.links import find_links

    docs = _docs({
        "f": ("Dark Harbour", "Dark Harbour is a 1935 American film directed by Victor Hale."),
        "g": ("Night Train South", "Night Train South is a 1940 American film directed by Edward Marr."),
        "h": ("Victor Hale", "Victor Hale (25 September 1895 – 8 May 1979) was an English film director."),
        "i": ("Edward Marr", "Edward Marr (September 4, 1908 – July 1, 1999) was an American film director."),
        "j": ("Old Mill", "Old Mill is a 1936 American film directed by Ada Sims."),
        "k": ("Ada Sims", "Ada Sims (1 March 1850 – 2 May 1920) was an English film director."),
    })
    profiles = read_profiles(list(docs.values()))
    index = PhraseIndex({d: doc.text for d, doc in docs.items()})
    cands = creator_comparison_candidates(profiles, find_links(profiles, docs), docs, random.Random(3), 10, index)
    asked = {frozenset(c["computation"]["creators"]): c for c in cands if c["template"] == "comparison.creator_born"}
    # Sims (1850) is of no generation with the others: never compared
    assert set(asked) == {frozenset({"Victor Hale", "Edward Marr"})}
    cand = asked[frozenset({"Victor Hale", "Edward Marr"})]
    hale_first = cand["computation"]["creators"][0] == "Victor Hale"
    assert cand["query"] == ("Was the director of Dark Harbour older than the director of Night Train South?" if hale_first
                             else "Was the director of Night Train South older than the director of Dark Harbour?")
    assert cand["answer"] == ("Yes" if hale_first else "No")
    assert [p.doc_id for p, _ in cand["evidence"]] == (["h", "i", "f", "g"] if hale_first else ["i", "h", "g", "f"])
    texts = {d: docs[d].text for d in "fghi"}
    assert single_document(texts, cand["answer"], cand["anchors"]) == []


def test_every_third_creator_comparison_asks_which_work_has_the_older_creator():
    import random

    from benchsmith.generators.multihop.compose.creator_compare import creator_comparison_candidates
    from benchsmith.generators.multihop.compose.links import find_links

    films, people = {}, {}
    for i in range(6):
        films[f"f{i}"] = (f"Harbour Film {chr(65 + i)}", f"Harbour Film {chr(65 + i)} is a {1930 + i} American film directed by "
                                                          f"Victor Hale{chr(97 + i)}.")
        people[f"p{i}"] = (f"Victor Hale{chr(97 + i)}", f"Victor Hale{chr(97 + i)} ({i + 1} May {1890 + 2 * i} – {i + 1} "
                                                          f"June {1960 + 3 * i}) was an English film director.")
    docs = _docs({**films, **people})
    profiles = read_profiles(list(docs.values()))
    index = PhraseIndex({d: doc.text for d, doc in docs.items()})
    cands = creator_comparison_candidates(profiles, find_links(profiles, docs), docs, random.Random(3), 12, index)
    choices = [c for c in cands if c["template"].endswith(".choice")]
    assert choices and all("as_choice" not in c for c in cands)
    for c in choices:
        a, b = c["computation"]["choice"]
        lead = "Which film has the older director" if "born" in c["template"] else "Which film has the director who died first"
        assert c["query"] in (f"{lead}, {a} or {b}?", f"{lead}, {b} or {a}?")  # the order follows the pair, not the answer
        years = c["computation"]["years"]
        assert c["answer"] == (a if years[0] < years[1] else b)
