"""Find the site name that the titles of one folder's pages share ("mod_ssl - Apache HTTP Server") and trim it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.corpora.boilerplate import MIN_PAGES, needed_pages

SEPARATORS = (" - ", " | ", " — ", " – ", " :: ")


@dataclass(frozen=True)
class SiteAffix:
    """A title part shared by most pages: `name` after (`suffix`) or before the last/first `separator`."""

    name: str
    separator: str
    suffix: bool

    def trim(self, title: str) -> str | None:
        """The title without the site name, or None when it does not carry it (or is nothing else)."""
        stripped = title.strip()
        if self.suffix:
            rest, sep, name = stripped.rpartition(self.separator)
        else:
            name, sep, rest = stripped.partition(self.separator)
        if not sep or name.strip() != self.name or not rest.strip():
            return None
        return rest.strip()


def find_site_affix(titles: Sequence[str]) -> SiteAffix | None:
    """The site name most titles share as a separated prefix or suffix, or None."""
    if len(titles) < MIN_PAGES:
        return None
    counts: Counter[SiteAffix] = Counter()
    for title in titles:
        candidates = set()
        for sep in SEPARATORS:
            if sep not in title:
                continue
            head, _, tail = title.strip().rpartition(sep)
            if tail.strip() and head.strip():
                candidates.add(SiteAffix(tail.strip(), sep, suffix=True))
            head, _, tail = title.strip().partition(sep)
            if tail.strip() and head.strip():
                candidates.add(SiteAffix(head.strip(), sep, suffix=False))
        counts.update(candidates)
    if not counts:
        return None
    # Ties go to the suffix, then to the name's text, so the choice never depends on file order.
    best = min(counts, key=lambda a: (-counts[a], not a.suffix, a.name, a.separator))
    return best if counts[best] >= needed_pages(len(titles)) else None
