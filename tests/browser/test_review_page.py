"""The review page in a real browser (Debian's headless Chromium through selenium; nothing is downloaded).

On a benchmark generated from the bundled example corpus: accept two items with the
keyboard, reject one with a reason, edit one (a refused edit first), restart the
server, check the page resumes at the edited item, then check the trail and
`export --accepted`. A second test opens a document holding <script> and checks it
shows as text. Screenshots go to $BENCHSMITH_REVIEW_SHOTS when set.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from benchsmith.cli import main
from benchsmith.data import example_corpus
from benchsmith.review.session import REJECT_REASONS
from review_bench import make_bench

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--window-size=1400,1000"]

if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
    missing = ", ".join(str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists())
    pytest.skip(f"no headless browser: {missing} not found (Debian: apt-get install chromium chromium-driver)",
                allow_module_level=True)
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (it is in the dev extra)")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def _cli(args: list[str]) -> None:
    try:
        main(args)
    except SystemExit as exc:
        assert not exc.code, args


@pytest.fixture(scope="module")
def bench(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("review-browser")
    _cli(["corpus", "ingest", str(example_corpus()), "--out", str(root / "corpus"), "--chunk-tokens", "128", "--overlap", "16"])
    _cli(["-q", "generate", "multihop", "--corpus", str(root / "corpus"), "--n", "6", "--ner", "rules", "--seed", "0",
          "--out", str(root / "bench")])
    return root / "bench"


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    from selenium.webdriver.common import selenium_manager

    def refuse(*_args, **_kwargs):
        raise AssertionError("selenium-manager must not run: the driver and browser are given explicitly")

    original = selenium_manager.SeleniumManager.binary_paths
    selenium_manager.SeleniumManager.binary_paths = refuse
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in [*FLAGS, f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"]:
        options.add_argument(flag)
    browser = webdriver.Chrome(service=webdriver.ChromeService(executable_path=str(CHROMEDRIVER)), options=options)
    browser.set_page_load_timeout(30)
    yield browser
    browser.quit()
    selenium_manager.SeleniumManager.binary_paths = original


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("BENCHSMITH_REVIEW_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _default_ctrl_c() -> None:
    """The child takes Ctrl-C as a user's terminal sends it: a run started in the background (`cmd &` in a script,
    as CI may) hands its children SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Served:
    """`benchsmith review` as a user runs it, in its own process, stopped with Ctrl-C."""

    def __init__(self, bench: Path, *extra: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "benchsmith", "review", str(bench), "--port", "0",
                                      "--reviewer", "alice", *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                     preexec_fn=_default_ctrl_c)
        line = self.proc.stdout.readline()
        match = re.search(r"open (http://\S+)", line)
        if not match:
            self.proc.kill()
            raise AssertionError(f"no URL printed: {line!r} {self.proc.stderr.read()}")
        self.url = match.group(1)

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=90)  # generous: a loaded machine takes long to unwind the server
        finally:
            if self.proc.poll() is None:
                self.proc.kill()  # never leave a server behind when the test fails
            self.proc.stdout.close()
            self.proc.stderr.close()


