"""Candidate questions: an article set from the graph, one value fact per article, an operation, a computed answer.

Drafts are built without a model; the llm strategy only rewords them. Every
failure (no set, a tie, an answer leaked by a title, more than one corpus
article fitting the constraints) is a Rejected record with its reason.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

import networkx as nx

from benchsmith.generators.core.figures.measure import measure_key, qualified
from benchsmith.generators.frames.derive import OP_TYPES, base_value, compute, count_threshold, count_window, window
from benchsmith.generators.frames.graph import bridge_of, draw_set, two_hop
from benchsmith.generators.frames.kinds import (
    FAMILY_OPS,
    fact_kind,
    family_kind,
    figure_key,
    pages_by_statement,
    pages_by_value,
    repeated_statement,
    same_measure,
)
from benchsmith.generators.frames.wording import answer_name, clean_title, question
from benchsmith.schemas.frames import FramesFact
from benchsmith.types import Document, Rejected

SAME_UNIT_SHARE = 0.7
YEAR_DIMS = ("year:made", "year:born", "year:person_born")
QTY_DIMS = ("time", "data", "percent", "length", "count")
# reasoning type -> (op, kind of value, smallest k, largest k); "duration" is a quantity of time (temporal reasoning)
OPS = {
    "temporal": [("gap", "year", 2, 2), ("earliest", "year", 3, 6), ("order", "year", 3, 4), ("count", "year", 5, 10),
                 ("gap", "duration", 2, 2), ("largest", "duration", 3, 4), ("count", "duration", 3, 6)],
    "numerical": [("gap", "year", 2, 2), ("gap", "qty", 2, 2), ("count", "year", 3, 10), ("count", "qty", 3, 10),
                  ("ratio", "qty", 2, 2), ("largest", "qty", 3, 5), ("order", "qty", 3, 4), ("second", "qty", 3, 5),
                  ("same", "qty", 3, 5)],
    "post_processing": [("roman", "year", 2, 5), ("convert", "table", 2, 4), ("gap_in", "qty", 2, 2)],
    # A closed set: the candidates are named, so the one that fits is unique in the world, not only in the corpus.
    "constraints": [("after", "year", 3, 5), ("between", "year", 4, 6), ("between", "qty", 4, 6),
                    ("within", "qty", 3, 5), ("count_within", "qty", 4, 8)],
    "tabular": [("sum", "table", 2, 8), ("gap", "table", 2, 2), ("count", "table", 3, 8)],
}
CHOICE_OPS = ("earliest", "largest", "second", "same", "order", "after", "between", "within")  # the answer is one of the named subjects
# Adding up figures is natural only for one measure read from tables (a column), never for unrelated limits.
SAME_MEASURE_OPS = ("sum", "convert")
# operations that need every figure of the set to differ (a tie leaves no single answer)
DISTINCT_OPS = ("largest", "second", "order", "within")
# Templates a reader sees as one: "Which of these is the largest: ..." and "Which of these is the second largest: ...".
# A window ("Which of these is larger than 3 KB but smaller than 9 KB") is a shape of its own: two constraints, not a
# ranking (with them one shape, a manual's limits filled the cap on picks long before its other shapes).
SHAPE_FAMILY = {"largest": "pick", "second": "pick"}
def shape_of(op: str, first: FramesFact) -> str:
    """The template family a reader sees: one operation over painting years, painters' births or figures."""
    return option_shape(op, first.kind == "year", first.dimension)


def option_shape(op: str, year: bool, dimension: str) -> str:
    """shape_of for an operation over facts of a dimension, before any fact is drawn."""
    kind = {"year:born": "born", "year:person_born": "person"}.get(dimension, "year" if year else "figure")
    if kind == "figure":
        # limits on how many ("Which of these limits is the highest") read apart from sizes and durations
        return f"{SHAPE_FAMILY.get(op, op)}:figure" + (":count" if dimension == "count" else "")
    return f"{op}:{kind}"


def max_size(rtype: str) -> int:
    return max(hi for *_, hi in OPS[rtype])


def min_size(rtype: str) -> int:
    return min(lo for _, _, lo, _ in OPS[rtype])


@dataclass
class Draft:
    """A candidate question with its computed answer, before validation and wording."""

    rtype: str
    op: str
    question: str
    answer: str
    labels: list[str]
    facts: list[FramesFact]  # value facts in derivation order, then membership facts
    inputs: list[str]
    roles: dict[str, str]  # doc_id -> input | bound | answer
    bridge: str | None
    titles: dict[str, str]  # doc_id -> clean title
    steps: list[str] = field(default_factory=list)
    params: dict = field(default_factory=dict)

    @property
    def shape(self) -> str:
        return shape_of(self.op, self.facts[0])


