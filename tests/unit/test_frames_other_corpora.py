"""FRAMES on corpora that are not about paintings: link-less texts joined by titles they mention; people and films."""

from __future__ import annotations

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.generators.frames.facts import extract_facts
from benchsmith.generators.frames.graph import link_graph
from benchsmith.generators.frames.wording import listing, made, question
from benchsmith.types import Document


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(doc_id=doc_id, title=title, text=text)


def test_titles_named_in_other_texts_join_articles_as_whole_words_only():
    docs = [
        _doc("a", "St. Mary's Church", "A parish church built in 1820."),
        _doc("b", "Harbour Town", "The town grew around St. Mary's church, rebuilt after a fire."),
        _doc("c", "Marsh Lane", "Harbour Towns of the north coast are unrelated."),  # no whole-word "harbour town"
        _doc("d", "Old Mill", "Its miller later moved to Harbour Town (Kent) and to ST. MARY'S CHURCH."),
        _doc("e", "Arc", "The arc is short."),  # a title under four characters is never looked up
        _doc("f", "Lonely", "Nothing here names an arc or another article."),
    ]
    g = link_graph(docs, hub_max_share=1.0)
    assert g.has_edge("b", "a") and g.has_edge("d", "a") and g.has_edge("d", "b")
    assert not g.has_edge("c", "b")
    assert g.degree("f") == 0 and g.degree("e") == 0
    assert g.edges["d", "a"]["via"] == "st. mary's church"


def test_links_when_present_take_the_place_of_title_mentions():
    docs = [Document(doc_id="a", title="Alpha Bay", text="Beta Point is near.", links=["Gamma Hill"]),
            Document(doc_id="b", title="Beta Point", text="Alpha Bay is near."),
            Document(doc_id="c", title="Gamma Hill", text="Nothing.")]
    g = link_graph(docs)
    assert g.has_edge("a", "c") and not g.has_edge("a", "b") and not g.has_edge("b", "a")


def _facts(title: str, text: str):
    doc = _doc("x", title, text)
    return extract_facts(doc, tuple(chunk_documents([doc], max_tokens=200, overlap=0)))


def _born(title: str, text: str) -> list[float]:
    return [f.value for f in _facts(title, text) if f.dimension == "year:person_born"]


def test_a_person_article_gives_its_subjects_own_birth_year_only_when_it_is_certain():
    assert _born("John Francis Dillon", "John Francis Dillon (July 13, 1884 – April 4, 1934) was an American film "
                 "director.") == [1884]
    assert _born("Lina Wertmüller", "Lina Wertmüller( born 14 August 1928) is an Italian screenwriter.") == [1928]
    assert _born("Giovanni dei Tagliacozzi", "Giovanni dei Tagliacozzi( died 1540) was a Roman Catholic prelate.") == []
    assert _born("Philippa de Beauchamp", "Philippa de Beauchamp( before 1344- 6 April 1386) was a daughter.") == []
    assert _born("Margaret of York (1472)", "Margaret of York( 10 April 1472 – 11 December 1472) was a niece.") == []
    assert _born("The Cornell Farm", "The Cornell Farm (1848) is an oil on canvas landscape by Edward Hicks.") == []
    assert _born("Herman Smith", "Before him, Herman Smith (1800–1850) was mayor.") == []  # opens on another word


def test_people_are_asked_about_by_name_and_listed_with_semicolons_when_names_hold_commas():
    facts = [f for t, x in [("Blanche of Brittany", "Blanche of Brittany( 1271 – 1327) was a daughter of John II."),
                            ("Mary Bowes, Countess of Strathmore", "Mary Bowes, Countess of Strathmore( 24 February "
                             "1749 – 28 April 1800) was an heiress.")]
             for f in _facts(t, x) if f.dimension == "year:person_born"]
    titles = ["Blanche of Brittany", "Mary Bowes, Countess of Strathmore"]
    assert question("gap", facts, titles) == "How many years older is Blanche of Brittany than Mary Bowes, Countess of Strathmore?"
    assert question("earliest", facts, titles) == "Who was born first: Blanche of Brittany and Mary Bowes, Countess of Strathmore?"
    assert listing(["Ann", "Mary Bowes, Countess of X", "Bob"]) == "Ann; Mary Bowes, Countess of X; and Bob"
    assert listing(["\u201cA, B\u201d", "\u201cC\u201d"]) == "\u201cA, B\u201d and \u201cC\u201d"


def test_a_dated_film_is_a_work_made_in_its_year():
    film = _facts("The Outlaw Express", "The Outlaw Express is a 1926 American silent western film directed by Leo D. "
                                        "Maloney.")
    assert [f.value for f in film if f.dimension == "year:made"] == [1926] and made(film) == "made"
    assert not [f for f in _facts("BMW M", "BMW M was created for racing, very successful in the 1960s and 1970s.")
                if f.kind == "year"]


def test_a_persons_own_life_span_is_not_read_as_a_makers_birth():
    assert not [f for f in _facts("Marie of Brittany, Countess of Saint-Pol",
                                  "Marie of Brittany( 1268–1339) was the daughter of John II, Duke of Brittany.")
                if f.dimension == "year:born"]
    born = [f for f in _facts("Road in Häme", "Road in Häme is the most famous work of Werner Holmberg (1830–1860).")
            if f.dimension == "year:born"]
    assert [f.value for f in born] == [1830]


def test_a_film_about_a_painting_is_made_not_painted():
    film = _facts("Nightwatching", "Nightwatching is a 2007 film about the artist Rembrandt and the creation of his "
                                   "painting The Night Watch.")
    painting = _facts("The Mill", "The Mill is a 1648 painting by Rembrandt.")
    assert [f.value for f in film if f.dimension == "year:made"] == [2007]
    assert made(film) == "made" and made(painting) == "painted"
