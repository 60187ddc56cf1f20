"""What a Markdown page says, without the escapes, anchors and images its source format adds.

CommonMark reads a backslash before ASCII punctuation as the punctuation itself ("4 days\\." is "4 days."), and
documentation sites escape nearly every period, parenthesis and hyphen that way; left in, a sentence never ends at
its period and "\\(14 days\\)" is no figure. Pages also carry in-page anchors (`<a name="x"></a>`, often on the
title line) and images (`![alt](diagram.png)`), which name nothing a reader of the text sees. Code is kept exactly
as written, since there a backslash is the code's own: fenced and indented blocks (found by markdown-it, which
knows a list item's indentation from a code block's), HTML blocks, and inline code spans.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

_PARSER = MarkdownIt("commonmark")
_AS_WRITTEN = frozenset({"fence", "code_block", "html_block"})
_INLINE_CODE = re.compile(r"`[^`\n]+`")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_ANCHOR = re.compile(r"<a\s+(?:name|id)\s*=\s*\"[^\"]*\"\s*>\s*</a>", re.IGNORECASE)
_IMAGE = re.compile(r"!\[(?:\\.|[^\]\\])*\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_LINKED_IMAGE = re.compile(r"\[\s*(?:" + _IMAGE.pattern + r")\s*\]\([^)\s]*\)")  # a thumbnail linked to its video


def _prose(text: str) -> str:
    text = _IMAGE.sub("", _LINKED_IMAGE.sub("", text))
    return _ESCAPE.sub(r"\1", _ANCHOR.sub("", text))


def _line(line: str) -> str:
    out, at = [], 0
    for m in _INLINE_CODE.finditer(line):
        out += [_prose(line[at:m.start()]), m.group(0)]
        at = m.end()
    return "".join([*out, _prose(line[at:])])


def markdown_prose(body: str) -> str:
    """`body` with escapes read and anchors and images dropped, outside code."""
    kept: set[int] = set()
    for token in _PARSER.parse(body):
        if token.type in _AS_WRITTEN and token.map:
            kept.update(range(*token.map))
    lines = body.split("\n")
    return "\n".join(line if i in kept else _line(line) for i, line in enumerate(lines))
