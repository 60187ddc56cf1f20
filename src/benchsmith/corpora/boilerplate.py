"""Find and drop a site's template (menus, breadcrumbs, footers) from the pages of one folder.

A paragraph block is template when it stands at a page's top or bottom edge
(counting only blocks already found to be template as the way there) on a
large share of the folder's pages. Position matters: a line that many pages
share mid-page ("Status: Extension") is content and stays.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: Folders with fewer pages than this are left as they are: too few to tell a site's template from chance.
MIN_PAGES = 5
#: A block is template when it stands at the same edge of at least this share of the folder's pages.
MIN_SHARE = 0.5
#: A page's own heading may sit between the site header and more header blocks (a language switcher).
_HEADING_MAX_WORDS = 12

_BLOCK_BREAK = "\n\n"
# Navigation lists: "Modules | Directives | FAQ", "Apache > HTTP Server > Documentation".
_NAV_SEPARATOR = re.compile(r"\s+([|>»›·•])\s+")
_NAV_ITEM_MAX_WORDS = 4


@dataclass(frozen=True)
class TemplateCut:
    """What :func:`strip_template` did to one page."""

    text: str
    lines_dropped: int = 0
    head_dropped: bool = False


def needed_pages(n_pages: int) -> int:
    """How many pages must share an edge block (or a title part) for it to count as the site's."""
    return max(MIN_PAGES, math.ceil(MIN_SHARE * n_pages))


def strip_template(texts: Sequence[str]) -> list[TemplateCut]:
    """Drop the template blocks from the edges of each page of one folder; pages keep their order.

    A page that would be left with nothing but template keeps its text unchanged.
    """
    if len(texts) < MIN_PAGES:
        return [TemplateCut(t) for t in texts]
    pages = [t.split(_BLOCK_BREAK) for t in texts]
    keys = [[_block_keys(b) for b in blocks] for blocks in pages]
    need = needed_pages(len(texts))
    head = _learn(keys, need, lambda p, marks: _head_edge(keys[p], marks))
    head_cut = [_head_cut(k, head) for k in keys]
    tail = _learn(keys, need, lambda p, marks: _tail_edge(keys[p], marks, head_cut[p][0]))
    either = head | tail
    cuts = []
    for text, blocks, k, (header_end, header) in zip(texts, pages, keys, head_cut, strict=True):
        dropped = header | set(range(_tail_start(k, tail, header_end), len(blocks)))
        kept = [b for i, b in enumerate(blocks) if i not in dropped]
        if not dropped or all(_is_template(k[i], either) for i in range(len(blocks)) if i not in dropped):
            cuts.append(TemplateCut(text))
            continue
        lines = sum(blocks[i].count("\n") + 1 for i in dropped)
        cuts.append(TemplateCut(_BLOCK_BREAK.join(kept), lines, head_dropped=bool(header)))
    return cuts


def _block_keys(block: str) -> tuple[str, ...]:
    """The exact text of a block (spaces collapsed) and, for a navigation list, its family.

    Families let the varying part of a navigation list match: "Available Languages: en",
    "Available Languages: en | fr" and "... de | en | ja" share their label; breadcrumbs
    "Apache > HTTP Server > Modules" and "Apache > HTTP Server" share their separator and
    first item. Every item must be a few words long, so prose never joins a family.
    """
    exact = " ".join(block.split())
    if not exact:
        return ()
    parts = _NAV_SEPARATOR.split(exact)
    items, separators = parts[0::2], set(parts[1::2])
    if len(separators) > 1 or any(not item or len(item.split()) > _NAV_ITEM_MAX_WORDS for item in items):
        return (exact,)
    label, colon, first = items[0].partition(":")
    if colon and label.replace(" ", "").isalpha() and first.strip():
        family = label.strip() + ":"
    elif len(items) >= 2:
        family = f"{separators.pop()} {items[0]}"
    else:
        return (exact,)
    return (exact, "\x00" + family)  # the NUL keeps a family apart from any block's exact text


def _learn(
    keys: Sequence[Sequence[tuple[str, ...]]],
    need: int,
    edge: Callable[[int, set[str]], list[tuple[str, ...]]],
) -> set[str]:
    """The keys that reach one edge of at least `need` pages, peeling the template found so far."""
    marks: set[str] = set()
    while True:
        pages_at_edge: dict[str, set[int]] = defaultdict(set)
        for p in range(len(keys)):
            for block_keys in edge(p, marks):
                for key in block_keys:
                    pages_at_edge[key].add(p)
        new = {k for k, pages in pages_at_edge.items() if len(pages) >= need} - marks
        if not new:
            return marks
        marks |= new


def _is_template(block_keys: tuple[str, ...], marks: set[str]) -> bool:
    return not block_keys or any(k in marks for k in block_keys)


def _is_heading(block_keys: tuple[str, ...]) -> bool:
    return bool(block_keys) and len(block_keys[0].split()) <= _HEADING_MAX_WORDS


def _head_edge(page: Sequence[tuple[str, ...]], marks: set[str]) -> list[tuple[str, ...]]:
    """The blocks where a page's header stops: the first non-template one, and the next when it may be skipped."""
    i, _, skipped_heading = _head_walk(page, marks)
    if i == len(page):
        return []
    if not skipped_heading and _is_heading(page[i]) and i + 1 < len(page):
        return [page[i], page[i + 1]]
    return [page[i]]


def _head_cut(page: Sequence[tuple[str, ...]], marks: set[str]) -> tuple[int, set[int]]:
    """(index of the first block the footer may not reach past, indexes of the header's blocks)."""
    i, dropped, _ = _head_walk(page, marks)
    return i, dropped


def _head_walk(page: Sequence[tuple[str, ...]], marks: set[str]) -> tuple[int, set[int], bool]:
    """Walk over a page's header: (where it stops, its template blocks, whether a heading was stepped over)."""
    dropped: set[int] = set()
    i, skipped_heading = 0, False
    while i < len(page):
        if _is_template(page[i], marks):
            dropped.add(i)
        elif not skipped_heading and _is_heading(page[i]) and i + 1 < len(page) and _is_template(page[i + 1], marks):
            skipped_heading = True  # the page's heading is kept; the template block after it goes
        else:
            break
        i += 1
    return i, dropped, skipped_heading


def _tail_edge(page: Sequence[tuple[str, ...]], marks: set[str], stop: int) -> list[tuple[str, ...]]:
    j = _tail_start(page, marks, stop)
    return [page[j - 1]] if j > stop else []


def _tail_start(page: Sequence[tuple[str, ...]], marks: set[str], stop: int) -> int:
    """Index of the first block of the page's footer (len(page) when it has none)."""
    j = len(page)
    while j > stop and _is_template(page[j - 1], marks):
        j -= 1
    return j
