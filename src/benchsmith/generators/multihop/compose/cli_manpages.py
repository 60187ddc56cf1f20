"""A command's options read from its manual page: the NAME / SYNOPSIS / OPTIONS layout of man pages as cargo, git
and most GNU tools publish them (rendered to text or Markdown), one flag per line and its description below it.

    NAME                                      OPTIONS
    cargo-bench — Execute benchmarks          Benchmark Options
    SYNOPSIS                                  --no-run
    cargo bench [options] [benchname]         Compile, but don't run benchmarks.
                                              -p spec…
                                              --package spec…
                                              Benchmark only the specified packages. ...

The command is named by the synopsis words that NAME spells with hyphens ("cargo-report" picks "cargo report" out
of "cargo report type [options]"). An option's entry is its flag lines (a short and a long spelling may stand on
lines of their own) through the first paragraph of its description; that entry and the synopsis line are what a
question about the option cites, since the page's whole option list is pages long.
"""

from __future__ import annotations

import re

from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document

_SECTION = re.compile(r"^[ \t]*#{0,3}[ \t]*(?P<name>[A-Z][A-Z ]{2,30}?)[ \t]*$", re.MULTILINE)
_NAME = re.compile(r"\A\s*(?P<name>[a-z][\w.-]*)(?:\(\d\))?\s+[—–-]+\s")
_WORD = re.compile(r"[a-z][\w.-]*")
# "--no-run", "-p spec…", "--config KEY=VALUE or PATH", "-n, --dry-run", "--cleanup=<mode>": flags and a
# one-word argument each, alone on their line ("--no-capture to the test binaries:" is hard-wrapped prose)
_FLAG = r"-{1,2}[A-Za-z0-9][\w-]*(?:[ =][^\s,]+(?: or [^\s,]+)?)?"
_FLAG_LINE = re.compile(rf"^[ \t]*{_FLAG}(?:,[ \t]*{_FLAG})*[ \t]*$")
_LONG = re.compile(r"(?:^|,\s*)--(?P<flag>[a-z0-9][\w-]*)")


def _sections(text: str) -> dict[str, tuple[int, int]]:
    """The page's upper-case sections ("NAME", "SYNOPSIS", "OPTIONS"): each from the line after its heading to the
    next heading; the first of each name."""
    heads = list(_SECTION.finditer(text))
    out: dict[str, tuple[int, int]] = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        out.setdefault(m.group("name").strip(), (m.end(), end))
    return out


def _command_name(text: str, sections: dict[str, tuple[int, int]]) -> tuple[str, Value] | None:
    """The command the page documents and its first synopsis line: "cargo owner" and
    "cargo owner [options] --add login [crate]"."""
    s, e = sections["SYNOPSIS"]
    line = re.search(r"\S[^\n]*", text[s:e])
    if line is None:
        return None
    words = []
    for token in line.group(0).split():
        if not _WORD.fullmatch(token):
            break
        words.append(token)
    if "NAME" in sections:
        named = _NAME.match(text[slice(*sections["NAME"])])
        if named is None:
            return None
        k = next((k for k in range(1, len(words) + 1) if "-".join(words[:k]) == named.group("name")), None)
        if k is None:
            return None
        words = words[:k]
    if len(words) < 2:  # the program's own page ("cargo [options] command"): no subcommand to compare
        return None
    return " ".join(words), Value(" ".join(words), s + line.start(), s + line.end())


def _entries(text: str, start: int, end: int) -> tuple[dict[str, tuple[str, Value]], dict[str, Value]]:
    """Each long flag of the OPTIONS section -> (its description's first paragraph, the entry from its first flag
    line through that paragraph); and each long flag -> its own flag line."""
    out: dict[str, tuple[str, Value]] = {}
    lines: dict[str, Value] = {}
    flags: list[str] = []
    entry_start: int | None = None
    description: list[str] = []
    desc_end = start
    pos = start
    after_break = True  # a flag line opens a paragraph: prose wrapped onto a line that starts with "--" does not
    for line in text[start:end].split("\n"):
        line_start, pos = pos, pos + len(line) + 1
        stripped = line.strip()
        opens, after_break = after_break, not stripped
        if description and not stripped:  # the paragraph ends
            _keep(out, flags, description, entry_start, desc_end)
            flags, entry_start, description = [], None, []
            continue
        if not stripped:
            continue
        if not description and opens and _FLAG_LINE.match(line):
            after_break = True  # "-n, --dry-run" may stand right above "--dry-run=<mode>"
            if entry_start is None:
                entry_start = line_start + len(line) - len(line.lstrip())
            lead = line_start + len(line) - len(line.lstrip())
            for m in _LONG.finditer(stripped):
                flags.append(m.group("flag"))
                lines.setdefault(f"--{m.group('flag')}", Value(f"--{m.group('flag')}", lead, lead + len(stripped)))
            continue
        if entry_start is not None:
            description.append(stripped)
            desc_end = line_start + len(line.rstrip())
    if description:
        _keep(out, flags, description, entry_start, desc_end)
    return out, {flag: line for flag, line in lines.items() if flag in out}


def _keep(out: dict, flags: list[str], description: list[str], start: int | None, end: int) -> None:
    for flag in flags:
        if start is not None:
            out.setdefault(f"--{flag}", (" ".join(description), Value(f"--{flag}", start, end)))


def read_manpage(doc: Document) -> tuple[str, Profile, Value, dict[str, tuple[str, Value]], dict[str, Value]] | None:
    """(command name, page, synopsis line, options, each option's flag line) of a page laid out as a manual page;
    None for any other page."""
    sections = _sections(doc.text)
    if "SYNOPSIS" not in sections or "OPTIONS" not in sections:
        return None
    named = _command_name(doc.text, sections)
    if named is None:
        return None
    options, lines = _entries(doc.text, *sections["OPTIONS"])
    if not options:
        return None
    name, synopsis = named
    return name, Profile(doc.doc_id, doc.title or name), synopsis, options, lines
