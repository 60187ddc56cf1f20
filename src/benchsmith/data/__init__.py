"""Files that ship inside the package: the bundled example corpora.

They are package data, so `benchsmith demo` finds them wherever benchsmith is
installed, whatever the working directory.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from benchsmith.errors import BenchsmithError

EXAMPLE_CORPUS = "harbor_city_news"


def example_corpus(name: str = EXAMPLE_CORPUS) -> Path:
    """The folder of a bundled example corpus (`harbor_city_news`, or `harbor_city_news_txt`)."""
    folder = files(__name__) / "examples" / name
    if not isinstance(folder, Path):
        raise BenchsmithError(
            f"the bundled example corpus {name!r} is inside a zipped install ({folder}); "
            "install benchsmith unzipped or pass --corpus"
        )
    if not folder.is_dir():
        raise BenchsmithError(f"the bundled example corpus {name!r} is missing from {folder.parent}; reinstall benchsmith")
    return folder
