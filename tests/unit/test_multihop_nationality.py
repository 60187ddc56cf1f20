"""Whether two people of one occupation shared a nationality, each from their article's first sentence (leads
written for these tests in the encyclopedia's style)."""

from __future__ import annotations

from _multihop_item import assert_yes_no_rederived

from benchsmith.generators.multihop.compose.links import read_profiles
from benchsmith.generators.multihop.compose.nationality import nationality_candidates, neighbours, read_nationalities
from benchsmith.types import Document


def _person(i: int, name: str, lead: str) -> Document:
    return Document(doc_id=f"p{i}", title=name, text=f"{name} ({lead}. He directed several films.")


PEOPLE = [
    _person(1, "Aldo Ferri", "12 May 1901 – 3 June 1970) was an Italian film director"),
    _person(2, "Bruno Rota", "1 March 1910 – 9 July 1985) was an Italian film director and screenwriter"),
    _person(3, "Jean Marais", "2 April 1905 – 5 May 1980) was a Maltese film director"),
    _person(4, "Pierre Dulac", "7 July 1912 – 1 August 1990) was a Maltese film director"),
    _person(5, "Tom Reed", "3 March 1900 – 4 April 1960) was an American actor and director"),  # an actor
    _person(6, "Hugh Dale", "5 May 1899 – 6 June 1966) was an English film director"),  # English: British or not?
    _person(7, "Ivan Petrov", "8 August 1908 – 9 September 1977) was a Soviet film director"),  # Soviet: Russian?
    _person(8, "Karl Brenner", "1 January 1903 – 2 February 1971) was a Norwagian film director"),  # a typo, once
    _person(9, "Princess Ada of Hesse", "1850 – 1910) was a German film director"),  # a title gives the answer away
    _person(10, "Max Weber", "1 January 1903 – 2 February 1971) was a German film director"),
    _person(11, "Carlo Neri", "4 April 1904 – 5 May 1975) was an Italian film director"),
    _person(12, "Louis Garnier", "6 June 1906 – 7 July 1976) was a Maltese film director"),
]


def test_nationalities_are_read_with_the_occupation_noun_and_unsure_ones_left_out():
    docs = {d.doc_id: d for d in PEOPLE}
    got = {n.page.name: (n.demonym, n.occupation) for n in read_nationalities(read_profiles(PEOPLE), docs)}
    assert got == {"Aldo Ferri": ("Italian", "director"), "Bruno Rota": ("Italian", "director"),
                   "Carlo Neri": ("Italian", "director"), "Jean Marais": ("Maltese", "director"),
                   "Pierre Dulac": ("Maltese", "director"), "Louis Garnier": ("Maltese", "director")}
    # "American" and "German" (once the titled name is left out) describe one person each: a demonym met once may
    # be a typo ("Norwagian") and is never compared


def test_shared_and_different_nationalities_come_in_turn_each_person_once_and_are_re_derived():
    docs = {d.doc_id: d for d in PEOPLE}
    cands = nationality_candidates(read_nationalities(read_profiles(PEOPLE), docs), seed=0)
    answers = [c["answer"] for c in cands]
    assert len(cands) >= 2 and all(a != b for a, b in zip(answers, answers[1:]))  # Yes and No in turn
    people = [n for c in cands for n in c["computation"]["subjects"]]
    assert len(people) == len(set(people))
    for c in cands:
        x, y = c["computation"]["subjects"]
        assert c["query"] == f"Were {x} and {y} of the same nationality?"  # "was an Italian film director": Were
        assert c["answer"] == ("Yes" if (x in ITALIANS) == (y in ITALIANS) else "No")
        assert_yes_no_rederived(c, docs.values())


ITALIANS = {"Aldo Ferri", "Bruno Rota", "Carlo Neri"}


def test_different_nationalities_are_asked_only_where_the_names_would_not_tell():
    # Italian and Indian names are told apart at sight: with Italians and Indians there is no "No" to ask
    docs = [Document(doc_id=f"n{i}", title=n, text=f"{n} (born {y}) was an {nat} actor. He played.")
            for i, (n, y, nat) in enumerate([("Aldo Ferri", 1950, "Italian"), ("Bruno Rota", 1952, "Italian"),
                                              ("Ravi Kumar", 1951, "Indian"), ("Anil Rao", 1953, "Indian")])]
    assert nationality_candidates(read_nationalities(read_profiles(docs), {d.doc_id: d for d in docs}), seed=1) == []
    assert neighbours("Indian", "Pakistani") and neighbours("American", "New Zealander")
    assert not neighbours("Italian", "Indian") and not neighbours("American", "Indian")


def test_two_living_people_are_asked_in_the_present():
    docs = [Document(doc_id=f"l{i}", title=n, text=f"{n} (born {y}) is an {nat} actress. She lives in Rome.")
            for i, (n, y, nat) in enumerate([("Ada Rossi", 1970, "Canadian"), ("Bea Conti", 1975, "Canadian"),
                                              ("Cora Lane", 1980, "American"), ("Dana Wise", 1985, "American")])]
    cands = nationality_candidates(read_nationalities(read_profiles(docs), {d.doc_id: d for d in docs}), seed=1)
    assert cands and all(c["query"].startswith("Are ") for c in cands)


def test_a_person_whose_first_sentence_gives_two_nationalities_is_not_compared():
    two = Document(doc_id="p13", title="Mate Novak", text="Mate Novak (born 3 May 1930) is an American journalist "
                   "and Croatian politician. He wrote.")
    croats = [Document(doc_id=f"c{i}", title=n, text=f"{n} (born {y}) was a Croatian journalist. He wrote.")
              for i, (n, y) in enumerate([("Ivo Babic", 1931), ("Ante Horvat", 1933)])]
    americans = [Document(doc_id=f"a{i}", title=n, text=f"{n} (born {y}) was an American journalist. He wrote.")
                 for i, (n, y) in enumerate([("Tom Reed", 1932), ("Sam Hill", 1934)])]
    pages = [two, *croats, *americans]
    got = {n.page.name for n in read_nationalities(read_profiles(pages), {d.doc_id: d for d in pages})}
    assert got == {"Ivo Babic", "Ante Horvat", "Tom Reed", "Sam Hill"}  # Novak: American or Croatian?
