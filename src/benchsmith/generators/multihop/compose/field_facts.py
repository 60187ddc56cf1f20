"""Labelled facts a reference manual states of a named thing: since which version it is available, and its
numeric default.

Reference pages describe each module, directive or option in a block: a heading that names it and its kind, then
one labelled field per paragraph.

    RequestReadTimeout Directive            Apache Module mod_reqtimeout
    Syntax: RequestReadTimeout seconds      Description: Set timeout and minimum data rate ...
    Default: RequestReadTimeout 20          Compatibility: Available in Apache HTTPD 2.2.15 and later
    Compatibility: Available in version 2.2.15 and later

An entry may also be titled by its bare name when its first field is a syntax line starting with that name
("proxy_read_timeout" over "Syntax: proxy_read_timeout time;"), and may state its version in a sentence of its own
prose ("This directive appeared in version 1.1.4.").

Only a field whose whole value is one plain statement is read: "Available in 2.4.5 and later", never "Available
in 2.1.5 and later. On Windows, from 2.3.3 and later." or "Available if using OpenSSL 0.9.8h or later". A default
is read only where the default line gives the setting one non-zero number, in a unit that line names or that the
syntax line names the setting's one argument by ("seconds", "number-of-bytes"): a zero default usually means "no
limit" and does not compare as an amount.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.generators.multihop.compose.profiles import Profile, Value
from benchsmith.types import Document

_NAME = r"[A-Za-z_][\w.:-]*[\w]"
# "RequestReadTimeout Directive", "Apache Module mod_ssl": the kind words a reference manual titles its entries with
_NAME_FIRST = re.compile(rf"^(?P<name>{_NAME}) (?P<kind>Directive|Option|Command|Setting|Parameter|Variable|Function|"
                         rf"Filter|Property)(?: ¶)?$")
_KIND_FIRST = re.compile(rf"^(?:[A-Z][\w]* ){{0,3}}(?P<kind>Module|Plugin|Extension|Package|Component) "
                         rf"(?P<name>{_NAME})(?: ¶)?$")
_FIELD = re.compile(r"^(?P<label>[A-Z][A-Za-z]+(?: [A-Za-z]+){0,2}): (?P<value>\S.*)$", re.DOTALL)
_SKIPPED_FIELDS = frozenset({"available languages"})  # the language bar between a module's heading and its fields
VERSION_LABELS = frozenset({"compatibility", "availability", "available since", "since", "introduced", "added"})
DEFAULT_LABELS = frozenset({"default", "default value"})
SYNTAX_LABELS = frozenset({"syntax", "usage"})
VERSION = r"\d+\.\d+(?:\.\d+)*"
# The whole value of a version field: "Available in Apache HTTP Server 2.3.0 and later", "2.4.10 and later",
# "Only available from Apache 2.4.17 and later.", "Version 2.3 and later", "Added in 2.4.39"
_SINCE = (
    re.compile(rf"^(?:Only )?(?:[Aa]vailable|[Ss]upported|[Ii]ntroduced) (?:in|from|since) "
               rf"(?:(?P<product>[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){{0,2}}) )??(?:[Vv]ersion )?(?P<version>{VERSION})"
               rf"(?: and later| or later| and newer| onwards)?\.?$"),
    re.compile(rf"^(?:[Vv]ersion )?(?P<version>{VERSION}) (?:and|or) later\.?$"),
    re.compile(rf"^Added in (?P<version>{VERSION})\.?$"),
)
_SINCE_SENTENCE = re.compile(rf"(?<!\S)This (?P<kind>directive|module|option|parameter|setting|command) "
                             rf"(?:appeared|first appeared|was introduced|was added|became available) in "
                             rf"(?:version )?(?P<version>{VERSION})\.(?=\s|$)")
PRODUCT_MIN = 2  # a product word in a version line is the manual's own product only where this many lines use it
# The unit an argument's name gives it ("seconds", "time-in-seconds", "number-of-bytes"): dimension, factor
UNIT_WORDS = {"seconds": ("time", 1.0), "second": ("time", 1.0), "milliseconds": ("time", 0.001),
              "minutes": ("time", 60.0), "bytes": ("data", 1.0), "kilobytes": ("data", 1024.0)}
_NUMBER = r"\d+(?:\.\d+)?"


@dataclass(frozen=True)
class Since:
    """A named thing a page states is available since a version."""

    page: Profile
    kind: str  # "module", "directive"
    name: str  # "mod_reqtimeout"
    version: str  # "2.2.15", as written
    heading: Value  # the heading line that names the thing (Value.text: the name)
    field: Value  # the version field's paragraph (Value.text: the version)
    product: str | None = None  # the product word the line gives ("Apache HTTPD"), if any


@dataclass(frozen=True)
class Default:
    """A named setting's numeric default in a unit its syntax line gives."""

    page: Profile
    kind: str
    name: str
    number: str  # "60", as written on the default line
    unit: str  # "seconds": the syntax line's argument word the unit is read from
    dimension: str  # time | data
    amount: float  # in the dimension's base unit (seconds, bytes)
    syntax: Value | None  # the syntax field (Value.text: the unit word); None where the default line gives the unit
    default: Value  # the default field (Value.text: the number)


