"""Composed (HotpotQA-style) questions: profiles, title-matched bridges, hop necessity, balanced comparisons."""

from __future__ import annotations

import random
import re
from collections import Counter

from _multihop_item import validator_item

from benchsmith.generators.multihop.compose.drafts import Composer
from benchsmith.generators.multihop.compose.hops import single_document
from benchsmith.generators.multihop.compose.inverse import inference_candidates
from benchsmith.generators.multihop.compose.links import find_links, read_profiles
from benchsmith.generators.multihop.compose.profiles import read_profile
from benchsmith.generators.multihop.compose.questions import comparison_candidates
from benchsmith.generators.multihop.models import Draft
from benchsmith.types import Chunk, Document, Span
from benchsmith.validators.difficulty import longest_copied_span
from benchsmith.validators.multihop import ComparisonConsistency

TEXTS = {
    "f1": ("Gaby Days (film)", "Gaby Days is a 1987 Italian drama film directed by Luis Mandora. It was shot in Mexico."),
    "p1": ("Luis Mandora", "Luis Mandora (born August 17, 1954 in Mexico City) is a Mexican film director. He lives in Spain."),
    "f2": ("River Song", "River Song is a 1962 Italian comedy film directed by Carla Benni."),
    "p2": ("Carla Benni", "Carla Benni (3 May 1920 – 9 June 1999) was an Italian film director. She made many films."),
    "f3": ("Night Train", "Night Train is a 1975 Italian thriller film directed by Carla Benni."),
    "s1": ("Sam", "Sam is a 2001 drama film directed by Europe."),
}


def _docs() -> tuple[dict[str, Document], dict[str, list[Chunk]]]:
    docs = {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in TEXTS.items()}
    chunks = {k: [Chunk(chunk_id=f"{k}#0", doc_id=k, index=0, n_tokens=len(d.text.split()), text=d.text,
                         span=Span(start=0, end=len(d.text)))] for k, d in docs.items()}
    return docs, chunks


def _one_chunk_each(docs: dict[str, Document]) -> dict[str, list[Chunk]]:
    return {d: [Chunk(chunk_id=f"{d}#0", doc_id=d, index=0, n_tokens=len(x.text.split()), text=x.text,
                      span=Span(start=0, end=len(x.text)))] for d, x in docs.items()}


def test_profile_reads_kind_dates_nationality_and_creator():
    docs, _ = _docs()
    film = read_profile(docs["f1"])
    assert film.name == "Gaby Days" and film.kind == "film" and film.year.year == 1987
    assert [(r, n) for r, n, _ in film.links] == [("director", "Luis Mandora")]
    person = read_profile(docs["p2"])
    assert person.kind == "person" and person.born.text == "3 May 1920" and person.died.year == 1999
    assert person.nationality.text == "Italian" and person.gender == "f"


def test_bridges_need_a_full_name_title_match_of_the_right_type():
    docs, _ = _docs()
    links = find_links(read_profiles(list(docs.values())), docs)
    assert {(link.a.doc_id, link.b.doc_id) for link in links} == {("f1", "p1"), ("f2", "p2"), ("f3", "p2")}  # never "Europe"


def test_composed_drafts_are_short_multi_hop_and_cite_both_documents():
    docs, chunks = _docs()
    comp = Composer(docs, chunks, seed=1)
    drafts = [d for d in comp.drafts("bridge_query", 10) if isinstance(d, Draft)]
    assert drafts
    for d in drafts:
        assert d.query.startswith(("When was the director of", "When did the director of", "What nationality was the"))
        assert len({c.fact.doc_id for c in d.claims}) == 2
        assert longest_copied_span(d.query, [c.fact.text for c in d.claims]) < 8
        answer_doc = d.claims[1].fact.doc_id
        assert d.answer in docs[answer_doc].text and d.answer not in docs[d.claims[0].fact.doc_id].text
    reasons = list(comp.drafts("inference_query", 10))
    assert {"documents_already_asked", "document_used_enough"} & set(reasons)  # one question per document set
    inverse = [d for d in Composer(docs, chunks, seed=1).drafts("inference_query", 10) if isinstance(d, Draft)]
    gaby = [d for d in inverse if d.answer == "Gaby Days"]
    assert gaby and gaby[0].query in ("Which film, River Song or Gaby Days, was directed by someone born in 1954?",
                                      "Which film, River Song or Gaby Days, had a director born in 1954?")
    assert len({c.fact.doc_id for c in gaby[0].claims}) == 4  # both films, both directors
    # "Who directed both X and Y?" is answered by either article alone: never drawn.
    assert not any(d.query.startswith("Who directed both") for d in inverse)


