"""News-style questions: short names merged, stories named concretely, one answer, related comparisons, co-credits."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from benchsmith.generators.multihop.aliases import merge_aliases
from benchsmith.generators.multihop.compose.drafts import Composer
from benchsmith.generators.multihop.compose.null import build_thing_null
from benchsmith.generators.multihop.compose.profiles import Profile, Value, read_profile
from benchsmith.generators.multihop.compose.questions import related
from benchsmith.generators.multihop.models import Claim, Entity, Fact
from benchsmith.generators.multihop.queries._phrasing import subject_refs
from benchsmith.types import Chunk, Document, Span


def _claim(doc_id: str, text: str, ents: list[tuple[str, str]]) -> Claim:
    fact = Fact(f"f-{doc_id}-{len(text)}", doc_id, f"{doc_id}#0", 0, len(text), text)
    entities = tuple(Entity(t, label, t.lower(), text.find(t)) for t, label in ents)
    return Claim(claim_id=f"c-{doc_id}-{len(text)}", fact=fact, text=text, target=ents[0][0], target_norm=ents[0][0].lower(),
                 target_label=ents[0][1], topic="", topic_norm="", entities=entities)


def test_a_short_name_joins_its_one_full_name_but_not_another_kind_of_entity():
    claims = [
        _claim("a", "Lumora Energy opened a plant in Harbor City.", [("Lumora Energy", "ORG"), ("Harbor City", "GPE")]),
        _claim("a", "Lumora said the plant was full.", [("Lumora", "ORG")]),
        _claim("b", "The Harbor City Gulls won.", [("Harbor City Gulls", "ORG")]),
        _claim("b", "Fans came from Harbor City.", [("Harbor City", "GPE")]),
    ]
    merged, mapping = merge_aliases(claims)
    assert mapping == {"lumora": "lumora energy"}  # "harbor city" is a place, the Gulls a club: kept apart
    assert [e.norm for e in merged[1].entities] == ["lumora energy"]
    assert merged[1].target_norm == "lumora energy"


def test_a_place_is_not_short_for_the_one_ferry_named_after_it():
    claims = [_claim(d, f"The plant in Eastport grew ({d}).", [("Eastport", "ENTITY")]) for d in "abcd"]
    claims.append(_claim("a", "The Eastport Star carries 250 passengers.", [("Eastport Star", "ENTITY")]))
    assert merge_aliases(claims)[1] == {}  # four stories write "Eastport", one of them the ferry's name


def test_a_short_name_with_two_expansions_is_not_merged():
    claims = [
        _claim("a", "Greywater Shipping grew.", [("Greywater Shipping", "ORG")]),
        _claim("a", "Greywater Capital invested.", [("Greywater Capital", "ORG")]),
        _claim("a", "Greywater said so.", [("Greywater", "ORG")]),
    ]
    assert merge_aliases(claims)[1] == {}


def _doc(doc_id: str, source: str, month: int, title: str, text: str) -> Document:
    return Document(doc_id=doc_id, title=title, text=text, source=source,
                    published_at=datetime(2024, month, 5, tzinfo=UTC))


def test_stories_are_named_by_source_month_and_an_entity_that_picks_out_one_document():
    docs = {
        "a": _doc("a", "Valley Tech Review", 3, "Solvane Raises Money", "Solvane Materials raised money. Tidemark Ventures led it."),
        "b": _doc("b", "Valley Tech Review", 3, "Another Round", "Kestrel Robotics raised money. Tidemark Ventures led it. Solvane Materials too."),
        "c": _doc("c", "Harbor City Ledger", 5, "Mayor Speaks", "Elena Marsh praised Tidemark Ventures."),
    }
    ca = _claim("a", "Solvane Materials raised money from Tidemark Ventures.", [("Solvane Materials", "ORG"), ("Tidemark Ventures", "ORG")])
    cc = _claim("c", "Elena Marsh praised Tidemark Ventures.", [("Elena Marsh", "PERSON"), ("Tidemark Ventures", "ORG")])
    # "Solvane Materials" is also in b (same source, same month): not unique, so a names... nothing else: refused.
    assert subject_refs([docs["a"], docs["c"]], [ca, cc], docs, ["Tidemark Ventures"]) is None
    cb = _claim("b", "Kestrel Robotics raised money from Tidemark Ventures.", [("Kestrel Robotics", "ORG"), ("Tidemark Ventures", "ORG")])
    refs, subjects = subject_refs([docs["b"], docs["c"]], [cb, cc], docs, ["Tidemark Ventures"])
    # No common-noun subject in these leads: the entity the story opens with names it ("report on").
    assert refs == ["Valley Tech Review's March 2024 report on Kestrel Robotics",
                    "Harbor City Ledger's May 2024 report on Elena Marsh"]
    assert subjects == ["Kestrel Robotics", "Elena Marsh"]
    # The answer's own words never name a story, and the undated articles of one source (an encyclopedia,
    # a manual) are not "stories".
    assert subject_refs([docs["b"], docs["c"]], [cb, cc], docs, ["Kestrel Robotics"]) is None
    undated = {k: d.model_copy(update={"published_at": None, "source": "Wiki"}) for k, d in docs.items()}
    assert subject_refs([undated["b"], undated["c"]], [cb, cc], undated, ["Tidemark Ventures"]) is None


def test_a_co_directed_film_has_no_director_to_ask_about():
    for text in ("Blood Street is a 1988 film co-directed by Leo Fong.",
                 "Two Roads is a 1990 film directed by Ann Lee and Bo Park."):
        prof = read_profile(Document(doc_id="x", title=text.split(" is ")[0], text=text))
        assert prof.kind == "film" and not [link for link in prof.links if link[0] == "director"]
    solo = read_profile(Document(doc_id="y", title="Night Train", text="Night Train is a 1975 film directed by Carla Benni."))
    assert [link[1] for link in solo.links] == ["Carla Benni"]


def _work(doc_id: str, year: int) -> Profile:
    return Profile(doc_id, doc_id.title(), kind="painting", year=Value(str(year), 0, 10, year))


def test_comparisons_pair_only_related_works():
    creators = {"a": "Frederic Church", "b": "Frederic Church", "c": "Tom Roberts", "d": "Willard Metcalf",
                "e": "Nicolas Poussin", "f": "Albert Gleizes"}
    assert related(_work("a", 1861), _work("b", 1890), creators)  # one artist
    assert related(_work("c", 1895), _work("d", 1906), creators)  # one period
    assert not related(_work("a", 1861), _work("d", 1906), creators)  # two Americans 45 years apart: the eras tell
    assert not related(_work("e", 1648), _work("f", 1912), creators)  # two Frenchmen: a Poussin against a Gleizes
    assert not related(_work("a", 1648), _work("c", 1930), creators)  # Poussin-era vs a 1930 Australian: idle


def test_a_document_is_cited_once_per_twenty_items():
    texts = {f"w{i}": (f"Work {i}", f"Work {i} is a {1850 + i} painting by American artist Frederic Church.") for i in range(8)}
    docs = {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in texts.items()}
    chunks = {k: [Chunk(chunk_id=f"{k}#0", doc_id=k, index=0, n_tokens=9, text=d.text, span=Span(start=0, end=len(d.text)))]
              for k, d in docs.items()}
    comp = Composer(docs, chunks, seed=3, n=20)
    drafts = [d for d in comp.drafts("comparison_query", 40) if not isinstance(d, str)]
    uses = [c.fact.doc_id for d in drafts for c in d.claims]
    assert drafts and max(uses.count(u) for u in uses) == 1


def test_no_product_null_queries_from_swapped_brand_words():
    things = ["AWS Key Management Service", "AWS Lambda", "AWS Glue", "Amazon Athena", "Amazon Redshift", "Amazon EC2"]
    assert build_thing_null(things, index=None, rng=random.Random(0)) == "no_safe_null_names"


def test_markup_is_cleaned_not_dropped_and_the_span_stays_on_the_original():
    from benchsmith.generators.multihop.facts import candidate_sentences

    text = ("Intro line here. You can enable [S3 Object Lock](object-lock.md) on a bucket through the Amazon S3 console "
            "in 2020 settings. End.")
    doc = Document(doc_id="d", title="T", text=text)
    chunk = Chunk(chunk_id="d#0", doc_id="d", index=0, n_tokens=20, text=text, span=Span(start=0, end=len(text)))
    facts = [(f, r) for f, r in candidate_sentences(doc, [chunk]) if "Object Lock" in f.text]
    fact, reason = facts[0]
    assert reason is None
    assert text[fact.start : fact.end] == fact.text and "](object-lock.md)" in fact.text  # evidence stays verbatim
    assert fact.readable.startswith("You can enable S3 Object Lock on a bucket") and "](" not in fact.readable


def test_a_namesake_with_another_occupation_is_no_bridge():
    from benchsmith.generators.multihop.compose.links import find_links, read_profiles

    texts = {
        "f": ("C-Man", "C-Man is a 1949 American crime film directed by Joseph Lerner."),
        "p": ("Joseph Lerner", "Joseph Lerner is a Canadian composer and political analyst (born 1950)."),
        "g": ("Night Train", "Night Train is a 1975 French film directed by Carla Benni."),
        "q": ("Carla Benni", "Carla Benni (3 May 1920 – 9 June 1999) was an Italian film director."),
    }
    docs = {k: Document(doc_id=k, title=t, text=x) for k, (t, x) in texts.items()}
    links = find_links(read_profiles(list(docs.values())), docs)
    assert {(link.a.doc_id, link.b.doc_id) for link in links} == {("g", "q")}
