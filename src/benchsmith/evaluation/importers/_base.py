"""The format registry and the one entry point, `load_benchmark`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchsmith.errors import InputError
from benchsmith.evaluation.benchmark import EvalBenchmark
from benchsmith.registry import Registry


@dataclass(frozen=True)
class BenchmarkFormat:
    """One importer: `load(path, corpus=..., **options)` and a cheap `detect(path)` sniffer."""

    name: str
    load: Callable[..., EvalBenchmark]
    detect: Callable[[Path], bool]
    description: str = ""


FORMATS: Registry[BenchmarkFormat] = Registry("benchmark format", "benchsmith.evaluation.importers")


def detect_format(path: str | Path) -> str:
    """Name of the first registered format whose sniffer accepts `path`.

    Raises:
        InputError: when no format recognises the path.
    """
    p = Path(path)
    if not p.exists():
        raise InputError("benchmark path does not exist", path=p)
    own = _generator_format(p)
    if own is not None:
        return own
    for name in FORMATS.names():
        fmt = FORMATS.get(name)
        try:
            if fmt.detect(p):
                return name
        except (OSError, ValueError):
            continue
    raise InputError(
        f"cannot tell which benchmark format this is; pass --format (one of: {', '.join(FORMATS.names())})", path=p
    )


# generators whose paper format has another name (the conversation generator writes mtRAG's files)
_PAPER_FORMAT = {"conversations": "mtrag"}


def _generator_format(folder: Path) -> str | None:
    """A folder `generate KIND` wrote in KIND's paper format too (mirage: dataset.json, doc_pool.json, oracle.json)
    is read in that format: those files carry what items.jsonl does not (MIRAGE's pool and oracle chunks)."""
    manifest = folder / "benchmark.json"
    if not (folder.is_dir() and manifest.is_file()):
        return None
    from benchsmith.fileio import read_json

    try:
        generator = read_json(manifest).get("generator")
    except (InputError, AttributeError):
        return None
    generator = _PAPER_FORMAT.get(generator, generator) if isinstance(generator, str) else generator
    if not isinstance(generator, str) or generator == "benchsmith" or generator not in FORMATS:
        return None
    try:
        return generator if FORMATS.get(generator).detect(folder) else None
    except (OSError, ValueError):
        return None


def load_benchmark(path: str | Path, *, format: str = "auto", corpus: str | Path | None = None, **options: Any) -> EvalBenchmark:
    """Read a benchmark file or folder into an `EvalBenchmark`.

    Args:
        path: benchmark file or folder.
        format: a registered format name (`multihop-rag`, `mtrag`, `mirage`, `frames`,
            `beir`, `benchsmith`) or "auto" to sniff it.
        corpus: optional documents/passages/pool file for formats that keep them apart.
        **options: format-specific options (see each importer). `qrels=FILE` works for every
            format: formats that read judgements take it, the others get their relevance
            replaced by the file's.

    Raises:
        InputError: unreadable or malformed input, naming the file and line.
    """
    p = Path(path)
    name = detect_format(p) if format == "auto" else format
    try:
        fmt = FORMATS.get(name)
    except KeyError as exc:
        raise InputError(str(exc.args[0]), path=p) from None
    if not p.exists():
        raise InputError("benchmark path does not exist", path=p)
    qrels = options.pop("qrels", None)
    import inspect

    if qrels is not None and "qrels" in inspect.signature(fmt.load).parameters:
        options["qrels"] = qrels
        qrels = None
    _check_options(fmt, options, p)
    bench = fmt.load(p, corpus=Path(corpus) if corpus is not None else None, **options)
    if qrels is not None:
        from benchsmith.evaluation.importers.qrels import apply_qrels
        from benchsmith.retrieval.runs import canonical_task_id

        if not Path(qrels).is_file():
            raise InputError("qrels file does not exist", path=qrels)
        bench = apply_qrels(bench, qrels, normalize_id=canonical_task_id if bench.source_format == "mtrag" else None)
    return bench


def _check_options(fmt: BenchmarkFormat, options: dict[str, Any], path: Path) -> None:
    """Unknown importer options are the user's mistake: say so instead of raising TypeError."""
    import inspect

    params = inspect.signature(fmt.load).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return
    unknown = sorted(set(options) - set(params))
    if unknown:
        accepted = sorted(n for n, p in params.items() if p.kind is inspect.Parameter.KEYWORD_ONLY and n != "corpus")
        raise InputError(f"format {fmt.name!r} does not take option(s) {', '.join(unknown)}; it accepts: {', '.join(accepted) or 'none'}", path=path)