def test_one_persons_date_is_what_one_question_turns_on():
    from benchsmith.generators.multihop.compose.questions import bridge_candidates

    pages = _film_docs({"fc": ("Tango Night", "Tango Night is a 1950 Italian film directed by Luis Mora."),
                        "pc": ("Luis Mora", "Luis Mora (3 March 1905 – 2 June 1986) was an Argentine film director.")})
    docs = {d.doc_id: d for d in pages}
    chunks = _one_chunk_each(docs)
    links = find_links(read_profiles(pages), docs)
    died = next(c for seed in range(40) for c in bridge_candidates(links, random.Random(seed))
                if c["template"] == "bridge.director.died" and c["bridge"] == "Aldo Ferri")
    choice = next(c for c in inference_candidates(links, {d: x.text for d, x in docs.items()})
                  if c["answer"] == "Fortune Hill" and c["computation"]["attribute"] == "died")
    comp = Composer(docs, chunks, seed=1, n=400)
    assert not isinstance(comp.to_draft(died), str)
    # "Which film, Fortune Hill or Tango Night, had a director who died in 1984?" turns on Ferri's death again
    assert comp.to_draft(choice) == "fact_already_asked"
    assert not isinstance(Composer(docs, chunks, seed=1, n=400).to_draft(choice), str)


def test_a_draft_one_document_answers_is_rejected():
    texts = {"a": "Gaby Days was directed by Luis Mandora, born 1954.", "b": "Luis Mandora was born in 1954."}
    assert single_document(texts, "1954", ["Gaby Days"]) == ["a"]
    assert single_document({"b": texts["b"]}, "1954", ["Gaby Days"]) == []
    assert single_document({"a": "X and Y were both born in 1900."}, "Yes", ["X", "Y"]) == ["a"]
    # an extracted credit list runs titles together: "Airport 1975" is still named there, and its director's birth
    credits = "Jack Smight (March 9, 1925 – 2003) was a director. His credits include MidwayHarperAirport 1975 Damnation Alley."
    assert single_document({"p": credits}, "March 9, 1925", ["Airport 1975"]) == ["p"]
    assert single_document({"p": credits}, "March 9, 1925", ["Alley Cat"]) == []


def test_comparisons_are_balanced_and_computed():
    docs = {}
    for i in range(30):
        docs[f"p{i}"] = Document(doc_id=f"p{i}", title=f"Anna Berg{chr(97 + i)}",
                                 text=f"Anna Berg{chr(97 + i)} (born {1900 + i}) was a Swedish painter.")  # one generation
    profiles = read_profiles(list(docs.values()))
    cands = comparison_candidates(profiles, [], {}, random.Random(4), 40)
    yes_no = [c for c in cands if "choice" not in c["computation"]]
    answers = Counter(c["answer"] for c in yes_no)
    assert 0.4 <= answers["Yes"] / len(yes_no) <= 0.6
    for c in yes_no:
        years = c["computation"]["years"]
        assert c["answer"] == ("Yes" if years[0] < years[1] else "No")
    # every third is asked as a choice between the two names; the earlier one is the answer, first or second
    choices = [c for c in cands if "choice" in c["computation"]]
    assert len(choices) == len(cands) // 3
    for c in choices:
        x, y = c["computation"]["choice"]
        years = c["computation"]["years"]
        assert c["query"] == f"Who was born first, {x} or {y}?"
        assert c["answer"] == (x if years[0] < years[1] else y)
        assert ComparisonConsistency().check(validator_item(c, docs.values()), None) == [], c["query"]
        wrong = validator_item({**c, "answer": y if c["answer"] == x else x}, docs.values())
        assert ComparisonConsistency().check(wrong, None), c["query"]
    assert {c["answer"] == c["computation"]["choice"][0] for c in choices} == {True, False}


