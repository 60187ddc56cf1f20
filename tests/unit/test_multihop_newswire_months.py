"""A wire collection that spans months gives temporal questions: two stories on one company, days apart,
ordered by their dates (a sample of a few days gives none, since stories of one day are never ordered)."""

from __future__ import annotations

import random
from datetime import date, timedelta

COMPANIES = ["Halvorsen Mills Inc", "Kestrel Petroleum Corp", "Ardmore Shipping Co", "Brindle Foods Inc",
             "Castellan Steel Corp", "Dunmore Textile Co", "Everly Chemical Corp", "Fairhaven Airlines Inc",
             "Glenrock Mining Ltd", "Harrowgate Paper Co", "Islay Brewing Plc", "Juniper Electronics Inc"]
EVENTS = [
    ("{CO} SETS QUARTERLY DIVIDEND", "{co} said its board declared a quarterly dividend of {n} cts a share, "
     "payable {month} {day} to holders of record"),
    ("{CO} BUYS {TARGET} STAKE", "{co} said it bought a {n} pct stake in {target} for {m} mln dlrs from "
     "a group of private investors"),
    ("{CO} PLANS NEW PLANT", "{co} said it plans to build a new plant costing {m} mln dlrs near {city}, "
     "creating about {n}0 jobs over three years"),
    ("MOODY'S CUTS {CO} DEBT", "Moody's Investors Service Inc said it lowered the ratings on {m} mln dlrs of "
     "debt of {co}, citing weaker margins in its main business"),
]
FILLER_TOPICS = ["cocoa", "coffee", "sugar", "rubber", "tin", "copper", "wool", "cotton", "palm oil", "soybeans",
                 "barley", "sorghum", "zinc", "lead", "nickel", "jute"]
CITIES = ["TORONTO", "CHICAGO", "LONDON", "SYDNEY", "HOUSTON", "BOSTON", "DALLAS", "ATLANTA", "DENVER", "MIAMI"]
PEOPLE = ["Walter Brennan", "Harold Pryce", "Martin Ashcombe", "Gerald Tofte", "Norman Quayle", "Leonard Voss",
          "Stanley Marsh", "Dennis Fairbairn", "Russell Oakes", "Clifford Dane"]
MORE = [
    "Analysts said the move had been expected for some weeks and would have little effect on earnings.",
    "The company's shares closed {n} cts higher at {m} dlrs in active trading on the New York exchange.",
    "A spokesman declined to say whether further steps were planned before the annual meeting in {month}.",
    "Industry sources said demand in the region had improved after a weak second half of last year.",
    "The decision follows a review of operations ordered by the board late last year, the statement said.",
    "Trading volume rose to {n}0,000 shares, well above the daily average of recent months.",
    "Officials said talks with lenders on the terms of existing loans were continuing and would end soon.",
    "Chief executive {person} said the company expected better results in the second half of the year.",
    "The company earned {m} mln dlrs in the last fiscal year on sales of {n}0 mln dlrs, it said.",
    "Competitors have cut prices sharply this year, squeezing margins across the industry, analysts noted.",
]


def _story(rng: random.Random, day: date, headline: str, lead: str) -> dict:
    city = rng.choice(CITIES)
    body = [lead.rstrip(".") + "."] + [s.format(n=rng.randint(11, 95), m=rng.randint(12, 480), month=rng.choice(
        ["April", "May", "June"]), person=rng.choice(PEOPLE)) for s in rng.sample(MORE, 6)]
    text = f"{city}, {day.strftime('%b')} {day.day} - " + "\n    ".join(body)
    return {"title": headline, "text": text, "source": "Reuters", "published_at": f"{day.isoformat()}T10:00:00"}


def _collection() -> list[dict]:
    rng = random.Random(3)
    start = date(1987, 1, 5)
    stories = []
    for i, co in enumerate(COMPANIES):
        target = COMPANIES[(i + 5) % len(COMPANIES)]
        for k, (headline, lead) in enumerate(EVENTS):
            day = start + timedelta(days=30 * k + i)
            short = co.rsplit(" ", 1)[0]
            stories.append(_story(rng, day, headline.format(CO=short.upper(), TARGET=target.rsplit(" ", 1)[0].upper()),
                                  lead.format(co=co, n=rng.randint(11, 60), m=rng.randint(12, 300), target=target,
                                              city=rng.choice(CITIES).title(), month="March", day=rng.randint(1, 28))))
    for j in range(70):
        topic = FILLER_TOPICS[j % len(FILLER_TOPICS)]
        day = start + timedelta(days=rng.randint(0, 120))
        stories.append(_story(rng, day, f"{topic.upper()} PRICES {'RISE' if j % 2 else 'FALL'} IN WEEK {j}",
                              f"Prices of {topic} {'rose' if j % 2 else 'fell'} {rng.randint(2, 9)} pct in the week "
                              f"to {day.strftime('%B')} {day.day}, traders in {rng.choice(CITIES).title()} said"))
    return [{"doc_id": f"wire-{i}", **s} for i, s in enumerate(stories)]


def test_a_months_long_wire_collection_gives_temporal_questions_ordered_by_date(generate_multihop_on):
    items = generate_multihop_on(_collection(), "--n", "24", "--ner", "rules")
    temporal = [i for i in items if i["question_type"] == "temporal_query"]
    assert temporal, [i["query"] for i in items]
    for item in temporal:
        days = [e["published_at"][:10] for e in item["evidence"]]
        assert len(set(days)) == 2  # never two stories of one day
        order = item["provenance"]["extra"]["computation"]["published_at"]
        assert item["answer"] == ("Yes" if order[0] < order[1] else "No")
