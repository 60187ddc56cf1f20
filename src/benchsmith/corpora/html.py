"""HTML to plain text with paragraph breaks, plus the metadata a news page usually carries."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

# Subtrees that are never document content.
_DROP = frozenset({"script", "style", "nav", "noscript", "template", "svg", "iframe", "head", "button", "form", "footer"})
# Elements that start and end a block of text; inline elements flow into the line around them.
_BLOCK = frozenset(
    """address article aside blockquote dd details dialog div dl dt fieldset figcaption figure footer
    h1 h2 h3 h4 h5 h6 header hr li main ol p pre section summary table tbody thead tfoot tr ul
    caption""".split()
)
_CELL = frozenset({"td", "th"})
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_SPACES = re.compile(r"[ \t\f\v\u00a0]+")
_BLANKS = re.compile(r"\n{3,}")

_DATE_META = (
    'meta[property="article:published_time"]',
    'meta[name="article:published_time"]',
    'meta[name="date"]',
    'meta[name="pubdate"]',
    'meta[name="publish-date"]',
    'meta[name="dc.date"]',
    'meta[itemprop="datePublished"]',
)
_SOURCE_META = ('meta[property="og:site_name"]', 'meta[name="source"]', 'meta[name="publisher"]')
_AUTHOR_META = ('meta[name="author"]', 'meta[property="article:author"]')


@dataclass
class HtmlPage:
    title: str
    text: str
    links: list[str] = field(default_factory=list)
    published_at: str | None = None
    source: str | None = None
    url: str | None = None
    author: str | None = None


def parse_html(html: str) -> HtmlPage:
    """Reduce an HTML page to text, keeping paragraph breaks and dropping scripts, styles, navigation and footers.

    The title is the ``<title>``, else the first heading, else empty (the caller
    falls back to the file name).
    """
    tree = LexborHTMLParser(html)
    title = _first_text(tree, ("title",)) or _first_text(tree, _HEADINGS)
    meta = {
        "published_at": _meta(tree, _DATE_META) or _attr(tree, "time[datetime]", "datetime"),
        "source": _meta(tree, _SOURCE_META),
        "url": _attr(tree, 'link[rel="canonical"]', "href") or _meta(tree, ('meta[property="og:url"]',)),
        "author": _meta(tree, _AUTHOR_META),
    }
    root = tree.body or tree.root
    pieces: list[str] = []
    links: dict[str, None] = {}
    if root is not None:
        _walk(root, pieces, links)
    text = normalize_text("".join(pieces))
    # The page's own heading repeats the title; keep it out of the body as for Markdown.
    if title and text.startswith(title) and text[len(title) : len(title) + 1] in ("", "\n"):
        text = text[len(title) :].lstrip()
    return HtmlPage(title=title, text=text, links=list(links), **meta)


def _walk(node: LexborNode, out: list[str], links: dict[str, None]) -> None:
    """Append the text under `node` to `out`, with blank lines around blocks; collect link targets.

    Iterative, not recursive: pages with thousands of unclosed tags nest that deep.
    """
    # Each entry is a node to visit (None past the last sibling) or text to emit when a block closes.
    stack: list[LexborNode | str | None] = [node.child]
    while stack:
        child = stack.pop()
        if child is None:
            continue
        if isinstance(child, str):
            out.append(child)
            continue
        stack.append(child.next)
        tag = child.tag
        if tag == "-text":
            out.append(child.text_content or "")
        elif tag == "br":
            out.append("\n")
        elif tag not in _DROP and tag != "-comment":
            if tag == "a":
                href = (child.attributes.get("href") or "").strip()
                if href and not href.startswith(("#", "javascript:", "mailto:", "tel:")):
                    links.setdefault(href, None)
            if tag in _BLOCK:
                out.append("\n\n")
                stack.append("\n\n")
            elif tag in _CELL:
                out.append(" ")
            stack.append(child.child)


def normalize_text(text: str) -> str:
    """Collapse runs of spaces, strip every line, and keep at most one blank line between paragraphs."""
    lines = [_SPACES.sub(" ", line).strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip()


def _first_text(tree: LexborHTMLParser, tags: tuple[str, ...]) -> str:
    for tag in tags:
        node = tree.css_first(tag)
        if node is not None:
            text = " ".join(node.text(separator=" ").split())  # a title is one line, however the page wraps it
            if text:
                return text
    return ""


def _meta(tree: LexborHTMLParser, selectors: tuple[str, ...]) -> str | None:
    for sel in selectors:
        value = _attr(tree, sel, "content")
        if value:
            return value
    return None


def _attr(tree: LexborHTMLParser, selector: str, name: str) -> str | None:
    node = tree.css_first(selector)
    if node is None:
        return None
    value = (node.attributes.get(name) or "").strip()
    return value or None

