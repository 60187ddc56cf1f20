"""End to end on a wire collection: two companies' earnings reports give comparisons whose answers the
validators re-derive from the cited table lines (a collection written for this test in the 1987 wire's style)."""

from __future__ import annotations

import random
from datetime import date, timedelta

from benchsmith.validators.multihop import limit_value

COMPANIES = ["Halvorsen Mills", "Kestrel Foods", "Ardmore Shipping", "Brindle Tool", "Castellan Steel",
             "Dunmore Textile", "Everly Chemical", "Fairhaven Airlines", "Glenrock Mining", "Harrowgate Paper"]
CITIES = ["CHICAGO", "BOSTON", "DALLAS", "DENVER", "ATLANTA", "HOUSTON", "MIAMI", "CLEVELAND"]


def _collection() -> list[dict]:
    rng = random.Random(5)
    start = date(1987, 2, 26)
    stories = []
    for i, name in enumerate(COMPANIES):
        day = start + timedelta(days=i % 5)
        net, revs = rng.randint(400, 9000) * 1000, rng.randint(20, 900) / 10
        ticker = "".join(w[0] for w in name.split()) + "X"
        stories.append({
            "title": f"{name.upper()} INC <{ticker}> 4TH QTR NET",
            "text": (f"{rng.choice(CITIES)}, {day.strftime('%b')} {day.day} - Shr {rng.randint(5, 90)} cts vs "
                     f"{rng.randint(5, 90)} cts\n    Net {net:,} vs {int(net * 0.8):,}\n    Revs {revs} mln vs "
                     f"{round(revs * 0.9, 1)} mln"),
            "source": "Reuters", "published_at": f"{day.isoformat()}T15:00:00"})
    for j in range(100):  # the wire's other traffic: dated stories on commodities
        day = start + timedelta(days=j % 6)
        stories.append({"title": f"GRAIN PRICES {'RISE' if j % 2 else 'FALL'} IN SESSION {j}",
                        "text": f"{rng.choice(CITIES)}, {day.strftime('%b')} {day.day} - Grain prices moved "
                                f"{rng.randint(2, 9)} cts in session {j}, traders said.",
                        "source": "Reuters", "published_at": f"{day.isoformat()}T10:00:00"})
    return [{"doc_id": f"wire-{i}", **s} for i, s in enumerate(stories)]


def test_earnings_reports_of_one_quarter_give_validated_comparisons(generate_multihop_on):
    items = generate_multihop_on(_collection(), "--n", "12", "--ner", "rules")
    earnings = [i for i in items if i["provenance"]["extra"]["template"].startswith("comparison.earnings")]
    assert earnings, [i["query"] for i in items]
    for item in earnings:
        assert "fourth-quarter" in item["query"] and len({e["doc_id"] for e in item["evidence"]}) == 2
        comp = item["provenance"]["extra"]["computation"]
        first, second = (limit_value(v, "money") for v in comp["values"])
        assert all(v in e["fact"] for v, e in zip(comp["values"], item["evidence"], strict=True))
        if comp.get("choice"):
            assert item["answer"] == comp["choice"][0 if first > second else 1]
        else:
            assert item["answer"] == ("Yes" if first > second else "No")
