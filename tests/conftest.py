"""Shared fixtures: where the repo, the bundled example corpus and ../shared/data live."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from benchsmith.data import example_corpus

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
EXAMPLE_CORPUS = example_corpus()

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


@pytest.fixture(autouse=True)
def _normal_output_level():
    """`benchsmith --quiet/--verbose` set a process-wide level; a test must not leak it into the next."""
    yield
    import rich

    from benchsmith.cli import options

    options.set_output_level(options.NORMAL)
    rich.get_console().quiet = False
    logging.getLogger("benchsmith").setLevel(logging.NOTSET)


@pytest.fixture
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"peer reference data not found at {SHARED_DATA} (only present in the team's workspace)")
    return SHARED_DATA


@pytest.fixture
def example_corpus() -> Path:
    return EXAMPLE_CORPUS


@pytest.fixture
def generate_multihop_on(tmp_path):
    """`generate multihop` run through the CLI on stories (dicts with doc_id, title, text, ...) written as a JSONL
    corpus; returns the items written. A shortfall (exit 1, said in the run) is allowed: tests of small made-up
    collections check what was made, not how much."""
    import json

    from benchsmith.cli import main

    def run(stories: list[dict], *options: str) -> list[dict]:
        corpus = tmp_path / "wire.jsonl"
        corpus.write_text("".join(json.dumps(s) + "\n" for s in stories))
        out = tmp_path / "out"
        try:
            main(["generate", "multihop", "--corpus", str(corpus), *options, "--out", str(out)])
        except SystemExit as exc:
            assert exc.code in (0, 1, None)
        return [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]

    return run


@pytest.fixture
def kctl_reference() -> list:
    """The pages of a made-up command-line tool, `kctl`, printed the way Cobra-style help prints them: groups
    that share verbs, options alike and different, a page naming another's option in its prose."""
    from benchsmith.types import Document

    prose = "\n\n## Description\n\nThis command works on the objects of the cluster. {extra}\n"
    filt = "-f, --filter filter   Provide filter values (e.g. 'label=<key>')"
    force = "-f, --force   Do not prompt for confirmation"
    helps = "    --help   Print usage"
    ids = "-q, --quiet   Only display IDs"
    fmt = "-f, --format string   Format the output using the given Go template"

    def _page(name: str, summary: str, options: list[str], extra: str = "") -> Document:
        text = (f"```markdown\nUsage: kctl {name} [OPTIONS]\n\n{summary}\n\nOptions:\n" + "\n".join(options)
                + "\n```\n" + prose.format(extra=extra))
        return Document(doc_id=name.replace(" ", "-"), title=name, text=text)

    pages = [
        _page("volume prune", "Remove unused volumes", [filt, force, helps, "-a, --all   Remove all unused volumes, not just anonymous ones"]),
        _page("image prune", "Remove unused images", [filt, force, helps, "-a, --all   Remove all unused images, not just dangling ones",
                                                      "    --keep-storage bytes   Amount of disk space to keep (default 0)"]),
        _page("network prune", "Remove unused networks", ["Options:", filt, "   (repeat the flag for several filters)", force, helps,
                                                          "-a, --all   Remove all unused networks"],
              extra="Unlike kctl image prune, it has no --keep-storage option."),
        _page("secret prune", "Remove unused secrets", [force, helps, "    --dry-run   Show what would be removed"]),
        _page("volume ls", "List volumes", [filt, helps, "-q, --quiet   Only display volume names"]),
        _page("network ls", "List networks", [filt, helps, ids, "    --no-trunc   Do not truncate the output"]),
        _page("secret ls", "List secrets", [filt, helps, ids]),
        _page("image ls", "List images", [filt, helps, ids, "    --digests   Show digests"]),
        _page("image save", "Save images to a tar archive", [helps, "    --digests   Show digests",
                                                              "    --platform string   Save only the given platform"]),
        _page("volume inspect", "Show volumes", [fmt, helps]),
        _page("image inspect", "Show images", [fmt, helps, "-s, --size   Display total file sizes"]),
        _page("network inspect", "Show networks", [fmt, helps, "-v, --verbose   Verbose output for diagnostics"]),
        _page("secret rm", "Remove secrets", [helps]),
        _page("volume rm", "Remove volumes", ["-f, --force   Force the removal of one or more volumes", helps]),
    ]
    # other commands, each with options of its own, so that only what most commands share counts as generic
    pages += [_page(f"job {verb}", f"{verb.title()} a job", [helps, f"    --{verb}-timeout duration   Time to wait"])
              for verb in ("run", "stop", "start", "logs", "wait", "kill", "pause", "attach")]
    return pages


