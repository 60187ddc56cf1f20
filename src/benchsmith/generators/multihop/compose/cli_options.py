"""Yes/No comparisons of two related commands' options, each read from the command's own reference page.

A command-line reference prints each command's help on its page: a usage line, then one option per line.

    Usage: docker node ps [OPTIONS] [NODE...]            Usage: docker service ps [OPTIONS] SERVICE [SERVICE...]
    Options:                                             Options:
      -f, --filter filter   Filter output based on ...     -f, --filter filter   Filter output based on ...
          --no-resolve      Do not map IDs to Names            --no-resolve      Do not map IDs to Names

    Do both docker node ps and docker service ps have the --no-resolve option?   -> Yes   (both pages list it)
    Do both docker system prune and docker container prune have the --volumes option?  -> No

Two commands are related when they share a verb ("network prune", "volume prune", "node ps", "service ps") and a
quarter of their options: a reader choosing between them would ask; a program's own subcommands ("cargo bench",
"cargo test", read from manual pages by `cli_manpages`) when two options at least are alike. A Yes needs the option
on both pages with one meaning (the same description, or one a word apart where it names its own command's thing:
"--quiet" of "network ls" shows IDs, of "volume ls" names, and is not asked); a No needs the flag written nowhere
on the other page, not even in its prose. An option most commands share ("--help", "--format") tells nothing. The
answer is re-derived by `consistency.comparison` (op `all_mention`, whole articles).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from benchsmith.generators.multihop.compose.cli_manpages import read_manpage
from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document

_USAGE = re.compile(r"^[ \t]*Usage:[ \t]+(?P<cmd>[a-z][\w.-]*(?: [a-z][\w-]*)+)\b", re.MULTILINE)
_HEADER = re.compile(r"^[ \t]*(?:Options|Flags):[ \t]*$")
# "-p, --pause   Pause container during commit (default true)", "--cpu-quota int   Limit the CPU CFS ... quota"
_OPTION = re.compile(r"^[ \t]*(?:-(?P<short>\w), )?--(?P<flag>[a-z0-9][\w-]*)(?: (?P<type>[a-z]\w*))?[ \t]+"
                     r"(?P<desc>[A-Z\"'(].*?)(?: \(default [^)]*\))?[ \t]*$")
GENERIC_SHARE = 0.2  # an option on more than this share of the commands ("--help", "--format") is asked of none
GENERIC_MIN = 2  # ... and on more commands than this (in a reference of a few commands, two of them share much)
FLAG_USES = 3  # questions one option may be asked in (a benchmark of "--no-trunc" alone is dull)
MIN_SHARED, SIMILAR = 1, 0.25  # two related commands share an option, and a quarter of their options at least
_PHRASINGS = ("Do both {a} and {b} have the {flag} option?", "Can the {flag} option be used with both {a} and {b}?",
              "Is {flag} an option of both {a} and {b}?")


@dataclass(frozen=True)
class Command:
    page: Profile
    name: str  # "docker service ps"
    options: dict[str, tuple[str, Value]] = field(hash=False)  # flag -> (description, its line or manual entry)
    block: Value = field(hash=False)  # the usage line through the last option line; a manual page's synopsis line
    text: str = field(hash=False, repr=False)  # the whole page
    compact: bool = True  # the block lists every option (a help screen); a manual page's list runs pages long
    flag_lines: dict[str, Value] = field(default_factory=dict, hash=False)  # a manual page's flag -> its flag line

    @property
    def verb(self) -> str:
        return self.name.split()[-1]

    def cited(self, flag: str, line_only: bool = False) -> list[Value]:
        """What a question about `flag` cites of this page: the help screen whole; of a manual page, the synopsis
        line with the option's entry where the page has it (its absence is the whole page's, checked on it), or
        with its flag line alone (`line_only`: the other page's entry, alike to a word, is cited already)."""
        if self.compact or flag not in self.options:
            return [self.block]
        return [self.block, self.flag_lines[flag] if line_only else self.options[flag][1]]


def _line(doc: Document, start: int) -> tuple[str, int, int]:
    end = doc.text.find("\n", start)
    end = len(doc.text) if end < 0 else end
    return doc.text[start:end], start, end


def _read(doc: Document) -> Command | None:
    usage = _USAGE.search(doc.text)
    if usage is None:
        return None
    options: dict[str, tuple[str, Value]] = {}
    pos, inside, last_end = doc.text.find("\n", usage.end()) + 1, False, None
    while 0 < pos < len(doc.text):
        text, start, end = _line(doc, pos)
        pos = end + 1
        if _HEADER.match(text):
            inside = True  # a page may print the header twice
            continue
        option = _OPTION.match(text) if inside else None
        if option is not None:
            flag = f"--{option.group('flag')}"
            lead = start + len(text) - len(text.lstrip())
            options.setdefault(flag, (option.group("desc").strip(), Value(flag, lead, end)))
            last_end = end
        elif inside and (not text.strip() or text.lstrip().startswith("```")):
            break  # the end of the options
    if not options or last_end is None:
        return None
    line_start = usage.start() + len(usage.group(0)) - len(usage.group(0).lstrip())
    return Command(Profile(doc.doc_id, doc.title or usage.group("cmd")), usage.group("cmd"), options,
                   Value(usage.group("cmd"), line_start, last_end), doc.text)


def read_commands(documents: Sequence[Document]) -> list[Command]:
    """Every page that prints one command's usage and options, or is its manual page (`cli_manpages`), one command
    per name (the first page)."""
    out: dict[str, Command] = {}
    for doc in documents:
        command = _read(doc) if "Usage:" in doc.text else None
        if command is None and "SYNOPSIS" in doc.text and (manual := read_manpage(doc)) is not None:
            name, page, synopsis, options, lines = manual
            command = Command(page, name, options, synopsis, doc.text, compact=False, flag_lines=lines)
        if command is not None:
            out.setdefault(command.name, command)
    return list(out.values())


def _same_meaning(x: str, y: str) -> bool:
    """One description, or one with its command's own noun in one place: "Run all tests regardless of failure." and
    "Run all benchmarks regardless of failure."; not "Only display IDs" and "Only display volume names"."""
    wx, wy = re.sub(r"\W+", " ", x).lower().split(), re.sub(r"\W+", " ", y).lower().split()
    return len(wx) == len(wy) and sum(a != b for a, b in zip(wx, wy)) <= (1 if len(wx) >= 4 else 0)


def _related(a: Command, b: Command, generic: set[str]) -> bool:
    """One verb ("network ls", "volume ls") and options alike: "service update" against "service ls", or "create"
    against "volume create", would only ask options the other could never have (a No anyone can guess). A program's
    own subcommands ("cargo bench", "cargo test") share no verb: options alike, two of them at least, relate them."""
    x, y = set(a.options) - generic, set(b.options) - generic
    siblings = len(a.name.split()) == len(b.name.split()) == 2 and a.name.split()[0] == b.name.split()[0]
    shared = MIN_SHARED + 1 if siblings else MIN_SHARED
    return a.page.doc_id != b.page.doc_id and (a.verb == b.verb or siblings) and len(x & y) >= shared and \
        len(x & y) >= SIMILAR * len(x | y)


def _candidate(a: Command, b: Command, flag: str, both: bool, phrasing: str) -> dict:
    # a help screen's usage line through its last option: the flag in its list, or the whole list without it (a Yes
    # cited by its two option lines alone would cite one line twice, "--force  Do not prompt for confirmation"); a
    # manual page's synopsis and the option's entry (`Command.cited`)
    evidence = [(a.page, v) for v in a.cited(flag)] + [(b.page, v) for v in b.cited(flag, line_only=True)]
    return {
        "type": "comparison_query", "query": phrasing.format(a=a.name, b=b.name, flag=flag),
        "answer": "Yes" if both else "No", "evidence": evidence, "anchors": [a.name, b.name, flag], "bridge": None,
        "key": "option | " + " | ".join(sorted((a.name, b.name))), "template": "comparison.cli_option",
        "computation": {"op": "all_mention", "term": flag, "present": [True, both], "scope": "article",
                        "subjects": [a.name, b.name], "attribute": "option"},
    }


def option_candidates(commands: Sequence[Command], seed: int) -> list[dict]:
    """One question per pair of related commands, a Yes or a No drawn at random; where the pair allows both, it
    carries the other answer's question (`flip`), so Yes and No stay even whichever are kept. An option is asked at most
    FLAG_USES times: "--no-trunc" is what half the list commands lack, and a benchmark of it is dull."""
    if len(commands) < 2:
        return []
    counts = Counter(flag for c in commands for flag in c.options)
    generic = {flag for flag, n in counts.items() if n > max(GENERIC_MIN, GENERIC_SHARE * len(commands))}
    rng = random.Random(f"{seed}:composed:cli_options")
    pairs = [(x, y) for i, x in enumerate(commands) for y in commands[i + 1:] if _related(x, y, generic)]
    rng.shuffle(pairs)
    asked: Counter[str] = Counter()
    # an option asked of "node inspect" and "service inspect", then of "service inspect" and "trust inspect", gives
    # the third pair away: each command is asked about an option once
    asked_of: set[tuple[str, str]] = set()
    out = []
    for x, y in pairs:
        questions: dict[bool, list[dict]] = {True: [], False: []}
        for a, b in ((x, y), (y, x)):
            for flag, (desc, _) in sorted(a.options.items()):
                if flag in generic or asked[flag] >= FLAG_USES or {(flag, a.name), (flag, b.name)} & asked_of:
                    continue
                phrasing = rng.choice(_PHRASINGS)
                if flag in b.options and _same_meaning(desc, b.options[flag][0]):
                    questions[True].append(_candidate(a, b, flag, True, phrasing))
                elif flag not in b.text:  # not even in its prose ("the --stop-signal option to docker run")
                    questions[False].append(_candidate(a, b, flag, False, phrasing))
        # the option asked least so far, of each answer
        chosen = [min(rng.sample(q, len(q)), key=lambda c: asked[c["computation"]["term"]]) for q in questions.values() if q]
        if not chosen:
            continue
        rng.shuffle(chosen)
        asked.update(c["computation"]["term"] for c in chosen)
        asked_of.update((c["computation"]["term"], name) for c in chosen for name in c["computation"]["subjects"])
        out.append({**chosen[0], "flip": chosen[1]} if len(chosen) == 2 else chosen[0])
    return out