def test_a_works_year_is_read_from_the_other_ways_a_lead_sentence_dates_it():
    from benchsmith.types import Document

    leads = {
        "Dekkersduin is the title of a painting by the Dutch landscape painter Jan Weissen that he made in 1849.": 1849,
        "Sunset at Montmajour is a landscape in oils painted by the Dutch artist Vincent Gogh on July 4, 1888.": 1888,
        "Finnmark, Winter is a painting by Norwegian artist Anna Bergman in 1966.": 1966,
        "Skaters is an oil-on-canvas landscape painting by the French artist Pierre Renoir, created during the winter "
        "of 1868.": 1868,
        "Wooded Landscape is an oil painting by Thomas Gainsborough, from 1748.": 1748,
        "Landscape with Psyche, or The Enchanted Castle, 1664, is a painting, oil on canvas, by Claude Lorrain.": 1664,
        # a span of years or an approximate one dates nothing
        "The Magpie is an oil-on-canvas landscape painting by Claude Monet, created during the winter of 1868–1869.": None,
        "Two Nudes is an oil painting created circa 1905 by the French artist Jean Metzinger.": None,
        "The Angelus is an oil painting by French painter Jean Millet, completed between 1857 and 1859.": None,
    }
    for i, (lead, year) in enumerate(leads.items()):
        title = lead.split(" is ")[0].split(",")[0]
        prof = read_profile(Document(doc_id=f"w{i}", title=title, text=lead + " It hangs in a museum."))
        assert prof is not None and prof.kind == "painting", lead
        assert (prof.year.year if prof.year else None) == year, lead


def test_films_compared_by_composer_ask_whether_they_share_one_never_whether_they_were_composed():
    from benchsmith.generators.multihop.compose.links import works_by_creator
    from benchsmith.generators.multihop.compose.naming import creator_noun

    composers = ("Aram Khachaturian", "Dmitri Shostakovich")
    docs = {f"f{i}": Document(doc_id=f"f{i}", title=f"Film Number {chr(65 + i)}",
                              text=f"Film Number {chr(65 + i)} is a {1930 + i} Soviet drama film directed by Hamo "
                                   f"Director{chr(65 + i)}, with music composed by {composers[i % 2]}.")
            for i in range(8)}
    profiles = read_profiles(list(docs.values()))
    cands = comparison_candidates(profiles, find_links(profiles, docs), works_by_creator(profiles), random.Random(1), 40)
    by_composer = [c for c in cands if c["template"] == "comparison.same_composer"]
    assert by_composer
    for c in by_composer:
        assert c["query"].startswith("Did the films ") and c["query"].endswith(" have the same composer?"), c["query"]
    assert creator_noun("author", "film") == "writer" and creator_noun("author", "novel") == "author"
    assert creator_noun("painter", "painting") == "artist"


def test_a_choice_between_two_works_names_each_once_without_repeating_the_kind():
    from benchsmith.generators.multihop.compose.choice import as_choice
    from benchsmith.generators.multihop.compose.questions import WORK_VERBS

    canal = read_profile(Document(doc_id="a", title="Chichester Canal (painting)",
                                  text="Chichester Canal is an 1828 painting by J. Turner."))
    dusk = read_profile(Document(doc_id="b", title="Evening Dusk", text="Evening Dusk is an 1850 painting by Anna Velde."))
    cand = {"type": "comparison_query", "query": "Was the painting Chichester Canal painted before Evening Dusk?",
            "answer": "Yes", "evidence": [(dusk, dusk.year), (canal, canal.year)], "anchors": [dusk.name, canal.name],
            "template": "comparison.earlier.year",
            "computation": {"op": "earlier", "attribute": "year", "values": ["1850", "1828"], "years": [1850, 1828]}}
    choice = as_choice(cand, WORK_VERBS)
    assert choice["query"] == "Which painting was painted first, Evening Dusk or Chichester Canal?"
    assert choice["answer"] == "Chichester Canal" and choice["computation"]["choice"] == ["Evening Dusk", "Chichester Canal"]
    described = {**cand, "computation": {**cand["computation"], "described": "the Anna Velde painting held by the Tate"}}
    assert as_choice(described, WORK_VERBS) is None  # a described side has no name to give back
    night = read_profile(Document(doc_id="c", title="May Night (Willard Metcalf painting)",
                                  text="May Night is a 1906 oil painting by Willard Metcalf."))
    # "Evening Dusk or the Willard Metcalf painting May Night": a qualifier on one side only points at it
    assert as_choice({**cand, "evidence": [(dusk, dusk.year), (night, night.year)]}, WORK_VERBS) is None