@pytest.fixture
def kit_manpages() -> list:
    """The manual pages of a made-up package tool, `kit`, laid out the way cargo's and git's are (NAME, SYNOPSIS,
    OPTIONS with one flag per line and its description below): sibling commands with options alike and
    different, one option meaning two things, a flag wrapped into prose, the program's own page."""
    from benchsmith.types import Document

    common = ("Display Options\n\n-v\n\n--verbose\n\nUse verbose output.\n\n--color when\n\n"
              "Control when colored output is used.\n")

    def _page(name: str, summary: str, synopsis: str, options: str) -> Document:
        text = (f"kit-{name}(1)\n\nNAME\n\nkit-{name} — {summary}\n\nSYNOPSIS\n\n{synopsis}\n\nDESCRIPTION\n\n"
                f"{summary}.\n\nOPTIONS\n\n{options}\n{common}\nEXAMPLES\n\nkit {name} --verbose\n\nSEE ALSO\n\nkit(1)\n")
        return Document(doc_id=f"kit-{name}", title=f"kit {name}", text=text)

    def _entry(flag: str, description: str) -> str:
        return f"{flag}\n\n{description}\n\n"

    timings = _entry("--timings", "Output information about how long each compilation takes.")
    locked = _entry("--locked", "Asserts that the exact same dependencies are used.")
    jobs = "Compilation Options\n\n-j N\n\n--jobs N\n\nNumber of parallel jobs to run. Defaults to\nthe number of logical CPUs.\n\n"
    no_run = _entry("--no-run", "Compile, but don't run.")
    return [
        _page("build", "Compile the current package", "kit build [options]",
              jobs + timings + locked + _entry("--artifact-dir directory", "Copy final artifacts to this directory.")),
        _page("check", "Check the current package", "kit check [options]",
              "Check Options\n\nTests are never run by this command, whatever the\n--no-run\nflag says.\n\n" + timings + locked),
        _page("test", "Run the tests", "kit test [options] [testname]",
              no_run + _entry("--no-fail-fast", "Run all tests regardless of failure.")),
        _page("bench", "Run the benchmarks", "kit bench [options] [benchname]",
              _entry("--no-run", "Build the benchmarks only, skipping their execution.")
              + _entry("--no-fail-fast", "Run all benchmarks regardless of failure.")),
        _page("report", "Generate reports", "kit report type [options]", _entry("--id id", "Show the report with this id.")),
        _page("new", "Create a package", "kit new [options] path", _entry("--name name", "Set the package name.")),
        _page("clean", "Remove artifacts", "kit clean [options]", _entry("--doc", "Remove only the documentation.")),
        Document(doc_id="kit", title="kit", text="kit(1)\n\nNAME\n\nkit — The package tool\n\nSYNOPSIS\n\n"
                 "kit [options] command\n\nOPTIONS\n\n--list\n\nList installed commands.\n"),
    ]


@pytest.fixture
def directive_pages() -> list:
    """Module pages of a web server's reference, laid out as Apache httpd's are: each directive a block of labelled
    fields ("Context: server config, virtual host"), names of one family ("Cache...", "Proxy...") on several pages."""
    from benchsmith.types import Document

    def _block(name: str, context: str, description: str = "Sets a limit.") -> str:
        return (f"{name} Directive ¶\n\nDescription: {description}\n\nSyntax: {name} value\n\nContext: {context}\n\n"
                f"Status: Extension\n\nThe {name} directive does what its name says.\n\n")

    def _page(module: str, blocks: list[str]) -> Document:
        return Document(doc_id=module, title=f"Apache Module {module}", text=f"Apache Module {module}\n\n" + "".join(blocks))

    everywhere = "server config, virtual host, directory, .htaccess"
    return [
        _page("mod_cache", [_block("CacheEnable", "server config, virtual host, directory"),
                            _block("CacheHeader", everywhere)]),
        _page("mod_file_cache", [_block("CacheFile", "server config")]),
        _page("mod_disk_cache", [_block("CacheRoot", "server config, virtual host",
                                        description="Sets the directory root of the cache.")]),
        _page("mod_proxy", [_block("ProxyPass", "server config, virtual host, directory"),
                            _block("ProxyVia", "server config, virtual host")]),
        _page("mod_proxy_ftp", [_block("ProxyFtpDirCharset", everywhere)]),
        _page("mod_proxy_html", [_block("ProxyHTMLEnable", "server config, virtual host, directory")]),
        _page("mod_log", [_block("LogLevel", "server config, virtual host, directory, proxy section")]),
        _page("mod_headers", [_block("Header", everywhere), _block("RequestHeader", everywhere)]),
        _page("mod_alias", [_block("Alias", "server config, virtual host, directory")]),
        _page("mod_session", [_block("SessionMaxAge", everywhere)]),
        _page("mod_session_cookie", [_block("SessionCookieName", "server config, virtual host, directory")]),
        _page("mod_session_dbd", [_block("SessionDBDPerUser", "directory, .htaccess")]),
    ]