def _text(driver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text


def _press(driver, *keys: str) -> None:
    ActionChains(driver).send_keys(*keys).perform()


def _save_edit(driver) -> None:
    ActionChains(driver).key_down(Keys.CONTROL).send_keys(Keys.ENTER).key_up(Keys.CONTROL).perform()


def _wait(driver, condition, timeout: float = 20):
    return WebDriverWait(driver, timeout).until(lambda d: condition(d))


def _open(driver, url: str) -> str:
    driver.get(url)
    _wait(driver, lambda d: _text(d, "item-id"))
    return _text(driver, "item-id")


def _mark_in_view(driver) -> bool:
    return driver.execute_script("""
        const marks = [...document.querySelectorAll('#evidence mark')];
        return marks.length > 0 && marks.every((m) => {
          const box = m.closest('.doc-text').getBoundingClientRect(), r = m.getBoundingClientRect();
          return r.top >= box.top - 1 && r.top <= box.bottom;
        });""")


def test_keyboard_review_survives_a_restart_and_exports(bench, driver, shots):
    ids = [json.loads(line)["item_id"] for line in (bench / "items.jsonl").read_text().splitlines()]
    served = Served(bench)
    try:
        assert _open(driver, served.url) == ids[0]
        assert _text(driver, "progress-text").startswith("0 / 6")
        assert _mark_in_view(driver), "each evidence span is scrolled into view inside its document"
        driver.save_screenshot(str(shots / "review-page.png"))

        _press(driver, "a")
        _wait(driver, lambda d: _text(d, "item-id") == ids[1])
        _press(driver, "a")
        _wait(driver, lambda d: _text(d, "item-id") == ids[2])

        _press(driver, "r")
        _wait(driver, lambda d: d.find_element(By.ID, "reject-form").is_displayed())
        _press(driver, "2")
        assert driver.find_element(By.ID, "reason-1").is_selected()
        _press(driver, Keys.ENTER)
        _wait(driver, lambda d: _text(d, "item-id") == ids[3])
        assert _text(driver, "progress-text").startswith("3 / 6")

        _press(driver, "e")
        _wait(driver, lambda d: d.find_element(By.ID, "edit-form").is_displayed())
        answer = driver.find_element(By.CSS_SELECTOR, '[data-path="answer"]')
        original_answer = answer.get_attribute("value")
        answer.clear()
        answer.send_keys("Nobody In Particular")
        _save_edit(driver)
        refused = _wait(driver, lambda d: d.find_element(By.ID, "edit-refused").is_displayed() and d.find_element(By.ID, "edit-refused"))
        # Refused with the validator's reason (which one depends on the item: grounding, a re-derived comparison...).
        assert refused.text.startswith("Not saved") and refused.find_elements(By.TAG_NAME, "li")
        driver.save_screenshot(str(shots / "review-edit-refused.png"))
        answer.clear()
        answer.send_keys(original_answer)
        query = driver.find_element(By.CSS_SELECTOR, '[data-path="query"]')
        edited_query = query.get_attribute("value").rstrip("?") + " exactly?"
        query.clear()
        query.send_keys(edited_query)
        driver.save_screenshot(str(shots / "review-edit-form.png"))
        _save_edit(driver)
        _wait(driver, lambda d: "edit saved" in _text(d, "message"))
        assert edited_query in _text(driver, "qa") and _text(driver, "item-id") == ids[3]
        driver.execute_script("document.getElementById('evidence').scrollIntoView()")
        driver.save_screenshot(str(shots / "review-evidence.png"))
    finally:
        assert served.stop() in (0, 130)

    trail = [json.loads(line) for line in (bench / "review" / "trail.jsonl").read_text().splitlines()]
    assert [(r["item_id"], r["action"]) for r in trail] == [
        (ids[0], "accept"), (ids[1], "accept"), (ids[2], "reject"), (ids[3], "edit")]
    assert trail[2]["reason"] == REJECT_REASONS[1] and all(r["reviewer"] == "alice" for r in trail)
    assert trail[3]["changes"]["query"]["after"] == edited_query and trail[3]["before"] != trail[3]["after"]

    served = Served(bench)  # a restart: the page resumes at the edited item, still to be decided
    try:
        assert _open(driver, served.url) == ids[3]
        assert edited_query in _text(driver, "qa") and _text(driver, "progress-text").startswith("3 / 6")
        _press(driver, "a")
        _wait(driver, lambda d: _text(d, "item-id") == ids[4])
    finally:
        served.stop()

    out = bench.parent / "exported"
    _cli(["export", str(bench), "--accepted", "--out", str(out)])
    exported = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert [i["item_id"] for i in exported] == [ids[0], ids[1], ids[3]]
    assert exported[2]["query"] == edited_query
    rag = json.loads((out / "MultiHopRAG.json").read_text())
    assert [r["query"] for r in rag][2] == edited_query and len(rag) == 3
    _cli(["validate", str(out)])


def test_a_document_holding_script_shows_as_text(tmp_path, driver, shots):
    bench = make_bench(tmp_path)
    served = Served(bench)
    try:
        _open(driver, served.url)
        _press(driver, "j")
        _press(driver, "j")
        _wait(driver, lambda d: _text(d, "item-id") == "q3")
        evidence = _text(driver, "evidence")
        assert "<script>window.__pwned = 1</script>" in evidence and "<b>bold?</b>" in evidence
        assert "<script>alert('x')</script>" in evidence  # the title too
        assert driver.execute_script("return window.__pwned === undefined && document.querySelectorAll('#evidence script, #evidence b').length === 0")
        driver.save_screenshot(str(shots / "review-script-as-text.png"))
    finally:
        served.stop()
