"""Two places' or structures' measures compared, each read from its own article's lead (stubs written for these
tests in the encyclopedia's style): a population at one census, an elevation, a length."""

from __future__ import annotations

from _multihop_item import assert_yes_no_rederived, validator_item

from benchsmith.corpora.chunking import chunk_documents
from benchsmith.generators.multihop.compose.place_measures import measure_candidates, read_measures, spoken_name
from benchsmith.types import Document
from benchsmith.validators.multihop import ComparisonConsistency


def _doc(doc_id: str, title: str, text: str) -> Document:
    return Document(doc_id=doc_id, title=title, text=text)


VILLAGES = [
    _doc("v1", "Dehnow", "Dehnow (also Romanized as Deh-e Now) is a village in Jolgeh Rural District, Fars Province, "
         "Iran. At the 2006 census, its population was 1,545, in 334 families."),
    _doc("v2", "Kalat, Iran", "Kalat is a village in Sarab Rural District, Isfahan Province, Iran. At the 2006 census, "
         "its population was 801, in 129 families."),
    _doc("v3", "Tazehabad", "Tazehabad is a village in Howmeh Rural District, Gilan Province, Iran. At the 2011 census, "
         "its population was 402, in 98 families."),  # another census: never set against 2006's figures
    _doc("v4", "Sarband", "Sarband is a village in Kuh Rural District, Yazd Province, Iran. At the 2006 census, its "
         "population was 1,560, in 301 families."),  # within 5% of Dehnow's: a question of rounding
]
OTHERS = [
    _doc("m1", "Mount Kerasia", "Mount Kerasia is a mountain in Thessaly, Greece. It rises to 1,978 m above sea level."),
    _doc("m2", "Mount Pelinna", "Mount Pelinna is a mountain of central Greece. Its summit is at an elevation of "
         "2,466 m (8,091 ft)."),
    _doc("s1", "Gare de Vernay", "Gare de Vernay is a railway station in Vernay, France. The station is one of several "
         "stations along the 139 km long line."),  # the line's length, not the station's
    _doc("c1", "Orvieto County", "Orvieto County is a county of Umbria. The population of the county was 5,000 at the "
         "2000 census."),  # not a kind of place compared here, and the figure is the county's own in other words
    _doc("p1", "Mavrolithi", "Mavrolithi is a village on Mount Oeta, Greece, at an altitude of 1.140 meters."),
]


def test_a_lead_states_its_subjects_population_with_the_census_year_and_cites_the_defining_sentence():
    got = {q.page.name: q for q in read_measures(VILLAGES)}
    assert set(got) == {"Dehnow", "Kalat, Iran", "Tazehabad", "Sarband"}
    dehnow = got["Dehnow"]
    assert (dehnow.kind, dehnow.measure, dehnow.census, dehnow.counted) == ("village", "population", "2006", True)
    assert (dehnow.figure, dehnow.amount) == ("1,545", 1545)  # the families after it are another count
    text = VILLAGES[0].text
    assert text[dehnow.cited.start:dehnow.cited.end].startswith("At the 2006 census, its population")
    assert dehnow.lead is not None and text[dehnow.lead.start:dehnow.lead.end].startswith("Dehnow (also")


def test_figures_of_something_else_and_figures_read_two_ways_are_not_read():
    got = {(q.page.name, q.measure): q for q in read_measures(OTHERS)}
    assert set(got) == {("Mount Kerasia", "elevation"), ("Mount Pelinna", "elevation")}
    assert got[("Mount Kerasia", "elevation")].amount == 1978
    assert got[("Mount Pelinna", "elevation")].figure == "2,466 m"


def test_pairs_share_kind_measure_and_census_and_answers_follow_the_figures():
    cands = measure_candidates(read_measures(VILLAGES + OTHERS), seed=0, choice_every=99)
    pairs = {frozenset(c["computation"]["subjects"]) for c in cands}
    # Tazehabad's is another census; Dehnow's and Sarband's are within rounding; each subject is asked once
    villages = pairs - {frozenset({"Mount Kerasia", "Mount Pelinna"})}
    assert len(pairs) == 2 and len(villages) == 1
    assert villages <= {frozenset({"Dehnow", "Kalat in Iran"}), frozenset({"Sarband", "Kalat in Iran"})}
    docs = {d.doc_id: d for d in VILLAGES + OTHERS}
    for c in cands:
        for cand in (c, c["flip"]):
            assert_yes_no_rederived(cand, docs.values())
        assert c["flip"]["answer"] != c["answer"]
    village = next(c for c in cands if "Kalat" in c["query"])
    other = "Dehnow" if "Dehnow" in village["query"] else "Sarband"
    assert village["query"] in (f"Did {other} have more inhabitants than Kalat in Iran at the 2006 census?",
                                f"Did Kalat in Iran have more inhabitants than {other} at the 2006 census?")
    mountain = next(c for c in cands if "Kerasia" in c["query"])
    assert mountain["query"] in ("Is Mount Kerasia higher than Mount Pelinna?", "Is Mount Pelinna higher than Mount Kerasia?")
    # one census of villages is one topic, capped per benchmark (three village censuses of forty items read as a list)
    assert village["topics"] == [("measured", "village population 2006")] and mountain["topics"] != village["topics"]