class Assembler:
    def __init__(self, documents: dict[str, Document], facts: dict[str, list[FramesFact]], graph: nx.Graph,
                 seed: int) -> None:
        self.documents, self.graph, self.rng = documents, graph, random.Random(seed)
        self.rejected: list[Rejected] = []
        self.value_facts: dict[str, dict[str, FramesFact]] = defaultdict(dict)  # dimension -> doc -> fact
        self.table_facts: dict[str, dict[str, FramesFact]] = defaultdict(dict)
        # A page may state several measures of one kind, each named by its own phrase: a draft takes one of them
        # (the one fewest other pages repeat stands for the page in the counts), at most one per page per question.
        self.alternatives: dict[tuple[str, str], list[FramesFact]] = defaultdict(list)
        self.table_rows: dict[tuple[str, str], list[FramesFact]] = defaultdict(list)
        facts = self._unambiguous(facts)
        seen = Counter((f.dimension, round(base_value(f), 6)) for fs in facts.values() for f in fs if f.kind != "name")
        for doc_id, fs in sorted(facts.items()):
            for f in sorted(fs, key=lambda f: seen[(f.dimension, round(base_value(f), 6))] if f.kind != "name" else 0):
                if f.kind == "name":
                    continue
                if f.from_table:
                    self.table_facts[f.dimension].setdefault(doc_id, f)
                    self.table_rows[(f.dimension, doc_id)].append(f)
                else:
                    self.value_facts[f.dimension].setdefault(doc_id, f)
                    self.alternatives[(f.dimension, doc_id)].append(f)
        self._kinds: dict[tuple[str, str, str], dict[str, dict[str, list[FramesFact]]]] = {}
        # Caches of what a draft reads tens of thousands of times a run, keyed by what it asks for (a type and size, an
        # operation, a pool of facts). Everything they are computed from (the pools above, the documents' titles) is
        # fixed once __init__ returns, and an Assembler lives for one drafting pass over one corpus.
        self._options: dict[tuple[str, int], tuple[tuple[tuple[str, str, str], ...], tuple[str, ...]]] = {}
        self._group_lists: dict[tuple[str, str, str, int], tuple[str, ...]] = {}
        self._statement_pages_of: dict[tuple, list[list[str]]] = {}
        self._value_pages_of: dict[tuple, list[list[str]]] = {}
        self._figures: dict[str, dict[tuple[str | None, float], dict[str, list[FramesFact]]]] = {}

    def _unambiguous(self, facts: dict[str, list[FramesFact]]) -> dict[str, list[FramesFact]]:
        """A measure given different values on different pages ("the maximum size of a SQL expression": 128 KB on
        the Glacier Select page, 256 KB on the S3 Select one) names none of them: each such fact is narrowed to its
        page's task ("... when selecting content from objects"), or dropped (ledgered) where the title names none."""
        values: dict[tuple, set] = defaultdict(set)
        for fs in facts.values():
            for f in fs:
                if f.kind == "quantity" and not f.from_table:
                    values[measure_key(f.label)].add(round(base_value(f), 6))
        out: dict[str, list[FramesFact]] = {}
        for doc_id, fs in facts.items():
            kept = []
            for f in fs:
                if f.kind != "quantity" or f.from_table or len(values[measure_key(f.label)]) == 1:
                    kept.append(f)
                    continue
                narrowed = qualified(f.label, clean_title(self.documents[doc_id].title))
                if narrowed is None:
                    self._reject("ambiguous_measure", f"{f.label!r} has {len(values[measure_key(f.label)])} values on "
                                 "different pages and this page's title names no task to tell it apart", doc_id)
                    continue
                kept.append(f.model_copy(update={"label": narrowed}))
            out[doc_id] = kept
        return out

    def _one_page_per_statement(self, pool: dict[str, FramesFact]) -> dict[str, FramesFact]:
        """One page, drawn at random, for a figure several pages repeat ("bucket policies are limited to 20 KB"),
        so a draw does not spend its attempts on sets that would count one fact twice."""
        return self._one_page_each(pool, self._statement_pages_of, self._statement_pages)

    def _one_page_per_value(self, pool: dict[str, FramesFact]) -> dict[str, FramesFact]:
        """One page, at random, for each value: a ranking or a window over a manual's limits (many of them 100 or
        1,000) would otherwise draw a tie almost every time."""
        return self._one_page_each(pool, self._value_pages_of, pages_by_value)

    def _one_page_each(self, pool: dict[str, FramesFact], cache: dict[tuple, list[list[str]]],
                       pages_of: Callable[[dict[str, FramesFact]], list[list[str]]]) -> dict[str, FramesFact]:
        """The pool with one page drawn from each of `pages_of(pool)`'s lists. Those lists depend on the pool's facts
        alone, and a run draws the same few hundred pools tens of thousands of times: `cache` keeps them per pool,
        the draw is made every time. The key is each page with its fact object (fact ids are not unique: a page may
        give two facts one id), and the objects are this Assembler's own, alive as long as it is."""
        key = tuple((d, id(f)) for d, f in pool.items())
        if key not in cache:
            cache[key] = pages_of(pool)
        keep = {self.rng.choice(pages) for pages in cache[key]}
        return {d: f for d, f in pool.items() if d in keep}

    def _statement_pages(self, pool: dict[str, FramesFact]) -> list[list[str]]:
        return pages_by_statement(pool, {d: self.documents[d].title for d in pool})

    def _pairs(self) -> nx.Graph:
        return two_hop(self.graph, self.documents)

    def _reject(self, reason: str, detail: str, ref: str | None = None) -> None:
        self.rejected.append(Rejected(step="frames.assemble", reason=reason, detail=detail, input_ref=ref))

    def options(self, rtype: str, k: int) -> list[tuple[str, str, str]]:
        """(op, kind, dimension) choices that can serve a k-article question of this type on this corpus."""
        return list(self._options_and_shapes(rtype, k)[0])

    def _options_and_shapes(self, rtype: str, k: int) -> tuple[tuple[tuple[str, str, str], ...], tuple[str, ...]]:
        """options(rtype, k) and the shape of each (what draft weighs them by), worked out once per type and size:
        they read only the pools, fixed once __init__ returns."""
        if (rtype, k) not in self._options:
            options = tuple(self._find_options(rtype, k))
            self._options[(rtype, k)] = options, tuple(option_shape(op, kind == "year", dim) for op, kind, dim in options)
        return self._options[(rtype, k)]

    def _find_options(self, rtype: str, k: int) -> list[tuple[str, str, str]]:
        """options(rtype, k), read from the pools."""
        out = []
        for op, kind, lo, hi in OPS[rtype]:
            if not lo <= k <= hi:
                continue
            pool = self._pool(op, kind)
            dims = YEAR_DIMS if kind == "year" else ("time",) if kind == "duration" else QTY_DIMS
            if op in ("sum", "convert", "mean", "ratio", "gap_in"):
                dims = tuple(d for d in dims if d != "percent")  # shares of different wholes do not add up
            if op in ("sum", "convert", "gap_in"):
                dims = tuple(d for d in dims if d != "count")  # limits on one thing's count are compared, not added
            if op in ("after", "between") and kind == "year":
                dims = ("year:made", "year:person_born")  # a painter's birth orders painters, not the works named
            out += [(op, kind, d) for d in dims
                    if len(pool.get(d, {})) >= k and (kind != "table" or self.table_facts.get(d))
                    and (op != "count" or kind != "qty" or d != "percent") and self._groups(op, kind, d, k)]
        return out

    def _by_kind(self, op: str, kind: str, dim: str) -> dict[str, dict[str, list[FramesFact]]]:
        """kind of measure -> page -> its facts of that kind, for one dimension: only facts of one kind are
        compared or combined in a question (the seeds of a tabular question are the pages with a table fact)."""
        key = (op if op in SAME_MEASURE_OPS or op in FAMILY_OPS else "", kind, dim)
        if key not in self._kinds:
            groups: dict[str, dict[str, list[FramesFact]]] = defaultdict(lambda: defaultdict(list))
            for d in self._pool(op, kind).get(dim, {}):
                table = self.table_rows.get((dim, d), []) if kind == "table" else []
                prose = [] if kind == "table" and op in SAME_MEASURE_OPS else self.alternatives.get((dim, d), [])
                for f in table + [f for f in prose if fact_kind(f) not in {fact_kind(t) for t in table}]:
                    if fact_kind(f) is not None:
                        groups[family_kind(f, op)][d].append(f)
            self._kinds[key] = {g: dict(pages) for g, pages in groups.items()}
        return self._kinds[key]

    def _groups(self, op: str, kind: str, dim: str, k: int) -> tuple[str, ...]:
        """The kinds with k pages or more (for a tabular question, one of them with a table value); cached per
        (op, kind, dim, k) like _by_kind, which it reads."""
        key = (op, kind, dim, k)
        if key not in self._group_lists:
            self._group_lists[key] = tuple(sorted(
                g for g, pages in self._by_kind(op, kind, dim).items() if len(pages) >= k
                and (kind != "table" or any(f.from_table for fs in pages.values() for f in fs))))
        return self._group_lists[key]

    def comparable_figures(self) -> int:
        """Prose and table figures that share their kind with a figure on another page (what questions can use)."""
        seen = {f.fact_id for dim in set(self.value_facts) | set(self.table_facts) if not dim.startswith("year")
                for pages in self._by_kind("", "table", dim).values() if len(pages) >= 2
                for fs in pages.values() for f in fs}
        return len(seen)

    def _pool(self, op: str, kind: str) -> dict[str, dict[str, FramesFact]]:
        if kind != "table":
            return self.value_facts
        return dict(self.table_facts) if op in SAME_MEASURE_OPS else self._table_pool()

    def _table_pool(self) -> dict[str, dict[str, FramesFact]]:
        """Per measure, each article's table value where it has one, else its prose value."""
        dims = set(self.table_facts) | set(self.value_facts)
        return {d: {**self.value_facts.get(d, {}), **self.table_facts.get(d, {})} for d in dims}

    def draft(self, rtype: str, k: int, shape_use: Counter | None = None) -> Draft | None:
        """A draft of the type over k articles; with `shape_use` (shape -> questions so far) the operation is drawn
        leaning away from shapes already asked, so a set spreads over the shapes the corpus holds before the
        shape cap trims it."""
        options, shapes = self._options_and_shapes(rtype, k)
        if not options:
            return None
        if shape_use is None:
            op, kind, dim = self.rng.choice(options)
        else:
            weights = [1 / (1 + shape_use[shape]) ** 2 for shape in shapes]
            op, kind, dim = self.rng.choices(options, weights)[0]
        groups = self._groups(op, kind, dim, k)
        pages = self._by_kind(op, kind, dim)[groups[0] if len(groups) == 1 else self.rng.choice(groups)]
        pool = {d: fs[0] if len(fs) == 1 and kind == "table" else self.rng.choice(fs) for d, fs in pages.items()}
        pool = self._one_page_per_statement(pool)
        if op in DISTINCT_OPS and kind != "year":
            pool = self._one_page_per_value(pool)
        # a tabular question starts from a table value
        seeds = [d for d, f in pool.items() if f.from_table] if kind == "table" else None
        if kind in ("qty", "duration"):
            units = Counter(f.unit.lower() for f in pool.values())
            common = sorted(u for u, n in units.items() if n >= k)
            if common and self.rng.random() < SAME_UNIT_SHARE:
                # Values in one unit make sums read naturally and keep every article's share visible in the answer.
                unit = self.rng.choice(common)
                pool = {d: f for d, f in pool.items() if f.unit.lower() == unit}
        # Articles may also be joined through one page that links both (a shared neighbour): still one topic, and a
        # manual has few pages with a figure that link each other directly.
        linked = self._pairs()
        members = draw_set(linked, pool, k, self.rng, seeds)
        if members is None:
            self._reject("no_linked_set", f"no connected set of {k} articles with {dim} facts")
            return None
        if op in ("after", "between"):
            return self._constraint(op, [pool[d] for d in members], bridge_of(linked, members))
        facts = [pool[d] for d in members]
        return self._finish(rtype, op, facts, members, {d: "input" for d in members}, bridge_of(linked, members))

    def _constraint(self, op: str, facts: list[FramesFact], bridge: str | None) -> Draft | None:
        """Bounds and named candidates from one linked set: exactly one candidate fits, and telling which needs
        every article (a candidate left unread could be the one that fits).

        after: "Of A, B and C, which was painted soonest after X?" (one bound, a later candidate besides the answer);
        between: "Of A, B and C, which was painted after X but before Y?" (two bounds, the answer alone between them).
        """
        ranked = sorted(facts, key=base_value)
        values = [base_value(f) for f in ranked]
        if len(set(values)) < len(values):
            self._reject("constraints_not_unique", f"{op}: two works of the set share a year", ranked[0].doc_id)
            return None
        gap = 1 if op == "after" else 2
        # after: a candidate later than the answer too, so "soonest" is a constraint and not just "after"
        lows = list(range(len(ranked) - gap - (1 if op == "after" else 0)))
        if not lows:
            return None
        i = self.rng.choice(lows)
        bounds = [ranked[i]] if op == "after" else [ranked[i], ranked[i + 2]]
        winner = ranked[i + 1]
        candidates = [f for f in facts if f not in bounds]
        order = bounds + candidates
        members = [f.doc_id for f in order]
        roles = {**{f.doc_id: "bound" for f in bounds}, **{f.doc_id: "input" for f in candidates}, winner.doc_id: "answer"}
        return self._finish("constraints", op, order, members, roles, bridge, {"bounds": len(bounds)})

    def _stated_elsewhere(self, facts: list[FramesFact], members: list[str]) -> str | None:
        """The label of a figure another page of the set states too ("the minimum storage duration of S3 Glacier" on
        the lifecycle page and in the storage-class table): a reader could answer without the figure's own page."""
        for f in facts:
            if f.kind == "year":
                continue
            stating = self._same_figures(f.dimension).get(figure_key(f), {})
            for d in members:
                if d != f.doc_id and d in stating and any(same_measure(f, g) for g in stating[d]):
                    return f.label
        return None

    def _same_figures(self, dimension: str) -> dict[tuple[str | None, float], dict[str, list[FramesFact]]]:
        """(kind, value) -> page -> its prose, then table, facts of that kind and value, in one dimension; worked out
        once per dimension (the pools are fixed once __init__ returns)."""
        if dimension not in self._figures:
            index: dict[tuple[str | None, float], dict[str, list[FramesFact]]] = defaultdict(lambda: defaultdict(list))
            for by_page in (self.alternatives, self.table_rows):
                for (dim, doc_id), facts in by_page.items():
                    if dim == dimension:
                        for g in facts:
                            index[figure_key(g)][doc_id].append(g)
            self._figures[dimension] = {key: dict(pages) for key, pages in index.items()}
        return self._figures[dimension]

    def _finish(self, rtype: str, op: str, facts: list[FramesFact], members: list[str], roles: dict[str, str],
                bridge: str | None, params: dict | None = None) -> Draft | None:
        titles = {d: clean_title(self.documents[d].title) for d in members}
        by_fact = {f.fact_id: titles[f.doc_id] for f in facts}
        if op in CHOICE_OPS and facts[0].kind != "year":
            # the answer is one of the figures the question names, by the name it gives it
            by_fact = {f.fact_id: answer_name(f, titles[f.doc_id], op) for f in facts}
            params = {**(params or {}), "names": by_fact}
        if len(set(titles.values())) < len(titles):
            self._reject("ambiguous_titles", "two articles of the set share a title", ",".join(members))
            return None
        twice = repeated_statement(facts)
        if twice:
            self._reject("same_fact_twice", f"two articles state the same fact ({twice!r}): it would count twice",
                         ",".join(members))
            return None
        elsewhere = self._stated_elsewhere(facts, members)
        if elsewhere:
            self._reject("page_not_needed", f"{elsewhere} is also stated on another page of the set: its own page "
                         "would not be needed", ",".join(members))
            return None
        if op in ("count", "within", "count_within"):
            bounds = {"count": count_threshold, "within": window, "count_within": count_window}[op](facts, self.rng)
            params = None if bounds is None else {**(params or {}), **bounds}
        else:
            params = dict(params or {})
        if params is None:
            self._reject("no_threshold", "no round threshold splits the values", ",".join(members))
            return None
        try:
            answer = compute(op, [f.fact_id for f in facts], {f.fact_id: f for f in facts}, params, by_fact)
        except ValueError as exc:
            self._reject("not_computable", f"{op}: {exc}", ",".join(members))
            return None
        q = question(op, facts, [titles[d] for d in members], bridge, params)
        if q is None:
            self._reject("no_natural_wording", f"{op}: the measures cannot be named apart", ",".join(members))
            return None
        if any(str(f.value_text) in q for f in facts if f.kind != "name"):
            self._reject("value_in_question", f"a value the answer depends on is written in the question: {q}")
            return None
        labels = {*OP_TYPES[op]} | {"temporal"} if facts[0].kind == "year" else {*OP_TYPES[op]} - {"temporal"} | {"numerical"}
        labels |= {"temporal"} if facts[0].dimension == "time" else set()  # durations compared are temporal reasoning
        labels = sorted(labels | ({"tabular"} if any(f.from_table for f in facts) else set()))
        steps = [f"{titles[f.doc_id]}: {f.value_text}" + (f" ({f.label})" if f.label else "") for f in facts]
        rule = (f" {'<' if params.get('below') else '>'} {params['shown']}" if op == "count"
                else f" in ({params['shown_low']}, {params['shown_high']})" if op in ("within", "count_within") else "")
        return Draft(rtype, op, q, answer, labels, list(facts), [f.fact_id for f in facts], roles, bridge, titles,
                     steps + [f"{op}{rule} -> {answer}"], params)
