"""Year comparisons asked as a choice between the two named sides, the shape most comparison questions of HotpotQA
and 2WikiMultihopQA take:

    Which film was released first, Vamping Venus or Stranger in Town?     -> Vamping Venus
    Who was born first, David Aldus or Sherry Hormann?                    -> David Aldus

(`creator_compare` words its own: "Which film has the director who died first, X or Y?"; `field_compare` a manual's
"Which module was introduced first, A or B?".)

The answer is one side's name; the computation carries both names (`choice`) so the comparison validator
re-derives it from the two cited years. Only a comparison that names both sides is asked this way: a side
described by its facts ("the Tom Roberts painting held by the Art Gallery of New South Wales") has no name a
reader could give back.
"""

from __future__ import annotations

from benchsmith.generators.multihop.compose.naming import person_reference, work_reference

CHOICE_EVERY = 3  # one year comparison in this many is a choice; the rest stay Yes/No


def as_choice(cand: dict, made: dict[str, tuple[str, str]]) -> dict | None:
    """`cand` (an "earlier" Yes/No comparison of two named sides) asked as "Which ... first, X or Y?", or None."""
    comp = cand["computation"]
    if comp.get("op") != "earlier" or comp.get("described") or len(cand["evidence"]) != 2 or "years" not in comp:
        return None
    (x, _), (y, _) = cand["evidence"]
    attr = comp["attribute"]
    if x.kind == "person" and y.kind == "person" and attr in ("born", "died"):
        refs = person_reference(x, attr), person_reference(y, attr)
        lead = "Who was born first" if attr == "born" else "Who died first"
    elif attr == "year" and x.kind == y.kind and x.kind in made:
        # the lead names the kind: "Which film ..., Vamping Venus or Stranger in Town by Erle C. Kenton?"
        refs = tuple(without_kind(work_reference(p, "year", with_kind=False), x.kind) for p in (x, y))
        if None in refs or (refs[0] == x.name) != (refs[1] == y.name) or any("," in r for r in refs):
            # "The Jack Pine or the Willard Metcalf painting May Night": a qualifier on one side only points at it,
            # and "The Rocky Mountains, Lander's Peak or Dekkersduin" reads as three
            return None
        lead = f"Which {x.kind} was {made[x.kind][0]} first"
    else:
        return None
    if None in refs:
        return None
    earlier = x if comp["years"][0] < comp["years"][1] else y
    return {**cand, "query": f"{lead}, {refs[0]} or {refs[1]}?", "answer": earlier.name,
            "template": cand["template"] + ".choice", "computation": {**comp, "choice": [x.name, y.name]}}


def without_kind(ref: str | None, kind: str) -> str | None:
    prefix = f"the {kind} "
    return ref[len(prefix):] if ref is not None and ref.startswith(prefix) else ref