def test_a_persons_occupation_is_read_from_the_first_sentence():
    from benchsmith.generators.multihop.compose.profiles import occupation_of

    assert occupation_of("Eom Su-yeon (born 1 February 2001) is a South Korean ice hockey player.") == "hockey player"
    assert occupation_of("Jarred Shaw (born 1990) is an American professional basketball player for Trouville.") == \
        "basketball player"
    assert occupation_of("Gloyne (1882 – 1950) was an English pathologist who worked at the London Chest Hospital.") == \
        "pathologist"  # "who worked at" is no part of it
    assert occupation_of("Walter Collinge (1867–1947) was a British zoologist and museum curator.") == "zoologist"
    assert occupation_of("Hannah Prock (born 2 February 2000) is an Austrian luger.") == "luger"
    assert occupation_of("Grace Lee (born 2000) is an American-South Korean ice hockey player.") == "hockey player"
    assert occupation_of("Vadim Nemkov (born 1992) is a Russian professional mixed martial artist.") == "martial artist"
    assert occupation_of("Mary Tudor (1496–1533) was the daughter of Henry VII.") is None  # kin, not an occupation
    assert occupation_of("Ann Lee was a member of the Senate.") is None
    assert read_profile(Document(doc_id="f", title="Gaby Days", text="Gaby Days is a 1987 Italian drama film.")) \
        .occupation is None  # a work's kind is no occupation


def test_people_are_compared_within_one_occupation_where_their_articles_give_one():
    docs = []
    for i in range(12):
        job = ("Swedish cricketer", "Swedish zoologist", "Swedish luger")[i % 3]
        docs.append(Document(doc_id=f"p{i}", title=f"Anna Berg{chr(97 + i)}",
                             text=f"Anna Berg{chr(97 + i)} (born {1900 + 3 * i}) is a {job}."))
    docs.append(Document(doc_id="u1", title="Karl Lund", text="Karl Lund (born 1910) was known for his gardens."))
    docs.append(Document(doc_id="u2", title="Per Holm", text="Per Holm (born 1915) was known for his boats."))
    profiles = read_profiles(docs)
    job = {p.name: p.occupation for p in profiles}
    cands = comparison_candidates(profiles, [], {}, random.Random(4), 40)
    assert cands
    for c in cands:
        x, y = (p.name for p, _ in c["evidence"][:2])
        assert job[x] == job[y], (x, y)  # one occupation
        born = [p.born.year for p, _ in c["evidence"][:2]]
        assert abs(born[0] - born[1]) <= 30, (x, y)  # one generation: 1900 against 1933 is answered by the eras
    # two people whose articles give neither an occupation nor a nationality share only a decade: never paired
    assert not any({"Karl Lund", "Per Holm"} & {p.name for p, _ in c["evidence"]} for c in cands)


def test_one_creator_is_asked_about_in_one_yes_at_most():
    """Three albums of one artist give three pairs; a third "made by the same person?" follows from the other two."""
    from benchsmith.generators.multihop.compose.links import works_by_creator

    docs = [Document(doc_id=f"a{i}", title=t, text=f"{t} is a {1990 + i} album by Simon Nabov.")
            for i, t in enumerate(["Blue Sea", "Red Sky", "Green Hill", "Grey Rain", "White Snow"])]
    docs += [Document(doc_id=f"b{i}", title=t, text=f"{t} is a {1991 + i} album by Carl Orvo.")
             for i, t in enumerate(["Dark Moon", "Gold Sun"])]
    profiles = read_profiles(docs)
    asked = 0
    for seed in range(6):
        cands = comparison_candidates(profiles, [], works_by_creator(profiles), random.Random(seed), 40)
        yes = Counter(c["computation"]["values"][0] for c in cands
                      if c["template"].startswith("comparison.same") and c["answer"] == "Yes")
        assert max(yes.values(), default=0) <= 1, (seed, yes)
        asked += sum(yes.values())
    assert asked


def _cricketers(n: int) -> tuple[dict[str, Document], Composer]:
    """`n` cricketers of one generation, and a composer for them that cites a document as often as asked (only the
    person rules bind)."""
    docs = {f"p{i}": Document(doc_id=f"p{i}", title=f"Anna Berg{chr(97 + i)}",
                              text=f"Anna Berg{chr(97 + i)} (born {1900 + 3 * i}) was a Swedish cricketer. She played.")
            for i in range(n)}
    chunks = _one_chunk_each(docs)
    return docs, Composer(docs, chunks, seed=1, n=400)