def test_a_choice_names_the_larger_and_a_name_with_a_comma_left_is_never_a_choice():
    cands = measure_candidates(read_measures(OTHERS), seed=0, choice_every=1)
    (choice,) = cands
    assert choice["query"].startswith("Which mountain is higher, ") and choice["answer"] == "Mount Pelinna"
    assert spoken_name("Lima, Pepin County, Wisconsin") == "Lima in Pepin County, Wisconsin"
    lima = _doc("t1", "Lima, Pepin County, Wisconsin", "Lima is a town in Pepin County, Wisconsin, United States. "
                "The population was 716 at the 2000 census.")
    alma = _doc("t2", "Alma", "Alma is a town in Buffalo County, Wisconsin, United States. The population was 1,500 "
                "at the 2000 census.")
    (yes_no,) = measure_candidates(read_measures([lima, alma]), seed=0, choice_every=1)
    assert "flip" in yes_no and "Lima in Pepin County, Wisconsin" in yes_no["query"]


def test_a_composed_item_cites_two_articles_and_neither_answers_alone():
    from benchsmith.generators.multihop.compose.drafts import Composer
    from benchsmith.generators.multihop.models import Draft

    docs = {d.doc_id: d for d in VILLAGES}
    comp = Composer(docs, {d.doc_id: chunk_documents([d]) for d in VILLAGES}, seed=0, n=20)
    drafts = [d for d in comp.drafts("comparison_query", 10) if isinstance(d, Draft)]
    assert drafts and all(d.template.startswith("comparison.measure.population") for d in drafts)
    for d in drafts:
        assert len({c.fact.doc_id for c in d.claims}) == 2 and len(d.claims) == 4  # each side: its lead and its figure


def test_lengths_and_heights_in_any_unit_compare_in_metres():
    rivers = [_doc("r1", "Vara", "The Vara is a 120-kilometre-long river in northern Italy."),
              _doc("r2", "Ossa", "Ossa is a river of Greece. It is 94 km long."),
              _doc("r3", "Kiso", "The Kiso is a river in Japan. It has a length of 60 miles (97 km).")]
    towers = [_doc("t1", "Halden Tower", "The Halden Tower is a lattice tower in Norway. It is 330 metres tall."),
              _doc("t2", "Bremer Tower", "The Bremer Tower is a television tower in Germany. It is 1,000 ft tall.")]
    got = {q.page.name: q for q in read_measures(rivers + towers)}
    assert {n: (q.measure, q.figure) for n, q in got.items()} == {
        "Vara": ("length", "120-kilometre"), "Ossa": ("length", "94 km"), "Kiso": ("length", "60 miles"),
        "Halden Tower": ("height", "330 metres"), "Bremer Tower": ("height", "1,000 ft")}
    assert got["Vara"].lead is None and got["Ossa"].lead is not None  # "It is 94 km long" cites the definition too
    docs = {d.doc_id: d for d in rivers + towers}
    cands = {frozenset(c["computation"]["subjects"]): c for c in measure_candidates(list(got.values()), seed=0,
                                                                                     choice_every=99)}
    for c in cands.values():
        assert ComparisonConsistency().check(validator_item(c, docs.values()), None) == [], c["query"]
    # 120 km against 60 miles (96.6 km); 330 m against 1,000 ft (304.8 m); Ossa's 94 km is within rounding of Kiso's
    rivers, towers = cands[frozenset({"Vara", "Kiso"})], cands[frozenset({"Halden Tower", "Bremer Tower"})]
    assert rivers["query"] in ("Is the Vara longer than the Kiso?", "Is the Kiso longer than the Vara?")
    assert rivers["answer"] == ("Yes" if rivers["query"].startswith("Is the Vara") else "No")
    assert towers["answer"] == ("Yes" if towers["query"].startswith("Is the Halden Tower taller") else "No")
    (choice,) = measure_candidates([got["Vara"], got["Kiso"]], seed=0, choice_every=1)
    assert choice["query"] in ("Which river is longer, the Vara or the Kiso?", "Which river is longer, the Kiso or the Vara?")
    assert choice["answer"] == "Vara"


def test_the_encyclopedias_unit_conversions_and_non_breaking_spaces_are_read():
    docs = [_doc("c1", "Ossa", "Ossa is a river of Greece. It is 94 km (58 mi) long."),
            _doc("c2", "Vara", "The Vara is a 120-kilometre (75 mi) long river in northern Italy."),
            _doc("c3", "Chembra Peak", "Chembra Peak is a mountain in Kerala. It rises to 2,100 m (6,900 ft) above sea level."),
            _doc("c4", "Halden Tower", "The Halden Tower is a lattice tower in Norway. It is 330 metres (1,083 ft) tall."),
            _doc("c5", "Kiso", "The Kiso is a river in Japan. It is 229\u00a0km in length.")]
    got = {q.page.name: (q.measure, q.figure) for q in read_measures(docs)}
    assert got == {"Ossa": ("length", "94 km"), "Vara": ("length", "120-kilometre"),
                   "Chembra Peak": ("elevation", "2,100 m"), "Halden Tower": ("height", "330 metres"),
                   "Kiso": ("length", "229\u00a0km")}


def test_a_mountains_height_in_its_defining_sentence_is_read_and_a_distance_is_not():
    docs = [_doc("h1", "Kangchen Peak", "Kangchen Peak (7,210 m) is a mountain in Sikkim."),
            _doc("h2", "Cerro Alto", "Cerro Alto is a mountain of the Andes at 6,110 metres (20,046 ft) in Chile."),
            _doc("h3", "Monte Basso", "Monte Basso is a hill in Italy located at 45 km from Rome."),
            _doc("h4", "Pic Rouge", "Pic Rouge is a peak in the Alps at 2,500 m north of the pass.")]
    got = {q.page.name: (q.measure, q.figure, q.lead) for q in read_measures(docs)}
    assert got == {"Kangchen Peak": ("elevation", "7,210 m", None), "Cerro Alto": ("elevation", "6,110 metres", None)}
