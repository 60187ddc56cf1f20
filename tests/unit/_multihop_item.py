"""A composed candidate dressed as the item the multihop validator reads (evidence facts cut from the pages)."""


def validator_item(cand: dict, pages) -> object:
    docs = {d.doc_id: d for d in pages}

    class Ev:
        def __init__(self, doc_id, fact):
            self.doc_id, self.fact, self.claim = doc_id, fact, fact

    item = type("I", (), {"question_type": cand["type"], "answer": cand["answer"]})()
    item.evidence = [Ev(p.doc_id, docs[p.doc_id].text[v.start:v.end]) for p, v in cand["evidence"]]
    item.provenance = type("P", (), {"extra": {"computation": cand["computation"]}})()
    return item


def assert_yes_no_rederived(cand: dict, pages) -> None:
    """The comparison validator accepts a Yes/No candidate's answer and refuses the other one."""
    from benchsmith.validators.multihop import ComparisonConsistency

    item = validator_item(cand, pages)
    assert ComparisonConsistency().check(item, None) == [], cand["query"]
    item.answer = "No" if cand["answer"] == "Yes" else "Yes"
    assert ComparisonConsistency().check(item, None), cand["query"]
