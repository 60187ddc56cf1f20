"""Reuters-21578 SGML files (``reut2-000.sgm`` ... ``reut2-021.sgm``), the classic 1987 newswire collection.

Each ``<REUTERS ... NEWID="n">`` block is one story: the id is ``reuters-<NEWID>``, the title its ``<TITLE>``, the
text its dateline and ``<BODY>`` as filed (hard-wrapped lines kept, entities such as ``&lt;`` read, the wire's
control characters and closing "Reuter" sign-off dropped), the date its ``<DATE>`` and the subject codes
(topics, places, people, orgs, exchanges, companies) go to metadata. A story with no body (the collection's
headline-only briefs) is skipped: a headline alone is no document to retrieve or ask about.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchsmith.corpora.loaders import LOADERS, RawRecord
from benchsmith.errors import InputError

_STORY = re.compile(r"<REUTERS\b([^>]*)>(.*?)</REUTERS>", re.S)
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_CODES = ("TOPICS", "PLACES", "PEOPLE", "ORGS", "EXCHANGES", "COMPANIES")
_D = re.compile(r"<D>(.*?)</D>", re.S)
# "&#3;", "&#5;", "&#22;"...: transmission codes of the wire, not text.
_CONTROL = re.compile(r"&#(?:[0-8]|1[1-9]|2\d|3[01]|127);|[\x00-\x08\x0b-\x1f\x7f]")
_SIGN_OFF = re.compile(r"\s*\bReuter\s*\Z", re.I)
_DATE = re.compile(r"(\d{1,2})-([A-Z]{3})-(\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})")
_MONTHS = {m: i for i, m in enumerate(("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"), 1)}


def _element(block: str, tag: str) -> str | None:
    m = re.search(rf"<{tag}>(.*?)</{tag}>", block, re.S)
    return m.group(1) if m else None


def _clean(raw: str) -> str:
    return html.unescape(_CONTROL.sub("", raw))


def _date(raw: str | None) -> str | None:
    """ISO time of a story's ``<DATE>`` ("26-FEB-1987 15:01:01.79"; some carry trailing junk)."""
    m = _DATE.search(raw or "")
    if not m or m.group(2) not in _MONTHS:
        return None
    day, month, year, hour, minute, second = (int(m.group(1)), _MONTHS[m.group(2)], int(m.group(3)), *map(int, m.group(4, 5, 6)))
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).isoformat()


def read_story(attrs: str, block: str) -> dict[str, Any] | None:
    """The document fields of one ``<REUTERS>`` block, or None for a story without a body."""
    body = _element(block, "BODY")
    if body is None or not _SIGN_OFF.sub("", _clean(body)).strip():
        return None
    attributes = dict(_ATTR.findall(attrs))
    text = _SIGN_OFF.sub("", _clean(body)).rstrip()
    dateline = _element(block, "DATELINE")
    if dateline and _clean(dateline).strip():
        text = _clean(dateline).strip() + " " + text.lstrip()
    metadata: dict[str, Any] = {code.lower(): _D.findall(_element(block, code) or "") for code in _CODES}
    metadata.update({k.lower(): v for k, v in attributes.items() if k in ("OLDID", "LEWISSPLIT", "CGISPLIT")})
    fields: dict[str, Any] = {
        "doc_id": f"reuters-{attributes.get('NEWID', '')}",
        "title": " ".join(_clean(_element(block, "TITLE") or "").split()),
        "text": text,
        "source": "Reuters",
        "metadata": metadata,
    }
    published = _date(_element(block, "DATE"))
    if published:
        fields["published_at"] = published
    return fields


def _read(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", path=path) from exc
    # The collection is ASCII but for a few stray Latin-1 bytes (reut2-017.sgm).
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def sgml_files(path: Path) -> list[Path]:
    """The .sgm files of a folder (sorted), or the file itself."""
    if path.is_file():
        return [path]
    return sorted(p for p in path.glob("*.sgm") if p.is_file() and not p.name.startswith("."))


class ReutersSgmlLoader:
    name = "reuters-sgml"
    priority = 10
    #: Files (and folders holding only files) with these suffixes are this loader's whatever their content.
    suffixes = (".sgm",)

    def sniff(self, path: Path, first: Any) -> bool:
        return path.suffix.lower() in self.suffixes or (path.is_dir() and bool(sgml_files(path)))

    def load(self, path: Path, field_map: Mapping[str, str] | None = None) -> Iterator[RawRecord]:
        files = sgml_files(path)
        if not files:
            raise InputError("no .sgm files in this folder", path=path)
        for file in files:
            text = _read(file)
            found = False
            for m in _STORY.finditer(text):
                found = True
                fields = read_story(m.group(1), m.group(2))
                if fields is not None:
                    line = text.count("\n", 0, m.start()) + 1
                    if fields["doc_id"] == "reuters-":
                        raise InputError("a <REUTERS> story without a NEWID attribute", path=file, line=line)
                    yield RawRecord(fields=fields, path=file, line=line)
            if not found:
                raise InputError("no <REUTERS> stories in this file; is it Reuters-21578 SGML?", path=file, line=1)


REUTERS_SGML = LOADERS.register("reuters-sgml")(ReutersSgmlLoader())