def test_a_person_is_compared_twice_at_most_and_never_with_one_compared_with_the_same_third():
    from benchsmith.generators.multihop.compose.drafts import PERSON_USES

    docs, comp = _cricketers(8)
    cands = comparison_candidates(read_profiles(list(docs.values())), [], {}, random.Random(2), 60)
    assert all(len(c["people"]) == 2 for c in cands)
    outcomes = [(c["people"], comp.to_draft(c)) for c in cands]
    asked = Counter(d for people, out in outcomes if not isinstance(out, str) for d in people)
    assert asked and max(asked.values()) == PERSON_USES == 2
    assert any(out == "person_asked_enough" for _, out in outcomes)
    pairs = [set(people) for people, out in outcomes if not isinstance(out, str)]
    partners = {d: {e for p in pairs if d in p for e in p - {d}} for p in pairs for d in p}
    # "A before X" and "X before B" answer "A before B": such a pair is never asked as well
    assert not any(partners[a] & partners[b] for a, b in (sorted(p) for p in pairs))


def test_one_occupations_people_are_compared_in_a_capped_share_of_the_items():
    from benchsmith.generators.multihop.compose.drafts import TOPIC_SHARE

    docs, _ = _cricketers(12)
    chunks = _one_chunk_each(docs)
    comp = Composer(docs, chunks, seed=1, n=100)  # 100 items requested: three cricketer comparisons at most
    cands = comparison_candidates(read_profiles(list(docs.values())), [], {}, random.Random(2), 60)
    assert all(c["topics"] == [("occupation", "cricketer")] for c in cands)
    outcomes = [comp.to_draft(c) for c in cands]
    assert sum(not isinstance(o, str) for o in outcomes) == round(100 * TOPIC_SHARE) == 3
    assert "topic_asked_enough" in outcomes


def _film_docs(extra: dict[str, tuple[str, str]]) -> list[Document]:
    base = {
        "fa": ("Fortune Hill", "Fortune Hill is a 1958 Italian film directed by Aldo Ferri."),
        "pa": ("Aldo Ferri", "Aldo Ferri (24 May 1900 – 31 October 1984) was an Italian film director."),
    }
    return [Document(doc_id=k, title=t, text=x) for k, (t, x) in {**base, **extra}.items()]


def test_an_inverse_question_names_the_answer_beside_a_film_whose_director_was_born_another_year():
    docs = _film_docs({})
    # no other dated director: no decoy, and "Which 1958 film was directed by someone born in 1900?" alone has
    # many answers in the world
    assert inference_candidates(find_links(read_profiles(docs), {d.doc_id: d for d in docs}), {d.doc_id: d.text for d in docs}) == []
    more = _film_docs({
        "fb": ("Rosa at Ten", "Rosa at Ten is a 1957 Italian crime film directed by Mario Sofi."),
        "pb": ("Mario Sofi", "Mario Sofi (14 May 1900 – 10 May 1977) was an Argentine film director."),
        "fc": ("Tango Night", "Tango Night is a 1950 Italian film directed by Luis Mora."),
        "pc": ("Luis Mora", "Luis Mora (3 March 1905 – 2 June 1986) was an Argentine film director."),
    })
    cands = inference_candidates(find_links(read_profiles(more), {d.doc_id: d for d in more}), {d.doc_id: d.text for d in more})
    born = [c for c in cands if c["answer"] == "Fortune Hill" and c["computation"]["attribute"] == "born"]
    # Sofi was born in 1900 too: only Mora's film may stand beside Fortune Hill
    assert [c["computation"]["decoy"]["work"] for c in born] == ["Tango Night"]
    query = born[0]["query"]
    assert query.startswith("Which film, ") and query.endswith(", had a director born in 1900?") or query.endswith(
        ", was directed by someone born in 1900?")
    assert "Fortune Hill" in query and "Tango Night" in query and "Aldo Ferri" not in query
    assert [p.doc_id for p, _ in born[0]["evidence"]] == ["fa", "pa", "fc", "pc"]
    # the died question may take either film as its decoy, the one closest in time first
    died = [c for c in cands if c["answer"] == "Fortune Hill" and c["computation"]["attribute"] == "died"]
    assert [c["computation"]["decoy"]["work"] for c in died] == ["Rosa at Ten", "Tango Night"]
    # which option comes first follows the pair, not the answer
    firsts = {c["query"].split(", ")[1].split(" or ")[0] == c["answer"] for c in cands}
    assert firsts == {True, False}


