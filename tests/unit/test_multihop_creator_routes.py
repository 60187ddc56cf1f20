"""Works named so a reader outside the corpus can tell which one, and a creator's life or nationality read from
another work's article (bridge and inference questions in a collection of unlinked articles)."""

from __future__ import annotations

from benchsmith.generators.multihop.compose.creator_life import (
    life_bridge_candidates,
    life_inference_candidates,
    life_routes,
    nationality_bridge_candidates,
)
from benchsmith.generators.multihop.compose.hops import single_document
from benchsmith.generators.multihop.compose.links import read_profiles
from benchsmith.generators.multihop.compose.naming import work_reference
from benchsmith.generators.multihop.compose.profiles import read_profile
from benchsmith.types import Document

WORKS = {
    "a": ("Canyon Light", "Canyon Light is an 1864 painting by the German-American painter Albert Brandt. "
          "It shows a valley at dusk."),
    "b": ("Storm over the Peaks", "Storm over the Peaks is an 1866 painting by the American artist Albert Brandt "
          "(1830–1902). It hangs in a private collection."),
    "c": ("Lake Morning", "Lake Morning is an 1864 painting by the German painter Jules Marrot. It shows a lake."),
    "d": ("Harbour (Velde)", "Harbour is an 1870 painting by the American artist Anna Velde. It shows boats."),
}


def _docs(texts: dict) -> dict[str, Document]:
    return {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in texts.items()}


def _profile(title: str, text: str):
    return read_profile(Document(doc_id="x", title=title, text=text))


def test_a_title_shared_outside_the_corpus_is_named_with_what_picks_it_out_never_the_asked_fact():
    gleizes = _profile("Les Baigneuses (Gleizes)", "Les Baigneuses is a 1912 painting by the French artist Albert Gleizes.")
    assert work_reference(gleizes, "year") == "the painting Les Baigneuses by Albert Gleizes"
    assert work_reference(gleizes, "creator") == "the 1912 painting Les Baigneuses"  # the creator is what is compared
    mill = _profile("The Mill (Rembrandt)", "The Mill is a 1645 painting by Rembrandt Harmenszoon van Rijn.")
    assert work_reference(mill, "year") == "the painting The Mill by Rembrandt"  # a long name as the title names him
    song = _profile("Live (The Merry-Go-Round song)", "Live is a 1967 The Merry-Go-Round song, written by Emitt Rhodes.")
    assert work_reference(song, "year", with_kind=False) == "the Merry-Go-Round song Live"
    self_titled = _profile("Blue Harbor (Blue Harbor album)", "Blue Harbor is a 1998 album by the band Blue Harbor.")
    assert work_reference(self_titled, "year", with_kind=False) == "the album Blue Harbor by Blue Harbor"
    metcalf = _profile("May Night (Willard Metcalf painting)", "May Night is a 1906 painting by Willard Metcalf.")
    assert work_reference(metcalf, "year") == "the Willard Metcalf painting May Night"
    assert work_reference(metcalf, "creator") == "the 1906 painting May Night"  # the qualifier names the creator
    # a title told apart only from things of another kind is named with its kind; a plain title stays bare
    canal = _profile("Chichester Canal (painting)", "Chichester Canal is a painting by J. Turner, painted in 1828.")
    assert work_reference(canal, "year", with_kind=False) == "the painting Chichester Canal"
    plain = _profile("Stormy Sea at Dusk", "Stormy Sea at Dusk is an 1850 painting by Anna Velde.")
    assert work_reference(plain, "year", with_kind=False) == "Stormy Sea at Dusk"
    # nothing but the compared year picks out a one-word title with no creator read: not asked
    bare = _profile("Dusk", "Dusk is an 1850 painting.")
    assert work_reference(bare, "year") is None


def test_a_works_other_title_in_its_parenthesis_is_no_descriptor():
    song = _profile("The Wallflower (Dance with Me, Henry)",
                    '"The Wallflower" (also known as "Dance with Me, Henry") is a 1955 song by Etta James.')
    assert work_reference(song, "year") == "the song The Wallflower by Etta James"
    assert work_reference(song, "creator") == "the 1955 song The Wallflower"  # still told apart: the title is shared


def test_years_inside_a_former_names_parenthesis_are_not_the_subjects_life():
    curtiz = _profile("Michael Curtiz", "Michael Curtiz (born Manó Kaminer(1886-1905) Mihály Kertész (1905); "
                      "December 24, 1886 April 11, 1962) was a Hungarian-born American film director.")
    assert curtiz.died is None or curtiz.died.text != "1905"
    lucas = _profile("Wilfred Lucas", "Wilfred Lucas (January 30, 1871 – December 13, 1940) was a Canadian actor.")
    assert (lucas.born.text, lucas.died.text) == ("January 30, 1871", "December 13, 1940")