def version_key(version: str) -> tuple[int, ...]:
    """A version as numbers, compared part by part: 2.2.15 < 2.3 < 2.4.9 < 2.4.11."""
    return tuple(int(p) for p in version.split("."))


def comparable(a: str, b: str) -> bool:
    """Whether two versions order plainly: not equal, and neither a series the other is a release of ("2.3" and
    "2.3.6": "available in 2.3" may mean any 2.3 release)."""
    x, y = version_key(a), version_key(b)
    shorter = min(len(x), len(y))
    return x != y and x[:shorter] != y[:shorter]


def unit_of(argument: str) -> tuple[str, float, str] | None:
    """(dimension, factor, word) of an argument named by its unit: "seconds", "time-in-seconds", "number-of-bytes"."""
    words = [w for w in re.split(r"[-_]", argument.lower()) if w in UNIT_WORDS]
    if len(words) != 1:
        return None
    return (*UNIT_WORDS[words[0]], words[0])


def _paragraphs(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*", text)]


def _heading(line: str) -> tuple[str, str] | None:
    m = _NAME_FIRST.match(line) or _KIND_FIRST.match(line)
    return (m.group("kind").lower(), m.group("name")) if m else None


@dataclass(frozen=True)
class Entry:
    """One entry of a reference page: its kind and name, the heading naming it, its labelled fields (lower-case
    label -> value with its whitespace collapsed, paragraph start, end) and the prose paragraphs that follow them."""

    kind: str
    name: str
    heading: Value
    fields: dict[str, tuple[str, int, int]]
    body: tuple[tuple[int, int], ...] = ()


BODY_PARAGRAPHS = 4  # prose paragraphs after an entry's fields that may state its version ("This directive appeared in")


def kind_word(documents: Sequence[Document]) -> str:
    """What the manual calls the entries it titles by their bare name ("proxy_read_timeout" over a "Syntax:" line):
    the commonest of the kind words its text uses."""
    counts: Counter[str] = Counter()
    for doc in documents:
        low = doc.text.lower()
        for word in ("directive", "option", "parameter", "setting", "command"):
            counts[word] += low.count(word)
    return max(sorted(counts), key=counts.get) if any(counts.values()) else "setting"


def blocks(doc: Document, bare_kind: str = "setting") -> list[Entry]:
    """The entries of the page: a heading that names the thing and its kind ("RequestReadTimeout Directive",
    "Apache Module mod_ssl"), or a bare name whose first field is a syntax line starting with that name (an entry
    of `bare_kind`), then one labelled field per paragraph."""
    text = doc.text
    paras = _paragraphs(text)
    out = []
    for i, (s, e) in enumerate(paras):
        line = text[s:e].strip()
        head = _heading(line)
        if head is None and i + 1 < len(paras) and re.fullmatch(_NAME, line):
            first = _FIELD.match(text[paras[i + 1][0]:paras[i + 1][1]])
            if first and first.group("label").lower() in SYNTAX_LABELS and re.match(
                    rf"{re.escape(line)}(?:[\s;]|$)", first.group("value")):
                head = (bare_kind, line)
        if head is None:
            continue
        fields: dict[str, tuple[str, int, int]] = {}
        j = i + 1
        for fs, fe in paras[i + 1:]:
            m = _FIELD.match(text[fs:fe])
            if m is None:
                break
            j += 1
            label = m.group("label").lower()
            if label not in _SKIPPED_FIELDS:
                fields.setdefault(label, (" ".join(m.group("value").split()), fs, fe))
        if fields:
            body = []
            for bs, be in paras[j:j + BODY_PARAGRAPHS]:
                if _heading(text[bs:be].strip()) or re.fullmatch(_NAME, text[bs:be].strip()):
                    break  # the next entry
                body.append((bs, be))
            out.append(Entry(head[0], head[1], Value(head[1], s, s + len(text[s:e].rstrip(" ¶\n"))), fields,
                             tuple(body)))
    return out


def _since(value: str) -> tuple[str, str | None] | None:
    for pattern in _SINCE:
        m = pattern.match(value)
        if m is not None:
            return m.group("version"), m.groupdict().get("product")
    return None


def _stated_since(text: str, entry: Entry) -> Value | None:
    """The version a sentence of the entry's prose gives it: "This directive appeared in version 1.1.4." (of the
    entry's own kind: "This module ..." under a directive speaks of something else)."""
    for bs, be in entry.body:
        for m in _SINCE_SENTENCE.finditer(text, bs, be):
            if m.group("kind").lower() == entry.kind:
                return Value(m.group("version"), m.start(), m.end())
    return None


def read_since(documents: Sequence[Document]) -> list[Since]:
    """Every "available since" a page states of a named thing, where the line's product word (if any) is one the
    manual's version lines use often (so "Available in OpenSSL 1.0 and later" is not read as the thing's own)."""
    found: list[Since] = []
    bare = kind_word(documents)
    for doc in documents:
        if ": " not in doc.text:
            continue
        page = Profile(doc.doc_id, doc.title)
        for entry in blocks(doc, bare):
            label = next((lb for lb in entry.fields if lb in VERSION_LABELS), None)
            if label is None:
                said = _stated_since(doc.text, entry)
                if said is not None:
                    found.append(Since(page, entry.kind, entry.name, said.text, entry.heading, said))
                continue
            value, fs, fe = entry.fields[label]
            read = _since(value)
            if read is None:
                continue
            version, product = read
            found.append(Since(page, entry.kind, entry.name, version, entry.heading, Value(version, fs, fe), product))
    products = Counter(f.product for f in found if f.product)
    return [f for f in found if f.product is None or products[f.product] >= PRODUCT_MIN]


def read_defaults(documents: Sequence[Document]) -> list[Default]:
    """Every numeric default a page gives a named setting whose syntax line names its one argument by a unit."""
    out: list[Default] = []
    bare = kind_word(documents)
    for doc in documents:
        if "efault" not in doc.text:
            continue
        page = Profile(doc.doc_id, doc.title)
        for entry in blocks(doc, bare):
            name, fields = entry.name, entry.fields
            syntax = next((fields[lb] for lb in fields if lb in SYNTAX_LABELS), None)
            default = next((fields[lb] for lb in fields if lb in DEFAULT_LABELS), None)
            if default is None:
                continue
            dm = re.fullmatch(rf"{re.escape(name)} (?P<num>{_NUMBER})(?: (?P<unit>[a-z]+))?;?(?: \([^()]*\))?", default[0])
            if dm is None or float(dm.group("num")) == 0:
                continue
            if dm.group("unit"):
                # "Default: TimeOut 60 seconds": the line names the setting, its number and the unit
                unit, cited = unit_of(dm.group("unit")), None
            else:
                sm = re.fullmatch(rf"{re.escape(name)} (?P<arg>[A-Za-z][\w-]*);?", syntax[0]) if syntax else None
                unit = unit_of(sm.group("arg")) if sm else None
                cited = Value(unit[2], syntax[1], syntax[2]) if unit else None
            if unit is None:
                continue
            dimension, factor, word = unit
            number = dm.group("num")
            out.append(Default(page, entry.kind, name, number, word, dimension, float(number) * factor,
                               cited, Value(number, default[1], default[2])))
    return out
