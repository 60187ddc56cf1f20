"""Take a website's template out of the pages of one ingested folder: header and footer blocks, title suffix."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from benchsmith.corpora.boilerplate import strip_template
from benchsmith.corpora.loaders import RawRecord
from benchsmith.corpora.site_titles import find_site_affix


@dataclass
class SiteCleanup:
    template_lines_dropped: int = 0
    pages_changed: int = 0
    titles_trimmed: int = 0
    site_name: str | None = None


def remove_site_template(records: Sequence[RawRecord]) -> SiteCleanup:
    """Edit the `title`, `text` and `source` fields of one folder's records in place."""
    report = SiteCleanup()
    affix = find_site_affix([str(r.fields.get("title") or "") for r in records])
    if affix is not None:
        report.site_name = affix.name
        for record in records:
            trimmed = affix.trim(str(record.fields.get("title") or ""))
            if trimmed is None:
                continue
            record.fields["title"] = trimmed
            if not record.fields.get("source"):
                record.fields["source"] = affix.name
            report.titles_trimmed += 1
    texts = [r.fields.get("text") if isinstance(r.fields.get("text"), str) else "" for r in records]
    for record, cut in zip(records, strip_template(texts), strict=True):
        if not cut.lines_dropped:
            continue
        text = _without_repeated_title(cut.text, str(record.fields.get("title") or "")) if cut.head_dropped else cut.text
        record.fields["text"] = text
        report.template_lines_dropped += cut.lines_dropped
        report.pages_changed += 1
    return report


def _without_repeated_title(text: str, title: str) -> str:
    # As for a page without template (see html.parse_html): a body that opens with its title drops that line.
    first, sep, rest = text.partition("\n\n")
    if sep and rest.strip() and " ".join(first.split()) == " ".join(title.split()):
        return rest
    return text