def test_a_creators_life_from_another_works_article_gives_bridge_and_inference_questions():
    docs = _docs(WORKS)
    profiles = read_profiles(list(docs.values()))
    routes = life_routes(profiles, docs)
    assert [(r.x.doc_id, r.life.source.doc_id, r.life.born) for r in routes] == [("a", "b", 1830)]
    bridges = {c["query"]: c["answer"] for c in life_bridge_candidates(routes)}
    assert bridges == {"When was the artist of Canyon Light born?": "1830", "When did the artist of Canyon Light die?": "1902"}
    texts = {d: docs[d].text for d in docs}
    for cand in life_bridge_candidates(routes):
        gold = {p.doc_id: texts[p.doc_id] for p, _ in cand["evidence"]}
        assert set(gold) == {"a", "b"} and single_document(gold, cand["answer"], cand["anchors"]) == []
    # no decoy: no other artist's life is stated, so "Which painting is by an artist born in 1830?" is not asked
    assert life_inference_candidates(routes, profiles, docs) == []


def test_a_life_inference_names_the_answer_beside_a_work_whose_own_article_gives_another_life():
    more = dict(WORKS, e=("Grey Coast", "Grey Coast is an 1865 painting by Jules Marrot (1822–1871). It shows a coast."),
                f=("Far Coast", "Far Coast is an 1866 painting by Anna Velde (1830–1899)."))
    docs = _docs(more)
    profiles = read_profiles(list(docs.values()))
    cands = life_inference_candidates(life_routes(profiles, docs), profiles, docs)
    canyon = [c for c in cands if c["answer"] == "Canyon Light"]
    born = [c for c in canyon if c["template"] == "inference.creator_life.born.choice"]
    died = [c for c in canyon if c["template"] == "inference.creator_life.died.choice"]
    # Velde was born in 1830 too: only Marrot's work is a decoy for the birth; either is one for the death
    assert [c["computation"]["decoy"]["work"] for c in born] == ["Grey Coast"]
    assert {c["computation"]["decoy"]["work"] for c in died} == {"Grey Coast", "Far Coast"}
    query = born[0]["query"]
    assert "born in 1830" in query and "Canyon Light" in query and "Grey Coast" in query and "1864" not in query
    assert born[0]["answer"] == "Canyon Light" and sorted(born[0]["computation"]["choice"]) == ["Canyon Light", "Grey Coast"]
    assert [p.doc_id for p, _ in born[0]["evidence"]] == ["a", "b", "e"]  # the decoy's own article gives its life
    gold = {p.doc_id: docs[p.doc_id].text for p, _ in born[0]["evidence"]}
    assert single_document(gold, born[0]["answer"], born[0]["anchors"]) == []


def test_no_life_question_where_the_works_own_article_gives_it():
    # the asked work's article states the birth year: one article would do
    own = dict(WORKS, a=("Canyon Light", WORKS["a"][1] + " Brandt was born in 1830."))
    docs = _docs(own)
    assert life_routes(read_profiles(list(docs.values())), docs) == []
    # two articles giving one artist two lives give none
    clash = dict(WORKS, e=("Valley Rain", "Valley Rain is an 1869 painting by Albert Brandt (1831–1902)."))
    docs = _docs(clash)
    assert life_routes(read_profiles(list(docs.values())), docs) == []


def test_a_nationality_stated_only_in_another_works_article_is_a_bridge():
    docs = _docs({
        "a": ("Canyon Light", "Canyon Light is an 1864 painting by Albert Brandt. It shows a valley at dusk."),
        "b": WORKS["b"],
        "c": ("Lake Morning", "Lake Morning is an 1864 painting by the French painter Jules Marrot."),
        "d": ("Pond", "Pond is an 1865 painting by the French painter Jules Marrot."),
    })
    cands = nationality_bridge_candidates(read_profiles(list(docs.values())), docs)
    assert [(c["query"], c["answer"], [p.doc_id for p, _ in c["evidence"]]) for c in cands] == [
        ("What nationality was the artist of Canyon Light?", "American", ["a", "b"])]


def test_after_the_first_sentence_a_creator_is_read_only_from_a_sentence_about_the_work():
    """"It was inspired by the 1936 film Modern Times, written by Charlie Chaplin" names another work's writer; so does
    "The original Mexican film was directed by ..." in a remake's article; "The song was written by ..." is its own."""
    rain = _profile("Too Much Rain", '"Too Much Rain" is a 2005 song. It was inspired by the theme to the 1936 film '
                    '"Modern Times", written by Charlie Chaplin and commonly known as "Smile".')
    assert rain.links == []
    remake = _profile("Creature of the Walking Dead", "Creature of the Walking Dead is a 1965 horror film adapted from a "
                      "1961 Mexican horror film. The original Mexican film was directed by Fernando Cortes.")
    assert remake.links == []
    girl = _profile("Another Girl", '"Another Girl" is a 1965 song. The song was written by Paul McCartney.')
    assert [(r, n) for r, n, _ in girl.links] == [("author", "Paul McCartney")]