def test_a_choice_names_its_answer_only_beside_its_decoy():
    from benchsmith.validators.multihop import AnswerLeak

    docs = _film_docs({"fc": ("Tango Night", "Tango Night is a 1950 Italian film directed by Luis Mora."),
                       "pc": ("Luis Mora", "Luis Mora (3 March 1905 – 2 June 1986) was an Argentine film director.")})
    cand = inference_candidates(find_links(read_profiles(docs), {d.doc_id: d for d in docs}), {d.doc_id: d.text for d in docs})[0]
    item = validator_item(cand, docs)
    item.query = cand["query"]
    assert AnswerLeak().check(item, None) == []
    decoy = cand["computation"]["decoy"]["work"]
    item.query = cand["query"].replace(decoy, "a film")  # the answer named alone gives itself away
    assert [i.code for i in AnswerLeak().check(item, None)] == ["answer_leak"]


def test_a_decoys_articles_count_as_uses_of_its_documents():
    from benchsmith.generators.multihop.compose.questions import bridge_candidates

    pages = _film_docs({"fd": ("Rosa at Ten", "Rosa at Ten is a 1957 Italian crime film directed by Mario Sofi."),
                        "pd": ("Mario Sofi", "Mario Sofi (14 May 1898 – 10 May 1977) was an Argentine film director.")})
    docs = {d.doc_id: d for d in pages}
    chunks = _one_chunk_each(docs)
    comp = Composer(docs, chunks, seed=1, n=20)  # each article cited by one question
    links = find_links(read_profiles(pages), docs)
    choice = next(c for c in inference_candidates(links, {d: x.text for d, x in docs.items()}) if c["answer"] == "Fortune Hill")
    assert not isinstance(comp.to_draft(choice), str)
    # Rosa at Ten stood as the decoy: a question about it names it a second time
    rosa = [c for c in bridge_candidates(links, random.Random(0)) if c["evidence"][0][0].doc_id == "fd"]
    assert comp.to_draft(rosa[0]) == "document_used_enough"


def test_a_choice_names_its_answer_first_as_often_as_second():
    extra = {}
    films = ["Blue Dawn", "Red Field", "Cold Sea", "Dry Hill", "Mutiny", "Iron Gate", "Salt Road", "Low Tide",
             "Grey Bell", "Wild Oats", "Pale Moon", "Tin Crown"]
    # each work is named in one choice at most (`option_already_named`): a dozen films for six choices
    for i, (film, who, born) in enumerate((f, f"Ada Mor{chr(97 + i)}", 1901 + 2 * i) for i, f in enumerate(films)):
        extra[f"f{i}"] = (film, f"{film} is a {1950 + i} Italian film directed by {who}.")
        extra[f"p{i}"] = (who, f"{who} ({born} – {born + 70}) was an Italian film director.")
    extra["g"] = ("Mutiny (1930 film)", "Mutiny is a 1930 Italian film directed by Aldo Ferri.")
    pages = _film_docs(extra)
    docs = {d.doc_id: d for d in pages}
    chunks = _one_chunk_each(docs)
    comp = Composer(docs, chunks, seed=1, n=400)
    cands = inference_candidates(find_links(read_profiles(pages), docs), {d: x.text for d, x in docs.items()})
    drafts = [d for d in (comp.to_draft(c) for c in cands) if not isinstance(d, str)]
    firsts = [d.computation["choice"][0] == d.answer for d in drafts]
    assert len(drafts) >= 6 and abs(2 * sum(firsts) - len(firsts)) <= 1
    # "Which film, Mutiny (1930) or Dry Hill (1953), ...": never "the 1930 film Mutiny" after "Which film,", and the
    # other option dated too (a year on one option only points at it)
    mutiny = [c["query"] for c in cands if "Mutiny (1930)" in c["query"]]
    assert mutiny and not any("1930 film" in c["query"] for c in cands)
    assert all(re.search(r", \w[\w ]* \(19\d\d\) or \w[\w ]* \(19\d\d\), ", q) for q in mutiny), mutiny[0]


def test_two_people_compared_with_one_third_are_not_compared_with_each_other():
    docs, comp = _cricketers(4)
    profiles = read_profiles(list(docs.values()))
    by_pair = {}
    for seed in range(30):
        for c in comparison_candidates(profiles, [], {}, random.Random(seed), 20):
            by_pair.setdefault(frozenset(c["people"]), c)
    assert not isinstance(comp.to_draft(by_pair[frozenset({"p0", "p1"})]), str)
    assert not isinstance(comp.to_draft(by_pair[frozenset({"p1", "p2"})]), str)
    # p0 and p2 were each compared with p1: "p0 before p1" and "p1 before p2" would answer it
    assert comp.to_draft(by_pair[frozenset({"p0", "p2"})]) == "pair_implied"
    assert not isinstance(comp.to_draft(by_pair[frozenset({"p0", "p3"})]), str)
